// Synchronisation with the operator as jobs (issue 28 items 5, 6): Hujjat's organisation A (302000001)
// bound to the stand-in operator; its counterparty B (302000002) is not on this server (no active
// member here) and acts on the operator's side through the stand-in's control channel.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningOperatorStandIn, startOperatorStandIn } from '../../../src/emulator/operator';
import { fromBase64, parseCms } from '../../../src/engine/cms';
import {
  actionInfo,
  boxAfter,
  getLifecycle,
  lifecycleKinds,
  partiesOf,
  withNationalId,
  writeOne,
} from '../../../src/engine/lifecycle';
import { toNationalJson } from '../../../src/engine/national';
import { DOCUMENT_RIGHTS } from '../../../src/server/services/access/actions';
import { verifyEventChain } from '../../../src/server/services/documents';
import { saveBinding } from '../../../src/server/services/operators/binding';
import { credentialKeyOf } from '../../../src/server/services/operators/credentialKey';
import { providerOf } from '../../../src/server/services/operators/providers';
import { PULL_JOB, PUSH_JOB } from '../../../src/server/services/operators/sync';
import { staffMember } from '../access/helpers';
import { expectEventLabels } from '../documents/eventLabels';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  ORG1,
  ORG2,
  ORG3,
  type SignedIn,
  signIn,
  view,
} from '../documents/exchange';
import { kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';
import { demoDocuments } from './standInFixture';

let fixture: ExchangeFixture;
let operator: RunningOperatorStandIn;
let invoice: Record<string, any>;
const operatorConfig = { standIn: false, standInPort: 0, standInUrl: null as string | null };
const credentialKey = new Uint8Array(randomBytes(32));

beforeAll(async () => {
  fixture = await createExchangeFixture();
  operator = await startOperatorStandIn({ dataDir: fixture.dataDir, port: 0, persist: false });
  operatorConfig.standInUrl = operator.url;
  const cases = await kindCases('invoice');
  invoice = (cases.find((c) => c.variant === 'minimal') ?? cases[0]).content;
}, 120_000);
afterAll(async () => {
  await operator?.close();
  await fixture?.dispose();
});

async function control(path: string, body: unknown) {
  const res = await fetch(`${operator.url}/control/${path}`, { method: 'POST', body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json;
}
async function atOperator(login?: string) {
  const res = await fetch(`${operator.url}/control/documents${login ? `?login=${login}` : ''}`);
  return (await res.json()).documents as Array<{
    id: string;
    nationalId: string;
    status: number;
    signers: number;
    creator: string;
  }>;
}

const signerCount = (cms: string) => parseCms(fromBase64(cms)).signedData.signerInfos.length;

let serial = 0;
function freshInvoice(from = ORG1.identity, to = ORG2.identity) {
  serial++;
  return withNationalId(
    'invoice',
    {
      ...invoice,
      FacturaId: '',
      FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: `OP-${Date.now()}-${serial}` },
      SellerTin: from,
      BuyerTin: to,
      ProductList: { ...invoice.ProductList, Tin: from },
    },
    false,
  );
}

withDatabases(
  'synchronisation with the operator',
  (ctx: TestContext) => {
    let a: SignedIn;
    let orgA: string;

    async function transport(who: SignedIn, documentId: string) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/Synchronize/getTransport?documentId=${documentId}`,
        headers: auth(who),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    }
    async function sendInvoice(content = freshInvoice()) {
      const added = await addDraft(ctx, a, 'invoice', content);
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json().data.id as string;
      const sent = await act(ctx, fixture, a, id, 'send');
      expect(sent.statusCode, sent.body).toBe(200);
      return { id, nationalId: added.json().data.nationalId ?? (content as any).FacturaId };
    }
    async function pull(who: SignedIn) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/Synchronize/syncNow',
        headers: auth(who),
      });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.app.jobs.runPending(PUSH_JOB);
      await ctx.app.jobs.runPending(PULL_JOB);
    }
    /** The transport's retry (the screen's "try again"): due now. */
    async function retry(documentId: string) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/Synchronize/retryTransport?documentId=${documentId}`,
        headers: auth(a),
      });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.app.jobs.runPending(PUSH_JOB);
    }
    async function incomingIds(who: SignedIn) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getList?DocDirection=incoming&Page=1&Size=90',
        headers: auth(who),
      });
      return res.json().rows.map((r: { id: string }) => r.id) as string[];
    }

    beforeAll(async () => {
      a = await signIn(ctx, fixture, ORG1);
      const { rows } = await ctx.db.query<{ id: string; tin: string }>(
        "select id, tin from organizations where tin in ('302000001', '302000002')",
      );
      orgA = rows.find((r) => r.tin === ORG1.identity)?.id as string;
      const orgB = rows.find((r) => r.tin === ORG2.identity)?.id as string;
      // B works elsewhere: nobody of it on this server.
      await ctx.db.query('update memberships set is_active = false where organization_id = $1', [orgB]);
      const { rows: users } = await ctx.db.query<{ user_id: string }>(
        'select user_id from memberships where organization_id = $1 limit 1',
        [orgA],
      );
      const key = credentialKeyOf(ctx.app.config);
      if (!key) throw new Error('no credential key');
      const bound = await saveBinding(ctx.db, key, {
        organizationId: orgA,
        provider: 'didox',
        credentials: { partnerToken: 'demo-partner-token', password: 'demo' },
        userId: users[0].user_id,
      });
      expect(bound.ok).toBe(true);
    });

    it('getSendRoute says before signing which documents go via the operator', async () => {
      const route = async (who: SignedIn, documentId: string) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/Synchronize/getSendRoute?documentId=${documentId}`,
          headers: auth(who),
        });
      // To B, who is not on this server: via the bound operator.
      const away = await addDraft(ctx, a, 'invoice', freshInvoice());
      const awayRoute = await route(a, away.json().data.id);
      expect(awayRoute.statusCode, awayRoute.body).toBe(200);
      expect(awayRoute.json().data).toEqual({ provider: 'didox', providerName: 'Didox', carried: true });
      // To the third company, on this server: it stays here.
      const here = await addDraft(ctx, a, 'invoice', freshInvoice(ORG1.identity, ORG3.identity));
      expect((await route(a, here.json().data.id)).json().data).toBeNull();
      // Another company never learns about A's draft.
      const other = await signIn(ctx, fixture, ORG3);
      expect((await route(other, away.json().data.id)).statusCode).toBe(404);
    });

    // Kinds the bound operator does not carry (Didox: no didoxCode) that still have a counterparty.
    const notCarried = lifecycleKinds().filter(
      (kind) =>
        !providerOf('didox')?.kinds().includes(kind) &&
        Object.keys(getLifecycle(kind).parties).some((role) => role !== 'sender'),
    );
    it('there are kinds Didox does not carry that have a counterparty', () => {
      expect(notCarried.length).toBeGreaterThan(0);
    });
    for (const kind of notCarried)
      it(`a ${kind} (Didox does not carry it) is never said to go via Didox, and nothing is pushed`, async () => {
        const added = await addDraft(ctx, a, kind, demoDocuments(kind)[0].content);
        expect(added.statusCode, added.body).toBe(200);
        const id = added.json().data.id as string;
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/Synchronize/getSendRoute?documentId=${id}`,
          headers: auth(a),
        });
        expect(res.json().data).toEqual({ provider: 'didox', providerName: 'Didox', carried: false });
        const send = getLifecycle(kind).actions.find(
          (x) => x.sign.shape === 'document' && x.from.includes(getLifecycle(kind).initial),
        );
        const sent = await act(ctx, fixture, a, id, send?.name ?? 'send');
        expect(sent.statusCode, sent.body).toBe(200);
        const { rows } = await ctx.db.query('select id from operator_documents where document_id = $1', [id]);
        expect(rows).toEqual([]);
      });

    it('sends through the operator with the user’s own signature; the operator holds the exact bytes', async () => {
      const { id } = await sendInvoice();
      expect((await transport(a, id)).state).toBe('queued');
      await ctx.app.jobs.runPending(PUSH_JOB);
      const t = await transport(a, id);
      expect([t.state, t.operatorStatus, t.failureCode]).toEqual(['atOperator', 1, null]);
      expect(t.operatorId).toMatch(/^[0-9a-f]{24}$/);
      expect(t.roamingId).toBeTruthy();
      const held = operator.store.documents.get(t.operatorId);
      const { rows } = await ctx.db.query<{ signed_bytes: Uint8Array; cms: string }>(
        'select signed_bytes, cms from documents where id = $1',
        [id],
      );
      expect(Buffer.from(held?.bytes ?? '', 'base64').equals(Buffer.from(rows[0].signed_bytes))).toBe(true);
      expect(held?.cms).toBe(rows[0].cms);
    });

    /** The kinds the operator carries, each as a valid document A itself sends (a person's act is not A's to send). */
    async function sentByA() {
      const documents: Array<{ kind: string; content: Record<string, unknown> }> = [];
      for (const kind of lifecycleKinds().filter((k) => getLifecycle(k).didoxCode)) {
        const fixtureContent = (await kindCases(kind))[0].content;
        if (partiesOf(kind, fixtureContent).find((p) => p.role === 'sender')?.identity !== ORG1.identity)
          continue;
        // A number of its own: a fixture's, sent again by another test here, would be a repeat.
        const numberAt = getLifecycle(kind).document.number;
        serial++;
        documents.push({
          kind,
          content: numberAt
            ? writeOne(fixtureContent, numberAt, `OPK-${Date.now()}-${serial}`)
            : fixtureContent,
        });
      }
      expect(documents.length).toBeGreaterThanOrEqual(8);
      return documents;
    }
    async function sendKind(kind: string, content: Record<string, unknown>) {
      const added = await addDraft(ctx, a, kind, content);
      expect(added.statusCode, `${kind}: ${added.body}`).toBe(200);
      const id = added.json().data.id as string;
      const route = await ctx.app.inject({
        method: 'GET',
        url: `/api/Synchronize/getSendRoute?documentId=${id}`,
        headers: auth(a),
      });
      const sent = await act(ctx, fixture, a, id, 'send');
      expect(sent.statusCode, `${kind}: ${sent.body}`).toBe(200);
      await ctx.app.jobs.runPending(PUSH_JOB);
      return { id, carried: route.json().data?.carried ?? null };
    }

    it('every kind the operator carries that A sends goes to it: said before signing, the exact bytes, the same status', async () => {
      const seen: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const { kind, content } of await sentByA()) {
        const { id, carried } = await sendKind(kind, content);
        const t = await transport(a, id);
        const held = t?.operatorId ? operator.store.documents.get(t.operatorId) : undefined;
        const { rows } = await ctx.db.query<{ signed_bytes: Uint8Array; status: number }>(
          'select signed_bytes, status from documents where id = $1',
          [id],
        );
        seen[kind] = {
          carried,
          state: t?.state ?? null,
          sameBytes: held
            ? Buffer.from(held.bytes, 'base64').equals(Buffer.from(rows[0].signed_bytes))
            : null,
          sameStatus: held ? held.status === rows[0].status : null,
        };
        expected[kind] = { carried: true, state: 'atOperator', sameBytes: true, sameStatus: true };
      }
      expect(seen).toEqual(expected);
    });

    // Every kind A sends, its counterparties acting at the operator step by step — once taking the first
    // action their life cycle offers at each status (mostly accepting), once the last (mostly
    // rejecting) — and A pulling after each step: A's status follows the operator's, each step's
    // signature arrives and verifies, the chain holds.
    for (const pick of ['first', 'last'] as const)
      it(`every kind A sends: its counterparties' ${pick} action at each step reaches A through the operator`, async () => {
        const seen: Record<string, unknown> = {};
        const expected: Record<string, unknown> = {};
        for (const { kind, content } of await sentByA()) {
          const { id } = await sendKind(kind, content);
          const { operatorId } = await transport(a, id);
          const parties = partiesOf(kind, content);
          const walked: string[] = [];
          const steps: Array<{ action: string; here: number; there: number }> = [];
          for (let step = 0; step < 6; step++) {
            const there = operator.store.documents.get(operatorId);
            const offered = getLifecycle(kind).actions.filter(
              (action) =>
                action.by !== 'sender' &&
                action.from.includes(there?.status ?? -1) &&
                parties.some((p) => p.role === action.by),
            );
            const action = pick === 'first' ? offered[0] : offered.at(-1);
            if (!action) break;
            // Of several in the role (a contract's clients), one who has not acted in this status yet.
            const login = parties.find(
              (p) =>
                p.role === action.by &&
                !there?.acted.some((e) => e.identity === p.identity && e.action === action.name),
            )?.identity;
            await control('act', {
              login,
              id: operatorId,
              action: action.name,
              comment: action.reason ? `Sabab: ${kind} ${action.name}` : undefined,
            });
            await pull(a);
            walked.push(action.name);
            const v = (await view(ctx, a, id)).json().data;
            steps.push({
              action: v.events.at(-1)?.action,
              here: v.status,
              there: operator.store.documents.get(operatorId)?.status ?? -1,
            });
          }
          const v = (await view(ctx, a, id)).json().data;
          const there = operator.store.documents.get(operatorId);
          seen[kind] = {
            steps,
            signatures: v.signatures.length,
            signaturesValid: v.signatures.every((sig: { valid?: boolean }) => sig.valid === true),
            chain: (await verifyEventChain(ctx.db, id)).valid,
          };
          expected[kind] = {
            // Each step in A's history as it is taken — the first of two clients signing too, though
            // the operator's status stays until the last.
            steps: steps.map((s, i) => ({ action: walked[i], here: s.there, there: s.there })),
            // Every signature the operator holds, here too: the CMS's signers and the others.
            signatures: (there?.cms ? signerCount(there.cms) : 0) + (there?.signatures.length ?? 0),
            signaturesValid: true,
            chain: true,
          };
        }
        expect(seen).toEqual(expected);
        // Every kind had at least one counterparty step to take.
        expect(Object.values(seen).every((k) => (k as { steps: unknown[] }).steps.length > 0)).toBe(true);
      });

    it('of several who must all act (a quorum), one who acted cannot act again at the operator', async () => {
      const documents = await sentByA();
      const quorum = documents.find(({ kind }) => getLifecycle(kind).actions.some((x) => x.quorum === 'all'));
      expect(quorum, 'a kind with a quorum action').toBeTruthy();
      const { kind, content } = quorum as (typeof documents)[number];
      const { id } = await sendKind(kind, content);
      const { operatorId } = await transport(a, id);
      const status = operator.store.documents.get(operatorId)?.status ?? -1;
      const action = getLifecycle(kind).actions.find((x) => x.quorum === 'all' && x.from.includes(status));
      const party = partiesOf(kind, content).find((p) => p.role === action?.by);
      const once = { login: party?.identity, id: operatorId, action: action?.name };
      await control('act', once);
      await expect(control('act', once)).rejects.toThrow('Документ уже подписан вами');
    });

    it('a quorum signed at the operator in another order: each signature here, each named by who signed', async () => {
      const documents = await sentByA();
      const { kind, content } = documents.find(({ kind }) =>
        getLifecycle(kind).actions.some((x) => x.quorum === 'all'),
      ) as (typeof documents)[number];
      const { id } = await sendKind(kind, content);
      const { operatorId } = await transport(a, id);
      const status = operator.store.documents.get(operatorId)?.status ?? -1;
      const action = getLifecycle(kind).actions.find((x) => x.quorum === 'all' && x.from.includes(status));
      const members = partiesOf(kind, content).filter((p) => p.role === action?.by);
      expect(members.length).toBeGreaterThanOrEqual(2);
      const accepted: string[] = [];
      // The last of them first: the status stays until every one has signed.
      for (const member of [...members].reverse()) {
        await control('act', { login: member.identity, id: operatorId, action: action?.name });
        await pull(a);
        accepted.push(member.identity);
        const v = (await view(ctx, a, id)).json().data;
        const taken = v.events.filter((e: { action: string }) => e.action === action?.name);
        expect(taken.map((e: { actor: { identity: string } }) => e.actor.identity)).toEqual(accepted);
        expect(v.status).toBe(operator.store.documents.get(operatorId)?.status);
        expect(v.signatures.filter((x: { action: string }) => x.action === action?.name)).toHaveLength(
          accepted.length,
        );
      }
      expect(operator.store.documents.get(operatorId)?.status).not.toBe(status);
      expect((await verifyEventChain(ctx.db, id)).valid).toBe(true);
    });

    it('B rejects on the operator’s side: A sees the rejection, its reason and B’s signature in history', async () => {
      const { id } = await sendInvoice();
      await ctx.app.jobs.runPending(PUSH_JOB);
      const { operatorId } = await transport(a, id);
      // Quotes, a backslash and a line break: the operator's answer carries the reason as JSON text.
      const reason = 'Shartnoma raqami noto‘g‘ri: "12\\A" emas,\nbalki 12-B';
      await control('act', { login: ORG2.identity, id: operatorId, action: 'reject', comment: reason });
      await pull(a);
      const v = (await view(ctx, a, id)).json().data;
      expect(v.status).toBe(4);
      const last = v.events.at(-1);
      expect([last.action, last.reason, last.actor.identity]).toEqual(['reject', reason, ORG2.identity]);
      expect(v.signatures.map((s: { action: string }) => s.action)).toEqual(['send', 'reject']);
      // Each verified: A's own by its action here, B's by the pull that took it from the operator.
      expect(v.signatures.map((s: { valid?: boolean }) => s.valid)).toEqual([true, true]);
      expect((await transport(a, id)).state).toBe('delivered');
      expect((await verifyEventChain(ctx.db, id)).valid).toBe(true);
    });

    it('an incoming document arrives once, with the exact signed bytes; A accepts and the operator has both signatures', async () => {
      const content = freshInvoice(ORG2.identity, ORG1.identity);
      const json = toNationalJson('invoice', content);
      const { ids } = await control('send', { items: [{ from: ORG2.identity, kind: 'invoice', json }] });
      await pull(a);
      await pull(a); // a second pull takes nothing twice
      const { rows } = await ctx.db.query<{ document_id: string }>(
        'select document_id from operator_documents where operator_id = $1',
        [ids[0]],
      );
      expect(rows.length).toBe(1);
      const documentId = rows[0].document_id;
      expect((await incomingIds(a)).filter((x) => x === documentId).length).toBe(1);
      const { rows: docs } = await ctx.db.query<{ signed_bytes: Uint8Array }>(
        'select signed_bytes from documents where id = $1',
        [documentId],
      );
      expect(Buffer.from(docs[0].signed_bytes).toString('utf8')).toBe(json);
      const accepted = await act(ctx, fixture, a, documentId, 'accept');
      expect(accepted.statusCode, accepted.body).toBe(200);
      await ctx.app.jobs.runPending(PUSH_JOB);
      const there = (await atOperator()).find((d) => d.id === ids[0]);
      expect([there?.status, there?.signers]).toEqual([3, 2]);
      expect((await transport(a, documentId)).state).toBe('atOperator');
      // The receiver's own accept signature stays valid on its view, before and after the operator's
      // state is pulled back (a received document's verdicts once covered only its signers at import).
      const verdicts = async () =>
        (await view(ctx, a, documentId))
          .json()
          .data.signatures.map((s: { action: string; valid?: boolean }) => [s.action, s.valid]);
      expect(await verdicts()).toEqual([
        ['send', true],
        ['accept', true],
      ]);
      await pull(a);
      expect(await verdicts()).toEqual([
        ['send', true],
        ['accept', true],
      ]);
    });

    it('an incoming document already acted on at the operator (on its site) arrives in that state', async () => {
      const arrived = async (action: string, comment?: string) => {
        const json = toNationalJson('invoice', freshInvoice(ORG2.identity, ORG1.identity));
        const { ids } = await control('send', { items: [{ from: ORG2.identity, kind: 'invoice', json }] });
        // A's accountant acted on the operator's own site before this server's next pull.
        await control('act', { login: ORG1.identity, id: ids[0], action, comment });
        await pull(a);
        const { rows } = await ctx.db.query<{ document_id: string; operator_status: number }>(
          'select document_id, operator_status from operator_documents where operator_id = $1',
          [ids[0]],
        );
        expect(rows.length).toBe(1);
        expect((await verifyEventChain(ctx.db, rows[0].document_id)).valid).toBe(true);
        const v = (await view(ctx, a, rows[0].document_id)).json().data;
        return {
          status: v.status,
          operatorStatus: rows[0].operator_status,
          signatures: v.signatures.map((s: { action: string; valid?: boolean }) => [s.action, s.valid]),
          reason: v.events.at(-1).reason,
        };
      };
      // An accept is a co-signature: the CMS the operator gives carries both signers.
      expect(await arrived('accept')).toMatchObject({
        status: 3,
        operatorStatus: 3,
        signatures: [
          ['send', true],
          ['accept', true],
        ],
      });
      // A rejection is a signature of its own beside the CMS: taken from the operator with its reason.
      expect(await arrived('reject', 'Narx noto‘g‘ri')).toEqual({
        status: 4,
        operatorStatus: 4,
        signatures: [
          ['send', true],
          ['reject', true],
        ],
        reason: 'Narx noto‘g‘ri',
      });
    });

    it('every kind the operator carries arrives from it: stored whole, read, in the state the operator gives', async () => {
      const carried = lifecycleKinds().filter((kind) => getLifecycle(kind).didoxCode);
      expect(carried.length).toBeGreaterThanOrEqual(9);
      const swap = (text: string) =>
        text
          .replaceAll(ORG1.identity, '\u0000')
          .replaceAll(ORG2.identity, ORG1.identity)
          .replaceAll('\u0000', ORG2.identity);
      const seen: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const kind of carried) {
        // The kind's valid document sent to A from outside: where A (302000001) is its sender, B takes
        // A's place and A B's; where someone else sends it (a person's act), it stays as it is.
        const base = (await kindCases(kind))[0].content;
        const senderOf = (c: unknown) => partiesOf(kind, c).find((p) => p.role === 'sender')?.identity;
        const turned = senderOf(base) === ORG1.identity ? JSON.parse(swap(JSON.stringify(base))) : base;
        const numberAt = getLifecycle(kind).document.number;
        const numbered = numberAt ? writeOne(turned, numberAt, `OPI-${Date.now()}`) : turned;
        const content = withNationalId(kind, numbered, false);
        const json = toNationalJson(kind, content);
        const { ids } = await control('send', { items: [{ from: senderOf(content), kind, json }] });
        await pull(a);
        const there = (await atOperator(ORG1.identity)).find((d) => d.id === ids[0]);
        const roles = partiesOf(kind, content)
          .filter((p) => p.identity === ORG1.identity)
          .map((p) => p.role);
        // A holds it once its life cycle gives A's role a list in the operator's state.
        const visible = roles.some((role) => boxAfter(kind, there?.status ?? -1, role, null));
        const { rows } = await ctx.db.query<{ document_id: string | null; transport_state: string }>(
          'select document_id, transport_state from operator_documents where operator_id = $1',
          [ids[0]],
        );
        const stored = rows[0]?.document_id ? (await view(ctx, a, rows[0].document_id)).json().data : null;
        const bytes = rows[0]?.document_id
          ? (
              await ctx.db.query<{ signed_bytes: Uint8Array }>(
                'select signed_bytes from documents where id = $1',
                [rows[0].document_id],
              )
            ).rows[0].signed_bytes
          : null;
        seen[kind] = {
          transport: rows[0]?.transport_state ?? null,
          status: stored?.status ?? null,
          recognized: stored ? stored.warnings?.recognized : null,
          sameBytes: bytes ? Buffer.from(bytes).equals(Buffer.from(json)) : null,
        };
        expected[kind] = visible
          ? { transport: 'delivered', status: there?.status, recognized: true, sameBytes: true }
          : { transport: null, status: null, recognized: null, sameBytes: null };
      }
      expect(seen).toEqual(expected);
      // Not all of them trivially absent: most kinds reach A on their first send.
      expect(
        Object.values(expected).filter((e) => (e as { transport: string | null }).transport).length,
      ).toBeGreaterThan(5);
    });

    it('a status the hub sets with no signature to explain it wins, and is an event of the history', async () => {
      const json = toNationalJson('invoice', freshInvoice(ORG2.identity, ORG1.identity));
      const { ids } = await control('send', { items: [{ from: ORG2.identity, kind: 'invoice', json }] });
      await control('act', { login: ORG1.identity, id: ids[0], action: 'accept' });
      await pull(a);
      const { rows } = await ctx.db.query<{ document_id: string }>(
        'select document_id from operator_documents where operator_id = $1',
        [ids[0]],
      );
      expect((await view(ctx, a, rows[0].document_id)).json().data.status).toBe(3);
      // No action leads from signed (3) to rejected (4): only the hub's word says it.
      await control('status', { id: ids[0], status: 4 });
      await pull(a);
      const v = (await view(ctx, a, rows[0].document_id)).json().data;
      expect(v.status).toBe(4);
      expect(v.events.at(-1)).toMatchObject({ action: 'operatorStatus', fromStatus: 3, toStatus: 4 });
      expect(v.events.at(-1).actor.name).toBe('Didox'); // the operator by its name, not its id
      expect(v.signatures).toHaveLength(2); // nothing signed is made up for it
      expect((await verifyEventChain(ctx.db, rows[0].document_id)).valid).toBe(true);
      const { rows: transport } = await ctx.db.query<{ operator_status: number }>(
        'select operator_status from operator_documents where operator_id = $1',
        [ids[0]],
      );
      expect(transport[0].operator_status).toBe(4);
    });

    it('a pull while a local accept waits to be pushed does not take back the state the operator still has', async () => {
      const content = freshInvoice(ORG2.identity, ORG1.identity);
      const json = toNationalJson('invoice', content);
      const { ids } = await control('send', { items: [{ from: ORG2.identity, kind: 'invoice', json }] });
      await pull(a);
      const { rows } = await ctx.db.query<{ document_id: string }>(
        'select document_id from operator_documents where operator_id = $1',
        [ids[0]],
      );
      const documentId = rows[0].document_id;
      const statusHere = async () =>
        (await ctx.db.query<{ status: number }>('select status from documents where id = $1', [documentId]))
          .rows[0].status;
      const received = await statusHere();
      const accepted = await act(ctx, fixture, a, documentId, 'accept');
      expect(accepted.statusCode, accepted.body).toBe(200);
      const acceptedHere = await statusHere();
      expect(acceptedHere).not.toBe(received);
      // The accept is not pushed yet; the operator's list is read again from its start, so the
      // document comes again in the state the operator still holds (received, not accepted).
      await ctx.db.query('delete from operator_cursors where organization_id = $1', [orgA]);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/Synchronize/syncNow', headers: auth(a) });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.app.jobs.runPending(PULL_JOB);
      expect(await statusHere()).toBe(acceptedHere);
      const { rows: events } = await ctx.db.query<{ action: string }>(
        'select action from document_events where document_id = $1 order by seq',
        [documentId],
      );
      // The sender's send and its receipt here, then the accept made here — no step back.
      expect(events.map((e) => e.action)).toEqual(['send', 'import', 'accept']);
      // Pushed, the operator holds the accept too, and a pull changes nothing here.
      await ctx.app.jobs.runPending(PUSH_JOB);
      expect((await transport(a, documentId)).state).toBe('atOperator');
      await pull(a);
      expect(await statusHere()).toBe(acceptedHere);
    });

    it('a push retried after a lost answer creates one document at the operator', async () => {
      operator.faults.loseAnswer = { endpoint: 'create', count: 1 };
      const content = freshInvoice();
      const { id } = await sendInvoice(content);
      await ctx.app.jobs.runPending(PUSH_JOB);
      const waiting = await transport(a, id);
      expect([waiting.state, waiting.failureCode]).toEqual(['queued', 'OPERATOR_DOWN']);
      await retry(id);
      expect((await transport(a, id)).state).toBe('atOperator');
      const same = (await atOperator(ORG1.identity)).filter((d) => d.nationalId === content.FacturaId);
      expect(same.map((d) => d.status)).toEqual([1]);
    });

    it('429 and an operator that is down: queued with growing delays, said on the transport state, nothing lost', async () => {
      operator.faults.tooMany = 100;
      operator.faults.retryAfterSeconds = 1;
      const { id } = await sendInvoice();
      await ctx.app.jobs.runPending(PUSH_JOB);
      const first = await transport(a, id);
      expect([first.state, first.failureCode, first.attempts]).toEqual(['queued', 'RATE_LIMITED', 1]);
      operator.faults.tooMany = 0;
      operator.faults.down = true;
      await retry(id);
      const second = await transport(a, id);
      expect([second.state, second.failureCode, second.attempts]).toEqual(['queued', 'OPERATOR_DOWN', 2]);
      const firstWait = new Date(first.nextAttemptAt).getTime();
      const secondWait = new Date(second.nextAttemptAt).getTime();
      expect(secondWait).toBeGreaterThan(firstWait);
      operator.faults.down = false;
      await retry(id);
      expect((await transport(a, id)).state).toBe('atOperator');
    });

    it('a staff member without the kind’s rights neither pushes nor pulls it; a pull by one who may takes what was held', async () => {
      const boss = { token: a.token };
      const call = (who: { token: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
        ctx.app.inject({ method, url, headers: { authorization: `Bearer ${who.token}` }, payload });
      // Every right of every kind but the invoice's.
      const role = (
        await call(boss, 'POST', '/api/Roles/add', { name: 'No invoices (operators test)' })
      ).json().data.id;
      const actions = lifecycleKinds()
        .flatMap((kind) => DOCUMENT_RIGHTS.map((right) => `${kind}:${right}`))
        .filter((code) => !code.startsWith('invoice:'))
        .concat('admin:allBranches');
      const granted = await call(boss, 'POST', `/api/Auth/upsertAuthRoleActions?roleId=${role}`, { actions });
      expect(granted.statusCode, granted.body).toBe(200);
      const session = await staffMember(
        ctx,
        { ...(await call(boss, 'GET', '/api/Auth/getUserInfoOwn')).json().data, token: a.token },
        role,
        'No invoices (demo)',
      );
      const member: SignedIn = { keyId: a.keyId, identity: a.identity, token: session.token };

      // Push: the member cannot send A's invoice to B, so nothing goes to the operator.
      const { id } = await (async () => {
        const added = await addDraft(ctx, a, 'invoice', freshInvoice());
        expect(added.statusCode, added.body).toBe(200);
        return { id: added.json().data.id as string };
      })();
      const before = (await atOperator(ORG1.identity)).length;
      expect((await act(ctx, fixture, member, id, 'send')).statusCode).toBe(403);
      expect(
        (await call(member, 'POST', `/api/Synchronize/retryTransport?documentId=${id}`)).statusCode,
      ).toBe(403);
      expect((await call(member, 'GET', `/api/Synchronize/getSendRoute?documentId=${id}`)).statusCode).toBe(
        403,
      );
      await ctx.app.jobs.runPending(PUSH_JOB);
      const { rows: queued } = await ctx.db.query('select 1 from operator_outbox where document_id = $1', [
        id,
      ]);
      expect(queued).toHaveLength(0);
      expect(await transport(a, id)).toBeNull();
      expect((await atOperator(ORG1.identity)).length).toBe(before);

      // Pull: B's invoice from outside, pulled by the member, is held — stored nowhere, listed to nobody.
      const json = toNationalJson('invoice', freshInvoice(ORG2.identity, ORG1.identity));
      const { ids } = await control('send', { items: [{ from: ORG2.identity, kind: 'invoice', json }] });
      await pull(member);
      const held = async () =>
        (
          await ctx.db.query<{ transport_state: string; document_id: string | null }>(
            'select transport_state, document_id from operator_documents where operator_id = $1',
            [ids[0]],
          )
        ).rows;
      expect(await held()).toEqual([{ transport_state: 'held', document_id: null }]);
      const { rows: stored } = await ctx.db.query('select 1 from documents where national_id = $1', [
        JSON.parse(json).FacturaId,
      ]);
      expect(stored).toHaveLength(0);
      const memberList = await call(
        member,
        'GET',
        '/api/Document/getList?DocDirection=incoming&Page=1&Size=90',
      );
      expect(memberList.body).not.toContain(JSON.parse(json).FacturaId);
      // The director may: the next pull takes it, once.
      await pull(a);
      const taken = await held();
      expect(taken.map((r) => r.transport_state)).toEqual(['delivered']);
      expect((await incomingIds(a)).filter((x) => x === taken[0].document_id)).toHaveLength(1);
      // Still nothing for the member: the document is there, the right is not.
      expect(
        (await call(member, 'GET', `/api/Document/getById?documentId=${taken[0].document_id}`)).statusCode,
      ).toBe(403);
    });

    // Kinds the operator carries whose cancel signs the document's id (`{"documentId": true}`: the
    // acts) and a company sends.
    const cancelsById =
      providerOf('didox')
        ?.kinds()
        .filter((kind) => {
          const cancel = actionInfo(kind, 'cancel');
          const fields = Object.values(cancel?.sign.fields ?? {});
          return fields.some((f) => 'documentId' in f) && !getLifecycle(kind).parties.sender?.individual;
        }) ?? [];

    it('the kinds whose cancel names the document are known (the acts)', () => {
      expect(cancelsById.length).toBeGreaterThan(0);
    });

    for (const kind of cancelsById)
      it(`a ${kind}'s cancel signs the operator's id of the document, and the operator takes it`, async () => {
        const content = demoDocuments(kind)[0].content;
        const added = await addDraft(ctx, a, kind, content);
        expect(added.statusCode, added.body).toBe(200);
        const id = added.json().data.id as string;
        // Not at the operator yet (its push waits): the cancel is not offered for signing.
        operator.faults.down = true;
        try {
          expect((await act(ctx, fixture, a, id, 'send')).statusCode).toBe(200);
          await ctx.app.jobs.runPending(PUSH_JOB);
          const early = await getModelSign(ctx, a, id, 'cancel');
          expect([early.statusCode, early.json().code]).toEqual([409, 'NOT_AT_OPERATOR_YET']);
        } finally {
          operator.faults.down = false;
        }
        await retry(id);
        const { operatorId } = await transport(a, id);
        expect(operatorId).toBeTruthy();
        const model = await getModelSign(ctx, a, id, 'cancel');
        expect(model.statusCode, model.body).toBe(200);
        const signed = JSON.parse(Buffer.from(model.json().data.toSign, 'base64').toString('utf8'));
        expect(signed.DocumentId).toBe(operatorId);
        const cancelled = await act(ctx, fixture, a, id, 'cancel');
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        await ctx.app.jobs.runPending(PUSH_JOB);
        const after = await transport(a, id);
        expect([after.state, after.failureCode, after.operatorStatus]).toEqual([
          'atOperator',
          null,
          actionInfo(kind, 'cancel')?.to,
        ]);
        expect(operator.store.documents.get(operatorId)?.status).toBe(actionInfo(kind, 'cancel')?.to);
      });

    it('/metrics shows the sync lag: small after a pull, grown when the last good pull is old', async () => {
      const lag = async () => {
        const text = (await ctx.app.metrics.render()).body;
        const line = text
          .split('\n')
          .find((l) => l.startsWith('hujjat_operator_sync_lag_seconds{provider="didox"}'));
        return Number(line?.slice(line.lastIndexOf(' ') + 1));
      };
      await pull(a);
      expect(await lag()).toBeLessThan(600);
      await ctx.db.query(
        "update operator_runs set finished_at = now() - interval '2 hours', started_at = now() - interval '2 hours' where organization_id = $1",
        [orgA],
      );
      expect(await lag()).toBeGreaterThanOrEqual(7200);
    });

    it('an outsider’s documents never arrive in another company’s lists', async () => {
      const json = toNationalJson('invoice', freshInvoice(ORG3.identity, ORG2.identity));
      const { ids } = await control('send', { items: [{ from: ORG3.identity, kind: 'invoice', json }] });
      await pull(a);
      const { rows } = await ctx.db.query('select 1 from operator_documents where operator_id = $1', [
        ids[0],
      ]);
      expect(rows.length).toBe(0);
      // What A pulls is A's: the third company on this server neither lists nor opens it.
      const toA = toNationalJson('invoice', freshInvoice(ORG2.identity, ORG1.identity));
      const sent = await control('send', { items: [{ from: ORG2.identity, kind: 'invoice', json: toA }] });
      await pull(a);
      const { rows: taken } = await ctx.db.query<{ document_id: string }>(
        'select document_id from operator_documents where operator_id = $1',
        [sent.ids[0]],
      );
      expect(taken).toHaveLength(1);
      expect(await incomingIds(a)).toContain(taken[0].document_id);
      const third = await signIn(ctx, fixture, ORG3);
      expect(await incomingIds(third)).not.toContain(taken[0].document_id);
      expect((await view(ctx, third, taken[0].document_id)).statusCode).toBe(404);
    });

    it('names every action of the histories it wrote in ru, uz and en', async () => {
      const actions = await expectEventLabels(ctx.db);
      // What the sync alone writes is among them: the check covers it.
      expect(actions).toEqual(expect.arrayContaining(['import', 'operatorStatus']));
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
      operator: operatorConfig,
      operatorCredentialsKey: credentialKey,
    },
  },
);
