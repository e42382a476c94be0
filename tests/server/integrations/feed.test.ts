// The event feed (issue 30): under concurrent writers a reader that restarts midway (its cursor kept,
// a second server instance on the same database) sees every committed event exactly once, in one
// order; nothing of another organisation, of a kind it may not view, or of a draft it never received.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { lifecycleKinds } from '../../../src/engine/lifecycle';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/client';
import { DOCUMENT_RIGHTS } from '../../../src/server/services/access/actions';
import { FEED_MIN_INTERVAL_MS } from '../../../src/server/services/feed';
import { bearer, director, ROLE, type Session, staffMember } from '../access/helpers';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  ORG3,
  signIn,
} from '../documents/exchange';
import { type TestContext, testConfig, withDatabases } from '../harness';

const WRITERS = 20;
/** How long the writers write (the 60 s: FEED_TEST_SECONDS=60). */
const SECONDS = Number(process.env.FEED_TEST_SECONDS ?? 6);

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

const draftOf = (n: string, seller = ORG1.identity) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { FacturaNo: n, FacturaDate: '2026-11-20' },
  SellerTin: seller,
  BuyerTin: ORG2.identity,
  ProductList: { ...invoice.ProductList, Tin: seller },
});

/** A member of organisation 1 whose role has every right but `invoice:view`. */
async function memberWithoutInvoiceView(ctx: TestContext, boss: Session, name: string) {
  const role = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/Roles/add',
      headers: bearer(boss),
      payload: { name: `Feed: no invoices (${name})` },
    })
  ).json().data.id;
  const actions = lifecycleKinds()
    .flatMap((kind) => DOCUMENT_RIGHTS.map((right) => `${kind}:${right}`))
    .filter((code) => code !== 'invoice:view');
  const granted = await ctx.app.inject({
    method: 'POST',
    url: `/api/Auth/upsertAuthRoleActions?roleId=${role}`,
    headers: bearer(boss),
    payload: { actions },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  return staffMember(ctx, await director(ctx, 1), role, name);
}

interface Seen {
  id: string;
  documentId: string;
  seq: number | null;
  kind: string;
  action: string;
}

withDatabases(
  'event feed',
  (ctx: TestContext) => {
    let boss: Session;
    const feed = async (app: TestContext['app'], who: { token: string }, query: string) => {
      for (;;) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/Events/getList?${query}`,
          headers: bearer(who as Session),
        });
        // A reader of small full pages (answered at once) reaches its 120 a minute in a long run
        // (FEED_TEST_SECONDS=60): it waits as told and reads on from the same cursor, as a client must.
        if (res.statusCode === 429) {
          const seconds = Number(res.headers['retry-after'] ?? 1);
          await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
          continue;
        }
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { events: Seen[]; cursor: string };
      }
    };

    beforeAll(async () => {
      boss = await director(ctx, 1);
    });

    it('20 writers, a reader restarting midway: every committed event once, in one order', async () => {
      // Where the reader starts: after everything already there.
      const start = (await feed(ctx.app, boss, 'limit=500')).cursor;
      let drained = start;
      for (;;) {
        const page = await feed(ctx.app, boss, `limit=500&cursor=${encodeURIComponent(drained)}`);
        if (!page.events.length) break;
        drained = page.cursor;
      }
      const before = await ctx.db.query<{ n: string }>('select count(*)::text as n from document_events');

      let writing = true;
      const written: string[] = [];
      const writer = async (w: number) => {
        let i = 0;
        while (writing) {
          i += 1;
          const added = await addDraft(
            ctx,
            { ...ORG1, token: boss.token },
            'invoice',
            draftOf(`F-${w}-${i}`),
          );
          expect(added.statusCode, added.body).toBe(200);
          const { id, version } = added.json().data;
          written.push(id);
          // A second event of the same document in a later transaction.
          const updated = await ctx.app.inject({
            method: 'PUT',
            url: `/api/Document/update?documentId=${id}&version=${version ?? 1}`,
            headers: bearer(boss),
            payload: draftOf(`F-${w}-${i}u`),
          });
          expect(updated.statusCode, updated.body).toBe(200);
        }
      };

      // The reader: small pages (many page boundaries), long polling; restarts on a second instance.
      const seen: Seen[] = [];
      let cursor = drained;
      let second: TestContext['app'] | null = null;
      const reader = async () => {
        const began = Date.now();
        while (writing) {
          const app = second ?? ctx.app;
          const page = await feed(app, boss, `limit=7&wait=1&cursor=${encodeURIComponent(cursor)}`);
          seen.push(...page.events);
          cursor = page.cursor;
          if (!second && Date.now() - began > (SECONDS * 1000) / 2) {
            // A restart: nothing kept but the cursor; another instance on the same database.
            const appDb: Db = { ...ctx.db, close: async () => {} };
            second = await buildApp(testConfig({ logLevel: 'silent' }), { db: appDb, logger: false });
            await second.ready();
          }
        }
      };

      // Meanwhile organisation 3 writes too, and a member of organisation 1 without invoice:view reads
      // the same feed: neither reader may see organisation 3's events, the second no invoice at all.
      const outsider = await director(ctx, 3);
      const outsiderWritten: string[] = [];
      const outsiderWriter = async (w: number) => {
        let i = 0;
        while (writing) {
          i += 1;
          const added = await addDraft(
            ctx,
            { ...ORG3, token: outsider.token },
            'invoice',
            draftOf(`O-${w}-${i}`, ORG3.identity),
          );
          expect(added.statusCode, added.body).toBe(200);
          outsiderWritten.push(added.json().data.id);
        }
      };
      const restricted = await memberWithoutInvoiceView(ctx, boss, 'Feed concurrent no view (demo)');
      const restrictedSeen: Seen[] = [];
      const restrictedReader = async () => {
        let c = (await feed(ctx.app, restricted, 'limit=500')).cursor;
        while (writing) {
          const page = await feed(ctx.app, restricted, `limit=50&wait=1&cursor=${encodeURIComponent(c)}`);
          restrictedSeen.push(...page.events);
          c = page.cursor;
        }
      };

      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      const outsiders = [0, 1].map(outsiderWriter);
      const reading = reader();
      const restrictedReading = restrictedReader();
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      // On a slow machine: on until the writers wrote more than one document each, and organisation 3 some.
      while (written.length <= WRITERS || !outsiderWritten.length)
        await new Promise((resolve) => setTimeout(resolve, 100));
      writing = false;
      await Promise.all([...writers, ...outsiders]);
      await reading;
      await restrictedReading;
      // Whatever committed after the reader's last page.
      for (;;) {
        const page = await feed(second ?? ctx.app, boss, `limit=500&cursor=${encodeURIComponent(cursor)}`);
        if (!page.events.length) break;
        seen.push(...page.events);
        cursor = page.cursor;
      }
      await (second as TestContext['app'] | null)?.close();

      expect(written.length).toBeGreaterThan(WRITERS);
      const { rows: committed } = await ctx.db.query<{ document_id: string; seq: number }>(
        `select e.document_id, e.seq from document_events e where e.document_id = any($1::uuid[])`,
        [written],
      );
      const key = (e: { documentId?: string; document_id?: string; seq: number | null }) =>
        `${e.documentId ?? e.document_id}/${e.seq}`;
      const seenKeys = seen.map(key);
      // Exactly once: no repeats, and every committed event of the writers' documents.
      expect(new Set(seenKeys).size).toBe(seenKeys.length);
      expect(new Set(seenKeys)).toEqual(new Set(committed.map(key)));
      expect(seen.length).toBe(committed.length);
      // Organisation 3's events were committed among them, and none reached either reader.
      expect(outsiderWritten.length).toBeGreaterThan(0);
      const outsiders3 = new Set(outsiderWritten);
      expect(seen.filter((e) => outsiders3.has(e.documentId))).toEqual([]);
      expect(restrictedSeen.filter((e) => e.kind === 'invoice' || outsiders3.has(e.documentId))).toEqual([]);
      const { rows: outsiderEvents } = await ctx.db.query<{ n: string }>(
        'select count(*)::text as n from document_events where document_id = any($1::uuid[])',
        [outsiderWritten],
      );
      const after = await ctx.db.query<{ n: string }>('select count(*)::text as n from document_events');
      expect(Number(after.rows[0].n) - Number(before.rows[0].n)).toBe(
        committed.length + Number(outsiderEvents[0].n),
      );
      // One order: ids rise, and each document's events come in their own order.
      const ids = seen.map((e) => BigInt(e.id));
      for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
      const last = new Map<string, number>();
      for (const e of seen) {
        expect(e.seq).toBeGreaterThan(last.get(e.documentId) ?? 0);
        last.set(e.documentId, e.seq ?? 0);
      }
    }, 180_000);

    it('an event that commits after a later-started one is not skipped (PostgreSQL: two connections)', async () => {
      if (ctx.kind !== 'postgresql') return;
      const ids: string[] = [];
      for (const n of ['GAP-1', 'GAP-2']) {
        const added = await addDraft(ctx, { ...ORG1, token: boss.token }, 'invoice', draftOf(n));
        ids.push(added.json().data.id);
      }
      let cursor = '';
      for (;;) {
        const page = await feed(ctx.app, boss, `limit=500&cursor=${encodeURIComponent(cursor)}`);
        if (!page.events.length) break;
        cursor = page.cursor;
      }
      const insertEvent = (tx: Db, documentId: string) =>
        tx.query(
          `insert into document_events (document_id, seq, action, content_hash, at, prev_hash, hash)
           values ($1, 100, 'update', 'x', now(), 'x', 'x')`,
          [documentId],
        );
      // A writes first and commits last; B writes second and commits first.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written!: () => void;
      const aWrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const a = ctx.db.transaction(async (tx) => {
        await insertEvent(tx, ids[0]);
        written();
        await held;
      });
      await aWrote;
      await ctx.db.transaction((tx) => insertEvent(tx, ids[1]));
      const first = await feed(ctx.app, boss, `limit=500&cursor=${encodeURIComponent(cursor)}`);
      expect(first.events.map((e) => e.documentId)).toEqual([ids[1]]);
      release();
      await a;
      const second = await feed(ctx.app, boss, `limit=500&cursor=${encodeURIComponent(first.cursor)}`);
      expect(second.events.map((e) => e.documentId)).toEqual([ids[0]]);
    });

    it('shows nothing of another organisation, of drafts not received, of kinds not viewable', async () => {
      const seller = await signIn(ctx, fixture, ORG1);
      const buyer = await signIn(ctx, fixture, ORG2);
      const buyerStart = (await feed(ctx.app, buyer, 'limit=1')).cursor;
      let buyerCursor = buyerStart;
      for (;;) {
        const page = await feed(ctx.app, buyer, `limit=500&cursor=${encodeURIComponent(buyerCursor)}`);
        if (!page.events.length) break;
        buyerCursor = page.cursor;
      }
      const added = await addDraft(ctx, seller, 'invoice', draftOf('FEED-SENT-1'));
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json().data.id;
      const other = await addDraft(ctx, seller, 'invoice', draftOf('FEED-DRAFT-1'));
      const draftId = other.json().data.id;
      expect((await act(ctx, fixture, seller, id, 'send')).statusCode).toBe(200);
      expect((await act(ctx, fixture, buyer, id, 'accept')).statusCode).toBe(200);

      const buyerEvents = (await feed(ctx.app, buyer, `limit=500&cursor=${encodeURIComponent(buyerCursor)}`))
        .events;
      expect(buyerEvents.filter((e) => e.documentId === id).map((e) => e.action)).toEqual(['send', 'accept']);
      expect(buyerEvents.some((e) => e.documentId === draftId)).toBe(false);

      // The seller's staff: one without invoice:view sees no invoice event; a viewer sees them.
      const noView = await memberWithoutInvoiceView(ctx, await director(ctx, 1), 'Feed no view (demo)');
      const viewer = await staffMember(ctx, await director(ctx, 1), ROLE.viewer, 'Feed viewer (demo)');
      const all = async (who: Session) => {
        const events: Seen[] = [];
        let c = '';
        for (;;) {
          const page = await feed(ctx.app, who, `limit=500&cursor=${encodeURIComponent(c)}`);
          if (!page.events.length) return events;
          events.push(...page.events);
          c = page.cursor;
        }
      };
      const viewerEvents = await all(viewer);
      expect(viewerEvents.filter((e) => e.documentId === id).map((e) => e.action)).toEqual([
        'create',
        'send',
        'accept',
      ]);
      expect((await all(noView)).filter((e) => e.kind === 'invoice')).toEqual([]);

      // Organisation 3 sees none of it.
      const third = await director(ctx, 3);
      const thirdEvents = await all(third);
      expect(thirdEvents.some((e) => e.documentId === id || e.documentId === draftId)).toBe(false);

      // A draft deleted for good: its removal is an event too.
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/Document/delete?documentId=${draftId}`,
        headers: auth(seller),
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const tail = await all(viewer);
      expect(tail.filter((e) => e.documentId === draftId).map((e) => e.action)).toEqual(['create', 'remove']);
    }, 300_000);

    it('refuses a cursor it did not give out; long polling wakes on a commit', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/Events/getList?cursor=12345',
        headers: bearer(boss),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_CURSOR');

      let cursor = '';
      for (;;) {
        const page = await feed(ctx.app, boss, `limit=500&cursor=${encodeURIComponent(cursor)}`);
        if (!page.events.length) break;
        cursor = page.cursor;
      }
      const waiting = feed(ctx.app, boss, `wait=30&cursor=${encodeURIComponent(cursor)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const added = await addDraft(ctx, { ...ORG1, token: boss.token }, 'invoice', draftOf('FEED-WAIT-1'));
      const page = await waiting;
      expect(page.events.map((e) => e.documentId)).toEqual([added.json().data.id]);
    }, 60_000);

    it('a caught-up follower asking again at once is held until the interval has passed', async () => {
      let cursor = '';
      for (;;) {
        const page = await feed(ctx.app, boss, `limit=500&cursor=${encodeURIComponent(cursor)}`);
        cursor = page.cursor;
        if (!page.events.length) break;
      }
      // Caught up now: a read without waiting still answers no sooner than the interval after that.
      const answeredAt = Date.now();
      const page = await feed(ctx.app, boss, `wait=0&cursor=${encodeURIComponent(cursor)}`);
      expect(page.events).toEqual([]);
      expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(FEED_MIN_INTERVAL_MS - 20);
    }, 60_000);
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
