// The didox provider against the stand-in operator: every action of every kind's life cycle
// (parametrised over lifecycle.json), the documented errors, the list of changes and its cursor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ActionDeclaration,
  getLifecycle,
  lifecycleKinds,
  nextStatus,
  partiesOf,
} from '../../../src/engine/lifecycle';
import { OperatorError, type OperatorSession } from '../../../src/server/services/operators/providers';
import { didoxProvider } from '../../../src/server/services/operators/providers/didox';
import {
  BUYER,
  credentialsOf,
  demoDocuments,
  join,
  nationalBytes,
  SELLER,
  type StandInFixture,
  startStandInFixture,
  THIRD,
  userSignature,
} from './standInFixture';

let fx: StandInFixture;
beforeAll(async () => {
  fx = await startStandInFixture();
}, 60_000);
afterAll(() => fx?.dispose());

const sessions = new Map<string, OperatorSession>();
async function session(login: string) {
  let held = sessions.get(login);
  if (!held) {
    held = await didoxProvider.signIn(credentialsOf(fx.operator, login));
    sessions.set(login, held);
  }
  return held;
}

type Step = { action: ActionDeclaration; actors: string[]; to: number };

/** The shortest way from the initial status to `target` being taken (each quorum step by all its parties). */
function pathTo(kind: string, content: unknown, target: string): Step[] | null {
  const lifecycle = getLifecycle(kind);
  const parties = partiesOf(kind, content);
  const queue: Array<{ status: number; steps: Step[] }> = [{ status: lifecycle.initial, steps: [] }];
  const seen = new Set<number>();
  while (queue.length) {
    const { status, steps } = queue.shift() as { status: number; steps: Step[] };
    if (seen.has(status)) continue;
    seen.add(status);
    for (const action of lifecycle.actions.filter((a) => a.from.includes(status))) {
      const holders = parties.filter((p) => p.role === action.by).map((p) => p.identity);
      if (!holders.length) continue;
      const actors = action.quorum === 'all' ? holders : [holders[0]];
      const acted = actors
        .slice(0, -1)
        .map((identity) => ({ role: action.by, identity, action: action.name }));
      const to = nextStatus(kind, action.name, { status, content, parties, acted, identity: actors.at(-1) });
      if (to === null) continue;
      const next = [...steps, { action, actors, to }];
      if (action.name === target) return next;
      queue.push({ status: to, steps: next });
    }
  }
  return null;
}

async function take(operatorId: string, kind: string, step: Step) {
  const reason = step.action.reason ? `Причина: ${step.action.name}` : null;
  let status = -1;
  for (const actor of step.actors) {
    const s = await session(actor);
    const what = await didoxProvider.toSign(s, operatorId, kind, step.action.name, reason);
    const own = await userSignature(fx.pki, actor, what.bytes);
    const signature = what.cms ? join(what.cms, own) : own;
    ({ status } = await didoxProvider.submit(s, operatorId, kind, step.action.name, signature, reason));
  }
  return status;
}

const kinds = lifecycleKinds().filter((kind) => getLifecycle(kind).didoxCode);
const cases = kinds.flatMap((kind) => getLifecycle(kind).actions.map((a) => [kind, a.name] as const));

