// The stand-in of an exchange operator's integrator API (issue 28): the subset of Didox's API that
// Hujjat's didox provider speaks (reference/lifecycle.md §1.1), with its statuses and errors — 401,
// 403 no authority for the type, 422 offer not signed / wrong status / signature not over the bytes,
// 429 with Retry-After — its own store, two or more companies, and a control channel (/control/*)
// where tests and demos make the counterparty act, send documents from outside, and plant faults
// (down, 429, an answer lost after the change was made). Demo and tests only.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  attachTimestampToken,
  encodeCms,
  fromBase64,
  parseCms,
  signatureValue,
  timestampTokenOf,
  toBase64,
} from '../../engine/cms';
import { getLifecycle, partiesOf, readOne, rolesOf, viewStatus } from '../../engine/lifecycle';
import type { DemoTsa } from '../tsa';
import { applyAction, ENDPOINTS, kindOfDoctype, resolveAction, StandInError, toSignOf } from './actions';
import type { DemoSigner } from './signer';
import { objectId, type StandInCompany, type StandInDocument, type StandInStore } from './store';

export const TOKEN_MINUTES = 360;

/** Faults planted through /control/faults. */
export interface StandInFaults {
  /** Every API call answers 503. */
  down: boolean;
  /** The next n API calls answer 429 with Retry-After. */
  tooMany: number;
  retryAfterSeconds: number;
  /** The next n calls whose path ends with one of these make their change and lose the answer. */
  loseAnswer: { endpoint: string; count: number } | null;
}

export interface StandInDeps {
  store: StandInStore;
  signer: DemoSigner | null;
  tsa: DemoTsa | null;
}

type Body = Record<string, unknown>;

function fail(reply: FastifyReply, err: unknown) {
  if (err instanceof StandInError)
    return reply.code(err.status).send({ errorDetails: { title: 'error', message: err.message } });
  throw err;
}

const noFaults = (): StandInFaults => ({ down: false, tooMany: 0, retryAfterSeconds: 1, loseAnswer: null });

