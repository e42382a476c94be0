// Migration 0186: the statistics counters are counted per statement (one upsert per counter for all
// the statement's party rows) and, with the party generations, run after the search pieces; 0185: a
// received document is found by its content hash through an index; 0188: a party row's search row
// follows it by triggers, without a foreign key whose check walked the party's rows.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { withDatabases } from '../harness';

const PARTY = '301234567';
const OTHER = '309876543';

withDatabases(
  'party rows’ triggers',
  (ctx) => {
    const newDocument = async () => {
      const id = randomUUID();
      await ctx.db.query(
        `insert into documents (id, kind, type_id, status, content, content_hash) values ($1, 'invoice', 1, 3, '{}', $2)`,
        [id, `hash-${id}`],
      );
      return id;
    };
    const partyRow = (documentId: string, box: string | null, total: string, binState = 'active') => [
      documentId,
      PARTY,
      box,
      total,
      binState,
    ];
    const insertParties = async (rows: unknown[][]) => {
      const tuples = rows.map(
        (_, i) =>
          `($${i * 5 + 1}, $${i * 5 + 2}, '{buyer}', 'invoice', 1, 3, 3, $${i * 5 + 3}, '${OTHER}', 'Other LLC', ` +
          `'2026-11-20', $${i * 5 + 4}, $${i * 5 + 5}, now(), now())`,
      );
      await ctx.db.query(
        `insert into document_parties (document_id, identity, roles, kind, type_id, status, view_status, box,
           counterparty_identity, counterparty_name, doc_date, total_sum, bin_state, created_at, updated_at)
         values ${tuples.join(', ')}`,
        rows.flat(),
      );
    };
    const counter = async () => {
      const { rows } = await ctx.db.query<{ documents: number; total: string }>(
        `select documents, total::text as total from statistics_counters
          where identity = $1 and month = '2026-11-01' and box = 'incoming' and kind = 'invoice' and status = 3
            and counterparty_identity = $2`,
        [PARTY, OTHER],
      );
      return rows[0] ?? null;
    };
    const generation = async () => {
      const { rows } = await ctx.db.query<{ generation: string }>(
        'select generation::text as generation from party_generations where identity = $1',
        [PARTY],
      );
      return Number(rows[0]?.generation ?? 0);
    };

    it('counts all the party rows one statement inserts or deletes, and raises the generation once', async () => {
      const [a, b, c, d] = [
        await newDocument(),
        await newDocument(),
        await newDocument(),
        await newDocument(),
      ];
      const before = await generation();
      await insertParties([
        partyRow(a, 'incoming', '100.50'),
        partyRow(b, 'incoming', '20.25'),
        partyRow(c, null, '7.00'), // not in a box: not the party's document yet
        partyRow(d, 'incoming', '5.00', 'deleted'), // deleted for good: no longer counted
      ]);
      expect(await counter()).toEqual({ documents: 2, total: '120.75' });
      expect(await generation()).toBe(before + 1);

      await ctx.db.query(
        'delete from document_parties where identity = $1 and document_id = any($2::uuid[])',
        [PARTY, [a, c]],
      );
      expect(await counter()).toEqual({ documents: 1, total: '20.25' });
      expect(await generation()).toBe(before + 2);
    });

    it('runs the shared rows’ triggers after the search pieces, the generation last', async () => {
      const { rows } = await ctx.db.query<{ tgname: string }>(
        `select tgname from pg_trigger
          where tgrelid = 'document_parties'::regclass and not tgisinternal
            and (tgtype & 1) = 0 and (tgtype & 4) <> 0 -- statement-level, on insert
          order by tgname`,
      );
      expect(rows.map((row) => row.tgname)).toEqual([
        'document_parties_search_insert',
        'document_parties_y_statistics_insert',
        'document_parties_z_generation_insert',
      ]);
    });

    it('a party row’s search row is written with it and removed with it, also when its document goes', async () => {
      const [a, b] = [await newDocument(), await newDocument()];
      await insertParties([partyRow(a, 'incoming', '1.00'), partyRow(b, 'incoming', '2.00')]);
      const searchRows = async () => {
        const { rows } = await ctx.db.query<{ document_id: string }>(
          'select document_id from document_party_search where identity = $1 and document_id = any($2::uuid[])',
          [PARTY, [a, b]],
        );
        return rows.map((row) => row.document_id).sort();
      };
      expect(await searchRows()).toEqual([a, b].sort());
      await ctx.db.query('delete from document_parties where identity = $1 and document_id = $2', [PARTY, a]);
      expect(await searchRows()).toEqual([b]);
      await ctx.db.query('delete from documents where id = $1', [b]);
      expect(await searchRows()).toEqual([]);
    });

    it('writes search rows without a foreign-key check (its cached plan walked every row of the party)', async () => {
      const { rows } = await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from pg_constraint
          where conrelid = 'document_party_search'::regclass and contype = 'f'`,
      );
      expect(rows[0].n).toBe(0);
    });

    it('finds a received document by its hash through an index', async () => {
      // One transaction: the setting and the plan on one connection of the pool.
      const plan = await ctx.db.transaction(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
          `explain (format json) select id from documents
            where kind = 'invoice' and content_hash = 'abc' and signed_bytes is not null`,
        );
        return JSON.stringify(rows[0]['QUERY PLAN']);
      });
      expect(plan).toContain('documents_content_hash_idx');
    });
  },
  { seed: false },
);