describe('every action of every kind through the didox provider', () => {
  it('covers every kind the operator carries', () => {
    expect(didoxProvider.kinds().sort()).toEqual([...kinds].sort());
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases)('%s: %s', async (kind, target) => {
    const candidates = demoDocuments(kind)
      .map((d) => ({ ...d, path: pathTo(kind, d.content, target) }))
      .filter((d) => d.path);
    expect(candidates.length, `no valid fixture of ${kind} reaches ${target}`).toBeGreaterThan(0);
    const { content, path } = candidates[0] as { content: Record<string, unknown>; path: Step[] };
    const bytes = nationalBytes(kind, content);
    const sender = await session(SELLER);
    const created = await didoxProvider.createDocument(sender, kind, bytes);
    for (const step of path) {
      const answered = await take(created.operatorId, kind, step);
      const held = await didoxProvider.fetchDocument(await session(step.actors[0]), created.operatorId);
      expect(held.status, `${step.action.name} → ${step.to}`).toBe(step.to);
      expect(answered).toBe(step.to);
      // The document of record is what the sender signed, never re-serialized.
      expect(Buffer.from(held.signedBytes).equals(Buffer.from(bytes))).toBe(true);
      if (step.action.sign.shape === 'wrap' || step.action.sign.shape === 'object')
        expect(held.signatures.map((s) => s.action)).toContain(step.action.name);
    }
  });
});

describe('the documented errors, typed', () => {
  const invoice = () => demoDocuments('invoice').find((d) => d.file.startsWith('01')) as { content: object };

  it('refuses a wrong password (401)', async () => {
    const err = await didoxProvider
      .signIn({ ...credentialsOf(fx.operator, SELLER), password: 'wrong' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(OperatorError);
    expect(err.kind).toBe('unauthorized');
  });

  it('answers 422 while the offer is not signed, 403 without authority for the type', async () => {
    await fetch(`${fx.operator.url}/control/companies`, {
      method: 'POST',
      body: JSON.stringify({ companies: [{ login: SELLER, offerSigned: false }] }),
    });
    const s = await session(SELLER);
    const bytes = nationalBytes('invoice', invoice().content);
    const { operatorId } = await didoxProvider.createDocument(s, 'invoice', bytes);
    const what = await didoxProvider.toSign(s, operatorId, 'invoice', 'send');
    const signature = await userSignature(fx.pki, SELLER, what.bytes);
    const offer = await didoxProvider.submit(s, operatorId, 'invoice', 'send', signature).catch((e) => e);
    expect([offer.kind, offer.httpStatus, offer.message]).toEqual(['rejected', 422, 'Оферта не подписана']);
    await fetch(`${fx.operator.url}/control/companies`, {
      method: 'POST',
      body: JSON.stringify({ companies: [{ login: SELLER, offerSigned: true, noAuthority: ['invoice'] }] }),
    });
    const forbidden = await didoxProvider.submit(s, operatorId, 'invoice', 'send', signature).catch((e) => e);
    expect([forbidden.kind, forbidden.httpStatus]).toEqual(['forbidden', 403]);
    await fetch(`${fx.operator.url}/control/companies`, {
      method: 'POST',
      body: JSON.stringify({ companies: [{ login: SELLER, noAuthority: [] }] }),
    });
    expect((await didoxProvider.submit(s, operatorId, 'invoice', 'send', signature)).status).toBe(1);
  });

  it('refuses a signature over other bytes (422)', async () => {
    const s = await session(SELLER);
    const { operatorId } = await didoxProvider.createDocument(
      s,
      'invoice',
      nationalBytes('invoice', invoice().content),
    );
    const other = await userSignature(fx.pki, SELLER, new TextEncoder().encode('{"other":1}'));
    const err = await didoxProvider.submit(s, operatorId, 'invoice', 'send', other).catch((e) => e);
    expect([err.kind, err.httpStatus]).toEqual(['rejected', 422]);
  });

  it('answers 429 with Retry-After, and 503 while down', async () => {
    const s = await session(SELLER);
    Object.assign(fx.operator.faults, { tooMany: 1, retryAfterSeconds: 7 });
    const limited = await didoxProvider.listChanges(s, null).catch((e) => e);
    expect([limited.kind, limited.retryAfterMs]).toEqual(['rateLimited', 7000]);
    Object.assign(fx.operator.faults, { down: true });
    const down = await didoxProvider.listChanges(s, null).catch((e) => e);
    expect([down.kind, down.transient]).toEqual(['down', true]);
    Object.assign(fx.operator.faults, { down: false });
    expect((await didoxProvider.listChanges(s, null)).changes.length).toBeGreaterThan(0);
  });

  it('a company that is not a party sees nothing of a document (list and fetch)', async () => {
    const s = await session(SELLER);
    const content = invoice().content;
    const { operatorId } = await didoxProvider.createDocument(
      s,
      'invoice',
      nationalBytes('invoice', content),
    );
    const what = await didoxProvider.toSign(s, operatorId, 'invoice', 'send');
    await didoxProvider.submit(
      s,
      operatorId,
      'invoice',
      'send',
      await userSignature(fx.pki, SELLER, what.bytes),
    );
    const outsider = await session(THIRD);
    let cursor: string | null = null;
    const seen: string[] = [];
    for (;;) {
      const page = await didoxProvider.listChanges(outsider, cursor, 50);
      seen.push(...page.changes.map((c) => c.operatorId));
      cursor = page.cursor;
      if (!page.more) break;
    }
    expect(seen).not.toContain(operatorId);
    const err = await didoxProvider.fetchDocument(outsider, operatorId).catch((e) => e);
    expect(err.kind).toBe('notFound');
    // The receiver sees it waiting for its signature (Didox's 2), read back as the stored 1.
    const change = (await didoxProvider.listChanges(await session(BUYER), null, 1000)).changes.find(
      (c) => c.operatorId === operatorId,
    );
    expect([change?.status, change?.outgoing, change?.kind]).toEqual([1, false, 'invoice']);
  });
});

describe('the list of changes', () => {
  it('pages by `updated` from a cursor: each change once, ties at a page border kept', async () => {
    const s = await session(BUYER);
    const all: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const page = await didoxProvider.listChanges(s, cursor, 3);
      all.push(...page.changes.map((c) => `${c.operatorId}@${c.updated}`));
      cursor = page.cursor;
      if (!page.more) break;
    }
    const whole = (await didoxProvider.listChanges(s, null, 1000)).changes.map(
      (c) => `${c.operatorId}@${c.updated}`,
    );
    expect(all).toEqual(whole);
    expect(new Set(all).size).toBe(all.length);
    // Nothing new since the last cursor.
    expect((await didoxProvider.listChanges(s, cursor, 3)).changes).toEqual([]);
  });

  it('finds a document made before by its national id (look before re-creating)', async () => {
    const s = await session(SELLER);
    const { content } = demoDocuments('completionAct')[0];
    const { operatorId } = await didoxProvider.createDocument(
      s,
      'completionAct',
      nationalBytes('completionAct', content),
    );
    const found = await didoxProvider.findDocument(s, 'completionAct', (content as { ActId: string }).ActId);
    expect(found?.operatorId).toBe(operatorId);
    expect(await didoxProvider.findDocument(s, 'completionAct', 'ffffffffffffffffffffffff')).toBeNull();
  });
});
