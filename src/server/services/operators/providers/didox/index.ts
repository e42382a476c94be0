// Didox's integrator API (reference/uz-edi.md §c.1, reference/lifecycle.md §1): sign in for a user
// token of 360 minutes, the documents list by `updated`, `tosign` per action, `sign` / `reject` /
// `delete` / the waybill's steps, `documentBase64`. Kinds map to Didox doctypes through each kind's
// lifecycle.json `didoxCode`; the endpoint of an action follows from its signed shape.
// Where the published material gives no name (the list's `updatedFrom` cursor, `nationalId` look-up,
// the consignor's return endpoints) the names are ours and the stand-in (src/emulator/operator)
// answers them; they are listed in docs/operators.md.
import { fromBase64, parseCms } from '../../../../../engine/cms';
import { actionInfo, getLifecycle, lifecycleKinds, storedStatusesFor } from '../../../../../engine/lifecycle';
import {
  type OperatorChange,
  type OperatorChangesPage,
  type OperatorCredentials,
  type OperatorDocument,
  OperatorError,
  type OperatorProvider,
  type OperatorSession,
} from '../types';
import { didoxCall } from './http';

/** Didox's user token lives 360 minutes; a session is renewed a little before. */
export const DIDOX_TOKEN_MINUTES = 360;
export const DIDOX_BASE_URL = 'https://api-partners.didox.uz';
const PAGE = 100;

/** Endpoints of the actions that sign a small object (lifecycle.md §1.1). */
const OBJECT_ENDPOINTS: Record<string, string> = {
  cancel: 'delete',
  responsibleGive: 'give',
  responsibleTillReturn: 'tillreturn',
  responsibleReturn: 'return',
  consignorReturn: 'consignorreturn',
  consignorReturnAccept: 'consignorreturnaccept',
};

interface DidoxRow {
  doc_id: string;
  roaming_id?: string | null;
  doctype: string;
  doc_status: number;
  owner: number;
  updated: string;
}

interface DidoxDocumentAnswer {
  data: {
    document: DidoxRow;
    documentBase64: string;
    pkcs7: string;
    signatures?: Array<{ action: string; pkcs7: string; comment?: string | null; signingTime: string }>;
  };
}

function kindOfDoctype(doctype: string): string | null {
  return lifecycleKinds().find((kind) => getLifecycle(kind).didoxCode === doctype) ?? null;
}

function doctypeOf(kind: string): string {
  const code = getLifecycle(kind).didoxCode;
  if (!code) throw new OperatorError('rejected', `the operator does not carry ${kind}`);
  return code;
}

/** Didox shows the receiver 2 ("waiting for you") where the document is in 1: the stored code. */
function storedStatus(kind: string | null, shown: number): number {
  if (!kind) return shown;
  return storedStatusesFor(kind, shown)[0] ?? shown;
}

function change(row: DidoxRow): OperatorChange {
  const kind = kindOfDoctype(row.doctype);
  return {
    operatorId: row.doc_id,
    roamingId: row.roaming_id ?? null,
    kind,
    operatorType: row.doctype,
    status: storedStatus(kind, row.doc_status),
    outgoing: row.owner === 1,
    updated: row.updated,
  };
}

/** Cursor: the last `updated` seen and the ids seen at exactly that time (ties are skipped, never lost). */
function readCursor(cursor: string | null): { updated: string | null; seen: Set<string> } {
  if (!cursor) return { updated: null, seen: new Set() };
  const [updated, ids = ''] = cursor.split('|');
  return { updated, seen: new Set(ids.split(',').filter(Boolean)) };
}

function endpointOf(kind: string, action: string): string {
  const declared = actionInfo(kind, action);
  if (!declared) throw new OperatorError('rejected', `Unsupported action`);
  switch (declared.sign.shape) {
    case 'document':
    case 'cosign':
      return 'sign';
    case 'wrap':
      return 'reject';
    case 'object':
      return OBJECT_ENDPOINTS[action] ?? action.toLowerCase();
    case 'none':
      return 'delete/draft';
  }
}

