// Hot statements ask the database layer to prepare them (`{ prepare: true }`): PostgreSQL then parses
// them once per connection. The answers are those of unnamed statements, in and out of transactions,
// and only a bounded number of texts is ever prepared: a caller varying a text cannot grow the
// server's memory (past the bound a statement runs unnamed).
import { expect, it } from 'vitest';
import { MAX_PREPARED_STATEMENTS } from '../../src/server/db/postgres';
import { withDatabases } from './harness';

withDatabases(
  'prepared statements',
  (ctx) => {
    it('answers as an unnamed statement does, on every connection and inside a transaction', async () => {
      const sql = 'select $1::int + 1 as next, $2::text as label';
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          ctx.db.query<{ next: number; label: string }>(sql, [i, `n${i}`], { prepare: true }),
        ),
      );
      expect(answers.map((a) => a.rows[0])).toEqual(
        Array.from({ length: 30 }, (_, i) => ({ next: i + 1, label: `n${i}` })),
      );
      const inside = await ctx.db.transaction(async (tx) => {
        await tx.query('create temporary table prepared_probe (n int) on commit drop');
        await tx.query('insert into prepared_probe values ($1), ($2)', [4, 5], { prepare: true });
        return tx.query<{ total: number }>('select sum(n)::int as total from prepared_probe', [], {
          prepare: true,
        });
      });
      expect(inside.rows[0].total).toBe(9);
    });

    it('prepares at most MAX_PREPARED_STATEMENTS texts on a connection, and answers the rest unnamed', async () => {
      const count = MAX_PREPARED_STATEMENTS + 50;
      const prepared = await ctx.db.transaction(async (tx) => {
        for (let i = 0; i < count; i++) {
          const { rows } = await tx.query<{ v: number }>(`select $1::int + ${i} as v`, [1], {
            prepare: true,
          });
          expect(rows[0].v).toBe(i + 1);
        }
        if (tx.kind !== 'postgresql') return null;
        const { rows } = await tx.query<{ n: number }>(
          'select count(*)::int as n from pg_prepared_statements',
        );
        return rows[0].n;
      });
      if (prepared !== null) {
        expect(prepared).toBeGreaterThan(0);
        expect(prepared).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
      }
    });
  },
  { seed: false },
);
