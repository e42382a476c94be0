import type { FastifyInstance } from 'fastify';
import { getKind } from '../../engine';
import { localizeNationalErrors } from '../../engine/national';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { SIGNED_DOCUMENT_BODY_LIMIT } from '../limits';
import { callerOf } from '../services/documents';
import { importReceived, type ReceiptFindings } from '../services/interop';
import {
  bindProvider,
  compareWithPortal,
  providerSettings,
  testConnection,
} from '../services/operators/settings';
import { lastRuns } from '../services/operators/transport';
import { errorResponse } from './documentSchemas';
import {
  bindProviderSchema,
  getLastProcessSchema,
  getProviderSchema,
  isSelectedOperatorSchema,
  testConnectionSchema,
} from './synchronizeSchemas';

// /api/Synchronize (spec §7) — documents made elsewhere come in here (docs/interop.md).

const TAGS = ['Synchronize'];
const security = [{ bearer: [] }];

/** Documents one importDocuments call takes. */
export const IMPORT_MAX_DOCUMENTS = 20;

const signerReport = {
  type: 'object',
  properties: {
    index: { type: 'integer' },
    valid: { type: 'boolean' },
    code: { type: ['string', 'null'] },
    message: { type: ['string', 'null'] },
    name: { type: ['string', 'null'] },
    organization: { type: ['string', 'null'] },
    tin: { type: ['string', 'null'] },
    pinfl: { type: ['string', 'null'] },
    serialHex: { type: ['string', 'null'] },
    signedAt: { type: ['string', 'null'] },
    timestampAt: { type: ['string', 'null'] },
    verifiedBy: { type: ['string', 'null'] },
    match: { type: 'string', enum: ['tin', 'pinfl', 'member', 'named', 'unmatched'] },
    role: { type: ['string', 'null'] },
    identity: { type: ['string', 'null'] },
  },
} as const;

const importResult = {
  type: 'object',
  properties: {
    index: { type: 'integer' },
    success: { type: 'boolean' },
    documentId: { type: 'string' },
    kind: { type: 'string' },
    created: {
      type: 'boolean',
      description: 'false: the same signed document was held already and is now shown',
    },
    recognized: {
      type: 'boolean',
      description: 'false: a document of an unknown shape, kept as its raw JSON',
    },
    unverified: { type: 'boolean', description: 'no verifier could be reached: signatures not checked' },
    warnings: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, keyword: { type: 'string' }, message: { type: 'string' } },
      },
    },
    extensions: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, value: {} } },
    },
    signers: { type: 'array', items: signerReport },
    code: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

interface ImportBody {
  documents: Array<{ signature: string; json?: string; kind?: string }>;
}

export default async function synchronizeRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);
  const ctx = { db: app.db, signing: app.documents.signing, now: app.documents.now };

  app.post<{ Body: ImportBody }>(
    '/importDocuments',
    {
      bodyLimit: SIGNED_DOCUMENT_BODY_LIMIT,
      schema: {
        tags: TAGS,
        security,
        summary:
          'Import documents made elsewhere (another operator): each a signed CMS (.p7s as Base64), attached, or detached with the exact JSON it signs; one answer per document',
        description:
          'The CMS and its exact signed bytes become the record. The document is read through the receipt profile (keys in any case, numbers as text, empty blocks as unused, unknown fields kept): its rule findings come back as warnings, never as a refusal. Each signer is verified on its own and set against the parties (TIN; a personal key by PINFL, the party’s director or staff). The document appears in the caller’s lists (incoming for its receiver) in the state its signatures say.',
        body: {
          type: 'object',
          required: ['documents'],
          additionalProperties: false,
          properties: {
            documents: {
              type: 'array',
              minItems: 1,
              maxItems: IMPORT_MAX_DOCUMENTS,
              items: {
                type: 'object',
                required: ['signature'],
                additionalProperties: false,
                properties: {
                  signature: {
                    type: 'string',
                    minLength: 16,
                    description: 'The CMS: Base64 of the .p7s (E-IMZO pkcs7_64), or PEM',
                  },
                  json: { type: 'string', description: 'The signed JSON, exactly (for a detached CMS)' },
                  kind: {
                    type: 'string',
                    pattern: '^[A-Za-z][A-Za-z0-9]{0,40}$',
                    description: 'The document kind; told by the receipt profile when left out',
                  },
                },
              },
            },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', properties: { results: { type: 'array', items: importResult } } },
            },
          },
          400: errorResponse,
          401: errorResponse,
          413: errorResponse,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const t = (key: string, params?: Record<string, unknown>) => translate(caller.lang, key, params);
      const results = [];
      for (const [index, item] of request.body.documents.entries()) {
        try {
          const { findings, status: _status, ...imported } = await importReceived(ctx, caller, item);
          results.push({ index, success: true, ...imported, ...describe(imported.kind, findings, t) });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results.push({
            index,
            success: false,
            code: error.code,
            message: t(error.messageKey, error.params),
            ...(typeof error.params.documentId === 'string' ? { documentId: error.params.documentId } : {}),
          });
        }
      }
      return { success: true, data: { results } };
    },
  );

  // The company's exchange operator (issue 28 item 4; services/operators/settings.ts).
  app.get('/getProvider', { schema: getProviderSchema }, async (request) => ({
    success: true,
    data: await providerSettings(app, callerOf(request).user),
  }));

  app.post<{ Body: { provider: string | null; credentials?: Record<string, string> } }>(
    '/bindProvider',
    { schema: bindProviderSchema },
    async (request) => ({
      success: true,
      data: await bindProvider(app, callerOf(request).user, request.body, request.ip),
    }),
  );

  app.get('/IsSelectedOperator', { schema: isSelectedOperatorSchema }, async (request) => ({
    success: true,
    data: await compareWithPortal(app, callerOf(request).user),
  }));

  app.post('/testConnection', { schema: testConnectionSchema }, async (request) => ({
    success: true,
    data: await testConnection(app, callerOf(request).user, request.ip, callerOf(request).lang),
  }));

  // What the synchronisation did (issue 28 item 5; services/operators/transport.ts).
  app.get<{ Querystring: { limit: number } }>(
    '/GetLastProcess',
    { schema: getLastProcessSchema },
    async (request) => ({
      success: true,
      data: { rows: await lastRuns(app.db, callerOf(request).user.organizationId, request.query.limit) },
    }),
  );
}

/** The findings in the caller's language. */
function describe(
  kind: string,
  findings: ReceiptFindings,
  t: (key: string, params?: Record<string, unknown>) => string,
) {
  return {
    recognized: findings.recognized,
    unverified: findings.unverified,
    warnings: localizeNationalErrors(findings.profile, t, getKind(kind).schema).map((w) => ({
      path: w.path,
      keyword: w.keyword,
      message: w.message,
    })),
    extensions: findings.extensions,
    signers: findings.signers.map((s) => ({
      ...s,
      message: s.code ? t(`interop:signature.${s.code}`) : null,
    })),
  };
}
