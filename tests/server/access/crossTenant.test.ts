// Another organisation's token against every route of the settings groups (Roles, DocumentAccess,
// Organization, OrganizationAccount, OrganizationAccountant, Department, Positions, Billing, the
// Auth group's staff operations and the Document group's agreement operations), enumerated from the
// groups' own route table (registerSettingsGroups on a probe app: a route added later is covered):
// with organisation A's ids every route answers 404, and nothing organisation B can list shows A's rows.
import Fastify, { type RouteOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { registerSettingsGroups } from '../../../src/server/routes/settingsGroups';
import { type TestContext, withDatabases } from '../harness';
import { bearer, director, ROLE, type Session, staffMember } from './helpers';

interface Route {
  method: string;
  url: string;
  schema: { querystring?: any; body?: any };
}

/** The settings groups' route table, as Fastify registers it. */
async function settingsRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  const probe = Fastify();
  probe.decorate('jobs', { define() {}, async schedule() {} } as never);
  probe.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: `/api${route.url}`, schema: (route.schema ?? {}) as Route['schema'] });
    }
  });
  await probe.register(registerSettingsGroups);
  await probe.ready();
  await probe.close();
  return routes;
}

/** Organisation A's resources, by the parameter names the routes take. */
interface Foreign {
  organizationId: string;
  tin: string;
  userId: string;
  roleId: string;
  departmentId: string;
  positionId: string;
  accountId: string;
  branchId: string;
  accountantId: string;
  documentId: string;
  /** Every id and name of A that must never appear in B's answers. */
  markers: string[];
}

/** The id a route's `id` names, by its group and operation. */
function idFor(url: string, a: Foreign): string {
  const [group, operation] = url.replace('/api/', '').split('/');
  if (group === 'Roles') return a.roleId;
  if (group === 'Auth') return a.userId;
  if (group === 'Department') return a.departmentId;
  if (group === 'Positions') return a.positionId;
  if (group === 'OrganizationAccount') return a.accountId;
  if (group === 'OrganizationAccountant') return a.accountantId;
  if (group === 'Organization')
    return ['getById', 'update'].includes(operation) ? a.organizationId : a.branchId;
  return a.documentId;
}

const ID_PARAMS: Record<string, keyof Foreign> = {
  userId: 'userId',
  roleId: 'roleId',
  departmentId: 'departmentId',
  positionId: 'positionId',
  parentId: 'organizationId',
  orgId: 'organizationId',
  documentId: 'documentId',
  tin: 'tin',
};

/** A value passing the route's schema, with A's ids wherever an id goes. */
function sample(schema: any, name: string, url: string, a: Foreign): unknown {
  if (name === 'id') return idFor(url, a);
  if (ID_PARAMS[name]) return a[ID_PARAMS[name]];
  if (name === 'performers') return [a.userId];
  if (!schema) return 'x';
  if (schema.enum) return schema.enum.find((v: unknown) => v !== null);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return name !== 'brief';
  if (type === 'array') return [];
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries<any>(schema.properties ?? {})) {
      if ((schema.required ?? []).includes(key) || key === 'id' || ID_PARAMS[key])
        out[key] = sample(value, key, url, a);
    }
    return out;
  }
  if (name === 'Pinfl') return '59999999999999';
  if (name === 'FullName' || name === 'fullName' || name === 'name') return 'Probe (test)';
  if (name === 'account') return '20208000900999999001';
  if (name === 'mfo') return '00440';
  if (name === 'code') return '999';
  return 'x';
}

