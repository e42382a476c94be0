// Two people acting on one document at once, retries with an Idempotency-Key, and the event chain.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { signatureServiceOf } from '../../../src/server/auth/certificates';
import { verifyEventChain } from '../../../src/server/services/documents';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  ORG1,
  ORG2,
  run,
  type SignedIn,
  signBytes,
  signIn,
  view,
} from './exchange';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(() => fixture?.dispose());

const invoiceOf = (number: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: number },
  SellerTin: ORG1.identity,
  BuyerTin: ORG2.identity,
  ProductList: { ...invoice.ProductList, Tin: ORG1.identity },
});

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

withDatabases(
  'concurrency, idempotency and the event chain',
  (ctx: TestContext) => {
    let seller: SignedIn;
    let buyer: SignedIn;
    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      buyer = await signIn(ctx, fixture, ORG2);
    });

    async function sentInvoice(number: string) {
      const id = (await addDraft(ctx, seller, 'invoice', invoiceOf(number))).json().data.id as string;
      const res = await act(ctx, fixture, seller, id, 'send');
      expect(res.statusCode, res.body).toBe(200);
      return id;
    }

    it('lets exactly one of accept and cancel win on each of many documents, and every chain verifies', async () => {
      // 200 pairs on PostgreSQL, all at once (real concurrency: 400 runs on the pool's connections);
      // PGlite has one connection and runs them in turn.
      const pairs = ctx.kind === 'postgresql' ? 200 : 20;
      const ids = await pool(
        Array.from({ length: pairs }, (_, i) => `RACE-${i}`),
        8,
        sentInvoice,
      );
      // Timestamped beforehand, as the browser does (the race is about the transition, not the TSA),
      // by the service behind Eimzo/getTimeStamp: the route's limit of 120 a minute per person would
      // bound the count.
      const stamping = await signatureServiceOf(ctx.app);
      const stamp = (pkcs7: string) => stamping.timestamp(pkcs7, {});
      const signed = await pool(ids, 8, async (id) => {
        const accept = (await getModelSign(ctx, buyer, id, 'accept')).json().data.toSign;
        const cancel = (await getModelSign(ctx, seller, id, 'cancel')).json().data.toSign;
        return {
          id,
          accept: await stamp(await signBytes(fixture, ORG2.keyId, accept)),
          cancel: await stamp(await signBytes(fixture, ORG1.keyId, cancel)),
        };
      });
      const outcomes = await Promise.all(
        signed.map(async (pair) => {
          const [accepted, cancelled] = await Promise.all([
            run(ctx, buyer, { documentId: pair.id, action: 'accept', signature: pair.accept }),
            run(ctx, seller, { documentId: pair.id, action: 'cancel', signature: pair.cancel }),
          ]);
          return { id: pair.id, accepted, cancelled };
        }),
      );
      let acceptWins = 0;
      for (const { id, accepted, cancelled } of outcomes) {
        const codes = [accepted.statusCode, cancelled.statusCode].sort();
        expect(codes, `${id}: ${accepted.body} / ${cancelled.body}`).toEqual([200, 409]);
        const loser = accepted.statusCode === 409 ? accepted : cancelled;
        expect(['STATUS_CHANGED', 'ACTION_NOT_ALLOWED']).toContain(loser.json().code);
        expect(loser.json().message).toMatch(/\S/);
        const status = (await view(ctx, seller, id)).json().data.status;
        expect(status).toBe(accepted.statusCode === 200 ? 3 : 5);
        if (accepted.statusCode === 200) acceptWins++;
        const chain = await verifyEventChain(ctx.db, id);
        expect(chain, id).toMatchObject({ valid: true, events: 3 });
      }
      // What the answers said is what the database holds: every winner's status, no document left sent.
      const { rows: held } = await ctx.db.query<{ status: number; n: number }>(
        'select status, count(*)::int as n from documents where id = any($1) group by status order by status',
        [ids],
      );
      expect(held).toEqual(
        [
          { status: 3, n: acceptWins },
          { status: 5, n: pairs - acceptWins },
        ].filter((row) => row.n > 0),
      );
    }, 600_000);

    it('creates one document for one Idempotency-Key sent twice at once, and refuses the key for another body', async () => {
      const key = `idem-${ctx.kind}-add`;
      const before = (await ctx.db.query<{ n: number }>('select count(*)::int as n from documents')).rows[0]
        .n;
      const [first, second] = await Promise.all([
        addDraft(ctx, seller, 'invoice', invoiceOf('IDEM-1'), { 'idempotency-key': key }),
        addDraft(ctx, seller, 'invoice', invoiceOf('IDEM-1'), { 'idempotency-key': key }),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().data.id).toBe(first.json().data.id);
      expect([first.json().data.replayed, second.json().data.replayed].sort()).toEqual([false, true]);
      const after = (await ctx.db.query<{ n: number }>('select count(*)::int as n from documents')).rows[0].n;
      expect(after).toBe(before + 1);
      const other = await addDraft(ctx, seller, 'invoice', invoiceOf('IDEM-2'), { 'idempotency-key': key });
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('applies a signed action once for one Idempotency-Key, however often it is retried', async () => {
      const id = await sentInvoice('IDEM-RUN');
      const toSign = (await getModelSign(ctx, buyer, id, 'accept')).json().data.toSign;
      const signature = await signBytes(fixture, ORG2.keyId, toSign);
      const key = `idem-${ctx.kind}-run`;
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          run(ctx, buyer, { documentId: id, action: 'accept', signature }, { 'idempotency-key': key }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const { rows } = await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from document_events where document_id = $1 and action = 'accept'`,
        [id],
      );
      expect(rows[0].n).toBe(1);
      // Without the key the same signature is a replay.
      const replay = await run(ctx, buyer, { documentId: id, action: 'accept', signature });
      expect(replay.statusCode).toBe(409);
    });

    it('refuses a signature used on one document when it is offered again', async () => {
      const id = await sentInvoice('REPLAY');
      const toSign = (await getModelSign(ctx, seller, id, 'cancel')).json().data.toSign;
      const signature = await signBytes(fixture, ORG1.keyId, toSign);
      expect((await run(ctx, seller, { documentId: id, action: 'cancel', signature })).statusCode).toBe(200);
      const again = await run(ctx, seller, { documentId: id, action: 'cancel', signature });
      expect(again.statusCode).toBe(409);
    });

    it('detects a changed event, signature or signed document in the chain', async () => {
      const id = await sentInvoice('CHAIN');
      expect((await act(ctx, fixture, buyer, id, 'accept')).statusCode).toBe(200);
      expect(await verifyEventChain(ctx.db, id)).toMatchObject({ valid: true, events: 3 });
      // Updates are refused by the table itself.
      await expect(
        ctx.db.query(`update document_events set reason = 'x' where document_id = $1`, [id]),
      ).rejects.toThrow(/append-only/);
      // Someone with the database replaces an event (delete + insert of an altered copy).
      await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<any>(
          'select * from document_events where document_id = $1 and seq = 2',
          [id],
        );
        await tx.query('delete from document_events where document_id = $1 and seq = 2', [id]);
        const e = rows[0];
        await tx.query(
          `insert into document_events (document_id, seq, action, from_status, to_status, actor_user_id, actor_org_id,
             actor_identity, actor_role, actor_name, reason, signature_id, signature_hash, content_hash, at, prev_hash, hash)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)`,
          [
            e.document_id,
            e.seq,
            e.action,
            e.from_status,
            3,
            e.actor_user_id,
            e.actor_org_id,
            e.actor_identity,
            e.actor_role,
            e.actor_name,
            e.reason,
            e.signature_id,
            e.signature_hash,
            e.content_hash,
            e.at,
            e.prev_hash,
            e.hash,
          ],
        );
      });
      const changed = await verifyEventChain(ctx.db, id);
      expect(changed.valid).toBe(false);
      expect(changed.problems.join()).toMatch(/event 2 was changed/);

      const other = await sentInvoice('CHAIN-2');
      await ctx.db.query(`update document_signatures set cms = cms || 'AA' where document_id = $1`, [other]);
      expect((await verifyEventChain(ctx.db, other)).problems.join()).toMatch(
        /signature of event 2 was changed/,
      );

      const third = await sentInvoice('CHAIN-3');
      await ctx.db.query(`update documents set signed_bytes = signed_bytes || '\\x20'::bytea where id = $1`, [
        third,
      ]);
      expect((await verifyEventChain(ctx.db, third)).problems.join()).toMatch(/signed document was changed/);
    });

    it('keeps a version conflict from overwriting a draft edited meanwhile', async () => {
      const id = (await addDraft(ctx, seller, 'invoice', invoiceOf('VER'))).json().data.id;
      const update = (version: number, number: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/Document/update?documentId=${id}&version=${version}`,
          headers: auth(seller),
          payload: { ...(invoiceOf(number) as object), FacturaId: (invoiceOf(number) as any).FacturaId },
        });
      const first = await update(1, 'VER-A');
      expect(first.statusCode, first.body).toBe(200);
      const stale = await update(1, 'VER-B');
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('VERSION_CONFLICT');
      expect((await view(ctx, seller, id)).json().data.number).toBe('VER-A');
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