export const didoxProvider: OperatorProvider = {
  name: 'didox',
  defaultBaseUrl: DIDOX_BASE_URL,

  kinds: () => lifecycleKinds().filter((kind) => getLifecycle(kind).didoxCode),

  async signIn(credentials: OperatorCredentials): Promise<OperatorSession> {
    const baseUrl = (credentials.baseUrl || DIDOX_BASE_URL).replace(/\/$/, '');
    const answer = await didoxCall<{ token: string }>({
      method: 'POST',
      path: `/v1/auth/${encodeURIComponent(credentials.login)}/password/ru`,
      body: { password: credentials.password },
      baseUrl,
      partnerToken: credentials.partnerToken,
    });
    if (!answer?.token) throw new OperatorError('unauthorized', 'no token in the answer');
    return {
      token: answer.token,
      expiresAt: new Date(Date.now() + (DIDOX_TOKEN_MINUTES - 5) * 60_000),
      baseUrl,
      partnerToken: credentials.partnerToken ?? null,
      login: credentials.login,
    };
  },

  async listChanges(session, cursor, limit = PAGE): Promise<OperatorChangesPage> {
    const from = readCursor(cursor);
    const changes: OperatorChange[] = [];
    let more = false;
    // Ties at the cursor's time are asked again (`updatedFrom` is inclusive) and skipped by id.
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ sort: 'updated', page: String(page), limit: String(limit) });
      if (from.updated) query.set('updatedFrom', from.updated);
      const answer = await didoxCall<{ data: DidoxRow[]; total: number }>({
        method: 'GET',
        path: `/v2/documents?${query}`,
        session,
      });
      const rows = answer?.data ?? [];
      for (const row of rows)
        if (!(row.updated === from.updated && from.seen.has(row.doc_id))) changes.push(change(row));
      more = rows.length === limit;
      if (changes.length || !more) break;
    }
    const last = changes.at(-1);
    if (!last) return { changes, cursor: cursor ?? '', more: false };
    const ids = changes.filter((c) => c.updated === last.updated).map((c) => c.operatorId);
    if (last.updated === from.updated) ids.push(...from.seen);
    return { changes, cursor: `${last.updated}|${[...new Set(ids)].join(',')}`, more };
  },

  async fetchDocument(session, operatorId): Promise<OperatorDocument> {
    const answer = await didoxCall<DidoxDocumentAnswer>({
      method: 'GET',
      path: `/v1/documents/${encodeURIComponent(operatorId)}`,
      session,
    });
    const { document, documentBase64, pkcs7, signatures } = answer.data;
    const head = change(document);
    return {
      ...head,
      // Decoded when read (the pull stores the bytes the CMS carries, and never reads these).
      get signedBytes() {
        return fromBase64(documentBase64);
      },
      cms: pkcs7,
      signatures: (signatures ?? []).map((s) => ({
        action: s.action,
        cms: s.pkcs7,
        reason: s.comment ?? null,
        at: s.signingTime,
      })),
    };
  },

  async findDocument(session, kind, nationalId) {
    const query = new URLSearchParams({ owner: '1', doctype: doctypeOf(kind), nationalId });
    const answer = await didoxCall<{ data: DidoxRow[] }>({
      method: 'GET',
      path: `/v2/documents?${query}`,
      session,
    });
    const row = answer?.data?.[0];
    return row ? { operatorId: row.doc_id, roamingId: row.roaming_id ?? null, status: row.doc_status } : null;
  },

  async createDocument(session, kind, nationalJson) {
    const answer = await didoxCall<{ _id: string; roaming_id?: string | null }>({
      method: 'POST',
      path: `/v1/documents/${doctypeOf(kind)}/create`,
      rawBody: nationalJson,
      session,
    });
    return { operatorId: answer._id, roamingId: answer.roaming_id ?? null };
  },

  async toSign(session, operatorId, kind, action, reason) {
    const declared = actionInfo(kind, action);
    if (!declared) throw new OperatorError('rejected', 'Unsupported action');
    const id = encodeURIComponent(operatorId);
    if (declared.sign.shape === 'document') {
      // Sending signs the document's JSON itself (GET …?owner=1 data.json, as Base64).
      const answer = await didoxCall<{ data: string }>({
        method: 'GET',
        path: `/v1/documents/${id}/documentBase64`,
        session,
      });
      return { bytes: fromBase64(answer.data), cms: null };
    }
    const answer = await didoxCall<{ data: string }>({
      method: 'POST',
      path: `/v1/documents/${id}/tosign`,
      body: { action, ...(reason ? { comment: reason } : {}) },
      session,
    });
    if (declared.sign.shape === 'cosign') {
      // A ready CMS (the signatures so far): the new signature is joined to it.
      const held = fromBase64(answer.data);
      const content = parseCms(held).content;
      if (!content) throw new OperatorError('rejected', 'the operator answered a CMS without content');
      return { bytes: content, cms: answer.data };
    }
    return { bytes: fromBase64(answer.data), cms: null };
  },

  async submit(session, operatorId, kind, action, signature, reason) {
    const answer = await didoxCall<{ doc_status: number; roaming_id?: string | null }>({
      method: 'POST',
      path: `/v1/documents/${encodeURIComponent(operatorId)}/${endpointOf(kind, action)}`,
      body: { signature, action, ...(reason ? { comment: reason } : {}) },
      session,
    });
    return { status: storedStatus(kind, answer.doc_status), roamingId: answer.roaming_id ?? null };
  },

  async timestamp(session, signature) {
    const answer = await didoxCall<{ pkcs7b64: string }>({
      method: 'POST',
      path: '/v1/dsvs/timestamp',
      body: { pkcs7: signature },
      session,
    });
    return answer.pkcs7b64;
  },
};
