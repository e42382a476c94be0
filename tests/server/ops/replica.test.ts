// Read replica routing (src/server/db/replica.ts): the party reads go to the replica only when it has
// reached the party's generation the request saw on the primary, and is answering; else the primary
// answers. A real hot standby is exercised by `npm run test:ops` (scripts/ops/replica.ts); here the
// "replica" is a second pool on the same PostgreSQL database (not a standby: as current as the primary),
// so what is checked is the routing by generation and by state, and the lag arithmetic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import type { Db } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';
import {
  attachReplica,
  lagOf,
  lsnBytes,
  openReplica,
  type ReadReplica,
  readPartyRows,
} from '../../../src/server/db/replica';
import { seedDemo } from '../../../src/server/db/seeds';
import { openTestDatabase } from '../harness';

describe('replica lag arithmetic', () => {
  it('reads WAL positions as byte counts', () => {
    expect(lsnBytes('0/0')).toBe(0n);
    expect(lsnBytes('0/FF')).toBe(255n);
    expect(lsnBytes('1/0')).toBe(4294967296n);
    expect(lsnBytes('16/B374D848') > lsnBytes('16/B374D847')).toBe(true);
  });

  it('is how long ago the primary stood at the oldest position not replayed', () => {
    const samples = [
      { at: 1_000, lsn: 100n },
      { at: 2_000, lsn: 200n },
      { at: 3_000, lsn: 300n },
    ];
    expect(lagOf(samples, 300n, 3_500)).toBe(0);
    expect(lagOf(samples, 250n, 3_500)).toBe(0.5);
    expect(lagOf(samples, 150n, 3_500)).toBe(1.5);
    expect(lagOf(samples, 99n, 3_500)).toBe(2.5);
    expect(lagOf([], 0n, 3_500)).toBe(0);
  });
});

describe('replica and pooler settings', () => {
  const primary = 'postgres://hujjat@db:5432/hujjat';
  it('reads DATABASE_REPLICA_URL with its lag bound, and refuses it without DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: primary }, '1').replica).toBeNull();
    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'postgres://r@replica/hujjat' }, '1').replica,
    ).toEqual({ url: 'postgres://r@replica/hujjat', maxLagSeconds: 5 });
    expect(
      loadConfig(
        {
          DATABASE_URL: primary,
          DATABASE_REPLICA_URL: 'postgres://r@replica/h',
          REPLICA_MAX_LAG_SECONDS: '30',
        },
        '1',
      ).replica?.maxLagSeconds,
    ).toBe(30);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://r@replica/h' }, '1')).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'http://x' }, '1')).toThrow(
      /DATABASE_REPLICA_URL/,
    );
  });

  it('reads DATABASE_DIRECT_URL and DATABASE_PREPARED_STATEMENTS', () => {
    const c = loadConfig({ DATABASE_URL: primary }, '1');
    expect(c.databaseDirectUrl).toBeNull();
    expect(c.databasePreparedStatements).toBe(true);
    const pooled = loadConfig(
      {
        DATABASE_URL: primary,
        DATABASE_DIRECT_URL: 'postgres://h@db:5433/h',
        DATABASE_PREPARED_STATEMENTS: 'off',
      },
      '1',
    );
    expect(pooled.databaseDirectUrl).toBe('postgres://h@db:5433/h');
    expect(pooled.databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'sometimes' }, '1')).toThrow(ConfigError);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('party reads routed to a replica [postgresql]', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  let schema: string;
  const replicas: ReadReplica[] = [];
  const identity = '302000001';
  // Where a read ran: the replica's is a read-only snapshot (REPEATABLE READ READ ONLY), the primary's not.
  const where = (reader: Db) =>
    reader
      .query<{ ro: string; n: number }>(
        `select current_setting('transaction_read_only') as ro, count(*)::int as n
           from document_parties where identity = $1`,
        [identity],
      )
      .then((r) => (r.rows[0].ro === 'on' ? 'replica' : 'primary'));
  const generation = async () =>
    (
      await db.query<{ g: string }>(
        'select generation::text as g from party_generations where identity = $1',
        [identity],
      )
    ).rows[0]?.g ?? '0';

  beforeAll(async () => {
    const opened = await openTestDatabase('postgresql');
    db = opened.db;
    dispose = opened.dispose;
    await migrate(db);
    await seedDemo(db);
    schema = (await db.query<{ s: string }>('select current_schema() as s')).rows[0].s;
  });
  afterAll(async () => {
    attachReplica(db, null);
    for (const r of replicas) await r.close();
    await dispose();
  });

  async function replicaOn(url: string) {
    const replica = await openReplica(url, db, { maxLagSeconds: 5, schema, probeMs: 200 });
    replicas.push(replica);
    attachReplica(db, replica);
    return replica;
  }

  it('answers on the replica when it has reached the party generation, on the primary when behind', async () => {
    const replica = await replicaOn(process.env.TEST_DATABASE_URL as string);
    expect(replica.status.state).toBe('up');
    const current = await generation();
    expect(await readPartyRows(db, { identity, generation: current }, where)).toBe('replica');
    expect(replica.reads.replica).toBe(1);
    // A generation the replica has not reached (a write it has not replayed): the primary answers.
    const ahead = String(BigInt(current) + 1n);
    expect(await readPartyRows(db, { identity, generation: ahead }, where)).toBe('primary');
    expect(replica.reads).toMatchObject({ replica: 1, behind: 1 });
    // No generation (a caller built by hand), or inside a transaction: always the primary.
    expect(await readPartyRows(db, { identity, generation: undefined }, where)).toBe('primary');
    expect(await db.transaction((tx) => readPartyRows(tx, { identity, generation: current }, where))).toBe(
      'primary',
    );
    expect(replica.reads).toMatchObject({ replica: 1, behind: 1 });
  });

  it('reads on the primary while the replica does not answer', async () => {
    const unreachable = new URL(process.env.TEST_DATABASE_URL as string);
    unreachable.port = '1';
    const replica = await replicaOn(unreachable.toString());
    expect(replica.status.state).toBe('down');
    const current = await generation();
    expect(await readPartyRows(db, { identity, generation: current }, where)).toBe('primary');
    expect(replica.reads).toMatchObject({ replica: 0, down: 1 });
  });
});
