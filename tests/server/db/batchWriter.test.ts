// db/batchWriter: writes that arrive together are one statement (one commit, statement-level triggers
// once); a batch that fails is written again one by one, so only the bad write fails.
import { beforeAll, expect, it } from 'vitest';
import { createBatchWriter } from '../../../src/server/db/batchWriter';
import { withDatabases } from '../harness';

withDatabases(
  'batch writer',
  (ctx) => {
    beforeAll(async () => {
      await ctx.db.exec(`
        create table probe (id text primary key, n integer not null);
        -- One row per statement that inserted into probe: how many rows it inserted.
        create table probe_statements (seq serial, rows integer not null);
        create function probe_count() returns trigger language plpgsql as $$
        begin
          insert into probe_statements (rows) select count(*) from added;
          return null;
        end $$;
        create trigger probe_counted after insert on probe referencing new table as added
          for each statement execute function probe_count();`);
    });

    const write = (id: string, n: number) => ({
      sql: 'insert into probe (id, n) values ($1, $2)',
      params: [id, n],
    });
    const statements = async () => {
      const { rows } = await ctx.db.query<{ rows: number }>('select rows from probe_statements order by seq');
      await ctx.db.query('delete from probe_statements');
      return rows.map((row) => row.rows);
    };

    it('writes what arrives together as one statement, up to maxGroups a batch', async () => {
      const writer = createBatchWriter(ctx.db, { maxGroups: 2, maxInFlight: 1 });
      await Promise.all([1, 2, 3, 4, 5].map((n) => writer.write([write(`a${n}`, n)])));
      // Two batches of two, then the last alone once the writer is free.
      expect(await statements()).toEqual([2, 2, 1]);
      const { rows } = await ctx.db.query<{ n: number }>(`select n from probe where id like 'a%' order by n`);
      expect(rows.map((row) => row.n)).toEqual([1, 2, 3, 4, 5]);
    });

    it('writes a failed batch again one by one: only the bad write fails, the others are stored', async () => {
      await ctx.db.query(`insert into probe (id, n) values ('taken', 0)`);
      await statements();
      const writer = createBatchWriter(ctx.db, { maxGroups: 16, maxInFlight: 1 });
      const outcomes = await Promise.allSettled([
        writer.write([write('b1', 1)]),
        writer.write([write('taken', 2)]),
        writer.write([write('b3', 3)]),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason.code).toBe('23505');
      // The batch of three wrote nothing; then b1 and b3 alone.
      expect(await statements()).toEqual([1, 1]);
      const { rows } = await ctx.db.query<{ id: string; n: number }>(
        `select id, n from probe where id in ('b1', 'b3', 'taken') order by id`,
      );
      expect(rows).toEqual([
        { id: 'b1', n: 1 },
        { id: 'b3', n: 3 },
        { id: 'taken', n: 0 },
      ]);
    });

    it('keeps each write atomic within a batch: all of one write’s statements or none', async () => {
      const writer = createBatchWriter(ctx.db, { maxGroups: 16, maxInFlight: 1 });
      const outcomes = await Promise.allSettled([
        writer.write([write('c1', 1), write('c2', 2)]),
        writer.write([write('c3', 3), write('c1', 4)]), // its second row repeats the first write's key
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
      const { rows } = await ctx.db.query<{ id: string }>(
        `select id from probe where id like 'c%' order by id`,
      );
      expect(rows.map((row) => row.id)).toEqual(['c1', 'c2']); // c3 went with its failed write
    });
  },
  { seed: false },
);
