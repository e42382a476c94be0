// Three instances starting at once on a new PostgreSQL database: each migration runs once and none
// fails (the advisory lock of src/server/db/migrate.ts, taken for the bookkeeping table too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../../src/server/db/client';
import { migrate, readMigrations } from '../../../src/server/db/migrate';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('three instances start at once on a new database [postgresql]', () => {
  const schema = `t_start_${process.pid}_${Date.now() % 100000}`;
  const instances: Db[] = [];
  beforeAll(async () => {
    // Opened one after another (the first creates the empty schema), then they migrate at once.
    for (let i = 0; i < 3; i++)
      instances.push(await openDatabase({ databaseUrl: url!, dataDir: null, schema }));
  });
  afterAll(async () => {
    await instances[0]?.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    for (const db of instances) await db.close();
  });

  it('runs each migration exactly once between them', async () => {
    const all = readMigrations();
    // Each migration logs its run: the count of runs, not only the bookkeeping, is what is checked.
    const counted = all.map((m) => ({
      ...m,
      sql: `${m.sql}\n;insert into migration_runs (version) values ('${m.version}');`,
    }));
    await instances[0].exec('create table if not exists migration_runs (version text not null)');
    const results = await Promise.allSettled(instances.map((db) => migrate(db, counted)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    expect(applied.sort()).toEqual(all.map((m) => m.version).sort());
    const runs = await instances[1].query<{ version: string; n: number }>(
      'select version, count(*)::int as n from migration_runs group by version having count(*) <> 1',
    );
    expect(runs.rows).toEqual([]);
    const recorded = await instances[2].query<{ n: number }>(
      'select count(*)::int as n from schema_migrations',
    );
    expect(recorded.rows[0].n).toBe(all.length);
  });

  it('a start after them applies nothing', async () => {
    expect(await migrate(instances[1])).toEqual([]);
  });
});