withDatabases('settings groups across organisations', (ctx: TestContext) => {
  let routes: Route[];
  let a: Foreign;
  let b: Session;

  beforeAll(async () => {
    routes = await settingsRoutes();
    const boss = await director(ctx, 1);
    b = await director(ctx, 2);
    const post = async (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
      const res = await ctx.app.inject({ method, url, headers: bearer(boss), payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    const role = await post('/api/Roles/add', { name: 'A-only role (test)', actions: ['invoice:view'] });
    const department = await post('/api/Department/add', { name: 'A-only department (test)' });
    const position = await post('/api/Positions/add', {
      name: 'A-only position (test)',
      departmentId: department.id,
    });
    const account = await post('/api/OrganizationAccount/add', {
      account: '20208000900777777001',
      mfo: '00440',
      bankName: 'A bank (test)',
    });
    const branch = await post('/api/Organization/add', { code: 'A01', name: 'A-only branch (test)' });
    const accountant = await post('/api/OrganizationAccountant/upsertAccountant', {
      fullName: 'A-only accountant (test)',
      pinfl: '51111111111111',
    });
    const member = await staffMember(ctx, boss, role.id, 'A-only staff member (test)');
    const draft = await ctx.app.inject({
      method: 'POST',
      url: '/api/Document/add?kind=invoice',
      headers: bearer(boss),
      payload: {
        ...invoice,
        FacturaId: '',
        SellerTin: '302000001',
        BuyerTin: '302000003',
        ProductList: { ...invoice.ProductList, Tin: '302000001' },
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const documentId = draft.json().data.id;
    await post('/api/Document/createAgreement', {
      documentId,
      performers: [member.userId],
      comment: 'A-only approval (test)',
    });
    a = {
      organizationId: boss.organizationId,
      tin: '302000001',
      userId: member.userId,
      roleId: role.id,
      departmentId: department.id,
      positionId: position.id,
      accountId: account.id,
      branchId: branch.id,
      accountantId: accountant.id,
      documentId,
      markers: [
        role.id,
        department.id,
        position.id,
        account.id,
        branch.id,
        accountant.id,
        member.userId,
        documentId,
        'A-only',
        '20208000900777777001',
      ],
    };
  }, 300_000);

  it('answers 404 to every route given another organisation’s ids, and lists show none of its rows', async () => {
    expect(routes.length).toBeGreaterThan(60);
    const refused: string[] = [];
    const listed: string[] = [];
    for (const route of routes) {
      const query = route.schema.querystring
        ? (sample(route.schema.querystring, '', route.url, a) as Record<string, unknown>)
        : {};
      const body = route.schema.body ? sample(route.schema.body, '', route.url, a) : undefined;
      const takesForeignId =
        Object.keys(query).some((k) => k === 'id' || ID_PARAMS[k]) ||
        Object.keys((body ?? {}) as object).some((k) => k === 'id' || ID_PARAMS[k] || k === 'performers');
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: `${route.url}${search.size ? `?${search}` : ''}`,
        headers: bearer(b),
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      const label = `${route.method} ${route.url} ${search}`;
      for (const marker of a.markers) expect(res.body, `${label} shows A's ${marker}`).not.toContain(marker);
      // A list filtered by A's id (e.g. positions of A's department) answers an empty list.
      const emptyList = res.statusCode === 200 && res.json().data?.rows?.length === 0;
      if (takesForeignId && !emptyList) {
        expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
        refused.push(label);
      } else {
        expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
        listed.push(label);
      }
    }
    // Nothing B did changed A's rows.
    const boss = await director(ctx, 1);
    const roles = await ctx.app.inject({ method: 'GET', url: '/api/Roles/list', headers: bearer(boss) });
    expect(roles.json().data.rows.map((r: { id: string }) => r.id)).toContain(a.roleId);
    const agreement = await ctx.app.inject({
      method: 'GET',
      url: `/api/Document/getAgreementInfo?documentId=${a.documentId}`,
      headers: bearer(boss),
    });
    expect(agreement.json().data.agreement.status).toBe('pending');
    console.info(
      `settings cross-tenant: ${refused.length} routes answered 404, ${listed.length} lists/own routes showed no foreign row (${routes.length} routes)`,
    );
    expect(refused.length).toBeGreaterThan(40);
  }, 600_000);

  it('keeps the built-in roles shared and another organisation’s custom role invisible', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/Roles/list', headers: bearer(b) });
    const ids = list.json().data.rows.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(ROLE)));
    expect(ids).not.toContain(a.roleId);
  });
});