export function buildStandIn(deps: StandInDeps): { app: FastifyInstance; faults: StandInFaults } {
  const { store } = deps;
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  const held = { faults: noFaults() };
  const faults = () => held.faults;
  // The national JSON is kept exactly as sent: bodies are read as bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const json = (req: FastifyRequest): Body => {
    const raw = req.body as Buffer | undefined;
    if (!raw?.length) return {};
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      throw new StandInError(400, 'Неверный JSON');
    }
  };

  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/control')) return;
    const f = faults();
    if (f.down) return reply.code(503).send({ errorDetails: { message: 'Сервис недоступен' } });
    if (f.tooMany > 0) {
      f.tooMany--;
      return reply
        .code(429)
        .header('retry-after', String(f.retryAfterSeconds))
        .send({ errorDetails: { message: 'Too Many Requests' } });
    }
  });

  const loginOf = (req: FastifyRequest): string => {
    const login = store.loginOf(req.headers['user-key'] as string | undefined);
    if (!login) throw new StandInError(401, 'Требуется авторизация');
    return login;
  };
  const visible = (doc: StandInDocument, login: string) =>
    doc.parties.some((p) => p.identity === login) && (doc.cms !== null || doc.creator === login);
  const docFor = (req: FastifyRequest, login: string): StandInDocument => {
    const doc = store.documents.get((req.params as { id: string }).id);
    if (!doc || !visible(doc, login)) throw new StandInError(404, 'Документ не найден');
    return doc;
  };
  const row = (doc: StandInDocument, login: string) => ({
    doc_id: doc.id,
    roaming_id: doc.roamingId,
    doctype: doc.doctype,
    // Didox shows the awaited party 2 ("waiting for you") where the document is in 1.
    doc_status: viewStatus(doc.kind, {
      status: doc.status,
      roles: rolesOf(doc.parties, login),
      identity: login,
      acted: doc.acted,
    }),
    owner: doc.creator === login ? 1 : 0,
    updated: doc.updated,
    nationalId: doc.nationalId,
  });
  /** A change made, then the answer lost (planted): the caller sees no answer. */
  const mayLoseAnswer = (reply: FastifyReply, endpoint: string): boolean => {
    const lose = faults().loseAnswer;
    if (!lose || lose.count <= 0 || lose.endpoint !== endpoint) return false;
    lose.count--;
    reply.raw.destroy();
    return true;
  };
  const authority = (login: string, kind: string) => {
    if (store.companies.get(login)?.noAuthority.includes(kind))
      throw new StandInError(403, 'Нет полномочий для данного типа документа');
  };

  // ---- Didox's API ------------------------------------------------------------------------------

  app.post('/v1/auth/:login/password/:lang', async (req, reply) => {
    try {
      const { login } = req.params as { login: string };
      const company = store.companies.get(login);
      const { password } = json(req);
      if (!company || company.password !== password) throw new StandInError(401, 'Неверный логин или пароль');
      return { token: store.issueToken(login, TOKEN_MINUTES) };
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.get('/v2/documents', async (req, reply) => {
    try {
      const login = loginOf(req);
      const q = req.query as Record<string, string | undefined>;
      const limit = Math.min(Math.max(Number(q.limit) || 20, 1), 1000);
      const page = Math.max(Number(q.page) || 1, 1);
      // The cheapest test first: a pull reads from its cursor, past most of what the store holds.
      const doctypes = q.doctype ? q.doctype.split(',') : null;
      const rows = [...store.documents.values()]
        .filter(
          (d) =>
            (!q.updatedFrom || d.updated >= q.updatedFrom) &&
            (!q.nationalId || d.nationalId === q.nationalId) &&
            (!doctypes || doctypes.includes(d.doctype)) &&
            (q.owner === undefined || (q.owner === '1') === (d.creator === login)) &&
            visible(d, login),
        )
        .sort((a, b) => (a.updated < b.updated ? -1 : a.updated > b.updated ? 1 : a.id < b.id ? -1 : 1));
      return {
        data: rows.slice((page - 1) * limit, page * limit).map((d) => row(d, login)),
        total: rows.length,
      };
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.get('/v1/documents/:id', async (req, reply) => {
    try {
      const login = loginOf(req);
      const doc = docFor(req, login);
      // Didox's answer, its Base64 values (~100 KB a document) put in as they are: Base64 needs no
      // escaping, and JSON.stringify scanning them was most of the stand-in's time in bench:sync.
      const base64 = (value: string | null) => (value === null ? 'null' : `"${value}"`);
      const signatures = doc.signatures.map(
        (s) =>
          `{"action":${JSON.stringify(s.action)},"pkcs7":${base64(s.cms)},"comment":${JSON.stringify(s.comment)},` +
          `"signingTime":${JSON.stringify(s.signingTime)}}`,
      );
      return reply
        .type('application/json; charset=utf-8')
        .send(
          `{"data":{"document":${JSON.stringify(row(doc, login))},"documentBase64":${base64(doc.bytes)},` +
            `"pkcs7":${base64(doc.cms)},"signatures":[${signatures.join(',')}]}}`,
        );
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.get('/v1/documents/:id/documentBase64', async (req, reply) => {
    try {
      const doc = docFor(req, loginOf(req));
      return { data: doc.bytes };
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.post('/v1/documents/:doctype/create', async (req, reply) => {
    try {
      const login = loginOf(req);
      const { doctype } = req.params as { doctype: string };
      const kind = kindOfDoctype(doctype);
      if (!kind) throw new StandInError(422, 'Неизвестный тип документа');
      authority(login, kind);
      const bytes = req.body as Buffer;
      const doc = createDocument(kind, login, new Uint8Array(bytes));
      store.save(doc);
      if (mayLoseAnswer(reply, 'create')) return reply;
      return { _id: doc.id, roaming_id: doc.roamingId };
    } catch (err) {
      return fail(reply, err);
    }
  });

  function createDocument(kind: string, login: string, bytes: Uint8Array): StandInDocument {
    let content: unknown;
    try {
      content = JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      throw new StandInError(422, 'Неверный JSON документа');
    }
    const lifecycle = getLifecycle(kind);
    const parties = partiesOf(kind, content);
    const send = lifecycle.actions.find(
      (a) => a.from.includes(lifecycle.initial) && a.sign.shape === 'document',
    );
    if (!send || !parties.some((p) => p.role === send.by && p.identity === login))
      throw new StandInError(403, 'Отправитель документа — не ваша компания');
    const idPointer = lifecycle.document.id;
    const nationalId = idPointer ? (readOne(content, idPointer) as string | undefined) || null : null;
    if (nationalId && store.findByNationalId(login, kind, nationalId))
      throw new StandInError(422, `Документ с ID ${nationalId} уже существует`);
    return {
      id: objectId(),
      roamingId: null,
      kind,
      doctype: lifecycle.didoxCode as string,
      nationalId,
      creator: login,
      parties,
      status: lifecycle.initial,
      acted: [],
      bytes: toBase64(bytes),
      cms: null,
      signatures: [],
      history: [],
      updated: '',
    };
  }

  app.post('/v1/documents/:id/tosign', async (req, reply) => {
    try {
      const login = loginOf(req);
      const doc = docFor(req, login);
      const body = json(req);
      const action = resolveAction(doc, login, { action: String(body.action ?? '') || null });
      authority(login, doc.kind);
      return { data: toSignOf(doc, action, (body.comment as string) ?? null).data };
    } catch (err) {
      return fail(reply, err);
    }
  });

  const submit = async (req: FastifyRequest, reply: FastifyReply, endpoint: string) => {
    try {
      const login = loginOf(req);
      const doc = docFor(req, login);
      const body = json(req);
      const action = resolveAction(doc, login, { action: (body.action as string) || null, endpoint });
      authority(login, doc.kind);
      if (action.sign.shape === 'document' && store.companies.get(login)?.offerSigned === false)
        throw new StandInError(422, 'Оферта не подписана');
      if (typeof body.signature !== 'string') throw new StandInError(422, 'Нет подписи');
      const next = applyAction(doc, login, action, body.signature, (body.comment as string) ?? null);
      store.save(next);
      if (mayLoseAnswer(reply, endpoint)) return reply;
      return { doc_status: row(next, login).doc_status, roaming_id: next.roamingId };
    } catch (err) {
      return fail(reply, err);
    }
  };
  for (const endpoint of ENDPOINTS)
    app.post(`/v1/documents/:id/${endpoint}`, (req, reply) => submit(req, reply, endpoint));

  app.post('/v1/dsvs/timestamp', async (req, reply) => {
    try {
      loginOf(req);
      if (!deps.tsa) throw new StandInError(503, 'Нет службы меток времени');
      const { pkcs7 } = json(req);
      const parsed = parseCms(fromBase64(String(pkcs7)));
      for (const info of parsed.signedData.signerInfos)
        if (!timestampTokenOf(info))
          attachTimestampToken(info, await deps.tsa.stampSignature(signatureValue(info)));
      return { pkcs7b64: toBase64(encodeCms(parsed.signedData)) };
    } catch (err) {
      return fail(reply, err);
    }
  });

  // ---- control (tests and demos) ------------------------------------------------------------------

  app.post('/control/faults', async (req) => {
    Object.assign(held.faults, json(req));
    return held.faults;
  });

  app.post('/control/companies', async (req) => {
    const { companies } = json(req) as { companies: Array<Partial<StandInCompany> & { login: string }> };
    for (const c of companies)
      store.putCompany({
        password: 'demo',
        name: c.login as string,
        offerSigned: true,
        noAuthority: [],
        ...store.companies.get(c.login),
        ...c,
      });
    return { companies: [...store.companies.values()].map(({ password: _, ...c }) => c) };
  });

  app.post('/control/reset', async () => {
    store.clear();
    Object.assign(held.faults, noFaults());
    return { ok: true };
  });

  /** Documents sent from outside: each made and signed by `from` with its demo key, then sent. */
  app.post('/control/send', async (req, reply) => {
    try {
      if (!deps.signer) throw new StandInError(503, 'no demo keys');
      const { items } = json(req) as { items: Array<{ from: string; kind: string; json: string }> };
      const ids: string[] = [];
      for (const item of items) {
        const bytes = new TextEncoder().encode(item.json);
        const doc = createDocument(item.kind, item.from, bytes);
        const action = resolveAction(doc, item.from, { endpoint: 'sign' });
        const signature = await deps.signer.sign(item.from, bytes);
        store.save(applyAction(doc, item.from, action, signature, null));
        ids.push(doc.id);
      }
      return { ids };
    } catch (err) {
      return fail(reply, err);
    }
  });

  /** The counterparty acts on the operator's side: signs what the action takes with its demo key. */
  app.post('/control/act', async (req, reply) => {
    try {
      if (!deps.signer) throw new StandInError(503, 'no demo keys');
      const body = json(req) as { login: string; id: string; action: string; comment?: string };
      const doc = store.documents.get(body.id);
      if (!doc || !visible(doc, body.login)) throw new StandInError(404, 'Документ не найден');
      const action = resolveAction(doc, body.login, { action: body.action });
      const what = toSignOf(doc, action, body.comment ?? null);
      const own = await deps.signer.sign(body.login, what.bytes);
      const next = applyAction(doc, body.login, action, own, body.comment ?? null);
      store.save(next);
      return { doc_status: next.status };
    } catch (err) {
      return fail(reply, err);
    }
  });

  /**
   * The hub moves a document's status with no action of either party (the tax authority annuls it, an
   * operator's own correction): Hujjat's state and the operator's then disagree with no signature to
   * explain it, and the operator's wins.
   */
  app.post('/control/status', async (req, reply) => {
    try {
      const body = json(req) as { id: string; status: number };
      const doc = store.documents.get(body.id);
      if (!doc) throw new StandInError(404, 'Документ не найден');
      if (!Number.isInteger(body.status)) throw new StandInError(422, 'status: an integer');
      const at = new Date().toISOString();
      store.save({
        ...doc,
        status: body.status,
        history: [...doc.history, { action: 'hub', by: 'hub', from: doc.status, to: body.status, at }],
      });
      return { doc_status: body.status };
    } catch (err) {
      return fail(reply, err);
    }
  });

  /** What the operator holds (counts for tests and the resilience walk). */
  app.get('/control/documents', async (req) => {
    const { login } = req.query as { login?: string };
    return {
      documents: [...store.documents.values()]
        .filter((d) => !login || d.parties.some((p) => p.identity === login))
        .map((d) => ({
          id: d.id,
          kind: d.kind,
          nationalId: d.nationalId,
          creator: d.creator,
          status: d.status,
          roamingId: d.roamingId,
          signers: d.cms ? parseCms(fromBase64(d.cms)).signedData.signerInfos.length : 0,
          history: d.history,
        })),
    };
  });

  return { app, faults: held.faults };
}
