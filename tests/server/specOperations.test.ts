// The operations of spec §4 and §7 that issue 26 found absent are in the OpenAPI description (the
// contract integrators read), each with a summary and a request schema where it takes input.
import { expect, it } from 'vitest';
import { type TestContext, withDatabases } from './harness';

/** method, path as /api/openapi.json names them. */
export const SPEC_OPERATIONS: Array<[string, string]> = [
  ['get', '/api/Document/getByStatus'],
  ['get', '/api/Document/outDocByType'],
  ['get', '/api/Document/inDocByType'],
  ['get', '/api/Document/getAllDocuments'],
  ['put', '/api/DocumentContent/update/{documentId}'],
  ['post', '/api/DocStatus/add'],
  ['put', '/api/DocStatus/update'],
  ['delete', '/api/DocStatus/delete'],
  ['post', '/api/Document/stop'],
  ['post', '/api/Document/updateStatus'],
  ['post', '/api/Auth/LoginByTempToken'],
  ['post', '/api/Auth/loginBySignature'],
  ['post', '/api/Auth/loginBySignatureWithAuto'],
  ['get', '/api/Auth/hasUser'],
  ['get', '/api/Auth/getUsersListForAgent'],
  ['get', '/api/Auth/getUserFullList'],
  ['get', '/api/Auth/getUserInfoByUserId'],
  ['post', '/api/Auth/upsertUserInfoByUserId'],
  ['get', '/api/Auth/getUsersListNew'],
  ['post', '/api/Eimzo/makeAttached'],
  ['get', '/api/Factura/getTaxpayerTypeByOrgId'],
  ['get', '/api/Lot/getLotPrefixes2'],
  ['get', '/api/Soliq/getProductByCode'],
  ['get', '/api/Soliq/getProductById'],
  // Issue 27: the counterparty register.
  ['get', '/api/Organization/getOrgs'],
  ['get', '/api/Document/getDocumentOrgsFull'],
  ['get', '/api/Document/getRentedContracts'],
  ['get', '/api/DocumentOrganization/getOrgInfoByTinAndDoc'],
];

withDatabases(
  'spec operations in the OpenAPI description',
  (ctx: TestContext) => {
    it('lists every operation with a summary', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const paths = res.json().paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>;
      const missing = SPEC_OPERATIONS.filter(([method, path]) => !paths[path]?.[method]);
      expect(missing).toEqual([]);
      for (const [method, path] of SPEC_OPERATIONS) {
        const operation = paths[path][method];
        expect(operation.summary?.length, `${method} ${path}`).toBeGreaterThan(10);
        // Mounted in the spec's group: the tag is the path's group.
        expect(operation.tags, `${method} ${path}`).toContain(path.split('/')[2]);
      }
    });
  },
  { seed: false },
);
