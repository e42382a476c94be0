// Read replica (DATABASE_REPLICA_URL, docs/deploy.md "Read replicas"): one query class — reads of a
// party's own rows (document_parties and the statistics counters its triggers keep: lists, menu counts,
// statistics, exports) — may be answered by a streaming replica (a hot standby). Everything else, and
// everything inside a transaction, stays on the primary.
//
// Read-your-writes by the party's generation (migration 0031), not by WAL positions: every change of
// a party's rows raises its generation in the same transaction, and each request's session check reads
// the generation from the primary. A replica read runs in one REPEATABLE READ READ ONLY transaction on
// the standby whose first statement reads the party's generation there: at or past the primary's, the
// snapshot holds every change of the party's rows the primary had committed when the request began (a
// standby makes a commit visible once it has replayed it) — the caller's own writes, and everyone
// else's writes to that party, on any instance. Behind: the transaction ends and the primary answers.
// A WAL position recorded after a write would not do: pg_current_wal_lsn() read inside the writing
// transaction is before its commit record, and one read after the commit costs every write a statement.
//
// A probe each second reads the primary's WAL position and the standby's replay position: the lag is
// how long ago the primary stood at the oldest position the standby has not replayed. Past the bound
// (REPLICA_MAX_LAG_SECONDS), or unreachable, the replica takes no reads until the probe sees it back.
import type { Db } from './client';
import { openPostgres } from './postgres';

export type ReplicaState = 'starting' | 'up' | 'lagging' | 'down';
/** Where a party read was answered: by the replica, or by the primary and why. */
export type ReplicaOutcome = 'replica' | 'behind' | 'lagging' | 'down' | 'error';

export interface ReplicaStatus {
  state: ReplicaState;
  /** Seconds the replica's replay trails the primary (null until measured, or while down). */
  lagSeconds: number | null;
}

export interface ReadReplica {
  status: ReplicaStatus;
  /** Reads answered, by outcome, since the start (the metrics expose them). */
  readonly reads: Readonly<Record<ReplicaOutcome, number>>;
  /**
   * Runs `read` on the replica in one snapshot in which the party's generation is at least
   * `generation`; DECLINED when the replica cannot answer now (behind, lagging, down, an error) —
   * the caller reads on the primary.
   */
  tryRead<T>(
    identity: string,
    generation: string,
    read: (db: Db) => Promise<T>,
  ): Promise<T | typeof DECLINED>;
  /** Told when the state changes (the server logs it). */
  onStateChange?: (status: ReplicaStatus, reason: string) => void;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  /** Past this lag the replica takes no reads (REPLICA_MAX_LAG_SECONDS, default 5). */
  maxLagSeconds: number;
  /** Milliseconds between probes (default 1000). */
  probeMs?: number;
  /** As the primary's (DATABASE_PREPARED_STATEMENTS): off when the replica is behind a pooler too. */
  preparedStatements?: boolean;
  /** The schema the primary uses (isolated test runs). */
  schema?: string;
}

/** The replica's answer when it cannot read (the primary reads instead). */
export const DECLINED: unique symbol = Symbol('declined');

/**
 * A lost or refused connection (node-postgres gives no SQLSTATE), or PostgreSQL's connection and
 * operator-intervention classes (08, 57: shutting down, cancelled): the replica is down, not the query.
 */
function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || /^(08|57)/.test(code);
}

/** A WAL position (`16/B374D848`) as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The replay lag from the primary's recent positions (oldest first, each with when it was read) and
 * the standby's replay position: how long ago the primary stood at the oldest position not replayed.
 */
export function lagOf(samples: { at: number; lsn: bigint }[], replayed: bigint, now: number): number {
  const pending = samples.find((s) => s.lsn > replayed);
  return pending ? Math.max(0, (now - pending.at) / 1000) : 0;
}

export async function openReplica(url: string, primary: Db, options: ReplicaOptions): Promise<ReadReplica> {
  // Fails fast: a replica that does not answer within 2 s is reported down, and the primary answers.
  const REPLICA_POOL = {
    connectionTimeoutMillis: 2_000,
    max: 10,
    preparedStatements: options.preparedStatements,
    schema: options.schema,
  };
  const db = await openPostgres(url, REPLICA_POOL).catch(() => null);
  let pool: Db | null = db;
  const samples: { at: number; lsn: bigint }[] = [];
  const reads: Record<ReplicaOutcome, number> = { replica: 0, behind: 0, lagging: 0, down: 0, error: 0 };
  const replica: ReadReplica = {
    status: { state: 'starting', lagSeconds: null },
    reads,
    async tryRead(identity, generation, read) {
      const state = replica.status.state;
      if (state !== 'up' || !pool) {
        reads[state === 'lagging' ? 'lagging' : 'down']++;
        return DECLINED;
      }
      const conn = pool;
      try {
        const answer = await conn.transaction(async (tx) => {
          await tx.query('set transaction isolation level repeatable read, read only');
          const { rows } = await tx.query<{ generation: string }>(
            'select generation::text as generation from party_generations where identity = $1',
            [identity],
            { prepare: true },
          );
          if (BigInt(rows[0]?.generation ?? '0') < BigInt(generation)) return { behind: true as const };
          return { behind: false as const, value: await read(tx) };
        });
        if (answer.behind) {
          reads.behind++;
          return DECLINED;
        }
        reads.replica++;
        return answer.value;
      } catch (err) {
        // A lost connection, a query cancelled by the standby's recovery: the primary answers.
        reads.error++;
        if (isConnectionError(err)) setState('down', `replica read failed: ${(err as Error).message}`);
        return DECLINED;
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await probing;
      await pool?.close();
    },
  };
  const setState = (state: ReplicaState, reason: string, lagSeconds: number | null = null) => {
    const changed = state !== replica.status.state;
    replica.status = { state, lagSeconds };
    if (changed) replica.onStateChange?.(replica.status, reason);
  };

  async function probe() {
    const now = Date.now();
    try {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      samples.push({ at: now, lsn: lsnBytes(rows[0].lsn) });
      // Kept long enough to measure a lag past the bound; older ones only say "more than that".
      while (samples.length > 2 && now - samples[1].at > (options.maxLagSeconds + 60) * 1000) samples.shift();
    } catch {
      return; // the primary is not answering: nothing to compare, the state stays
    }
    try {
      pool ??= await openPostgres(url, REPLICA_POOL);
      const { rows } = await pool.query<{
        standby: boolean;
        replayed: string | null;
        current: string | null;
      }>(
        `select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
                case when pg_is_in_recovery() then null else pg_current_wal_lsn()::text end as current`,
      );
      const row = rows[0];
      // Not a standby (the primary itself, or a promoted replica): it is as current as it says.
      const replayed = lsnBytes(row.replayed ?? row.current ?? '0/0');
      const lag = lagOf(samples, replayed, now);
      if (lag > options.maxLagSeconds) setState('lagging', `replica lags ${lag.toFixed(1)} s`, lag);
      else setState('up', row.standby ? 'replica replaying' : 'replica is not a standby', lag);
    } catch (err) {
      setState('down', `replica unreachable: ${(err as Error).message}`);
    }
  }

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let probing: Promise<void> = Promise.resolve();
  const loop = () => {
    if (closed) return;
    probing = probe().finally(() => {
      if (closed) return;
      timer = setTimeout(loop, options.probeMs ?? 1_000);
      timer.unref();
    });
  };
  await probe();
  loop();
  return replica;
}

const replicas = new WeakMap<Db, ReadReplica>();

/** Party reads through `primary` may be answered by `replica` (the server sets it up; tests too). */
export function attachReplica(primary: Db, replica: ReadReplica | null): void {
  if (replica) replicas.set(primary, replica);
  else replicas.delete(primary);
}

export function replicaOf(primary: Db): ReadReplica | undefined {
  return replicas.get(primary);
}

/**
 * The one query class a replica answers: `read` over the party's own rows (document_parties,
 * statistics_counters), for a caller whose session check read the party's `generation` on the primary.
 * On the replica when one is set up, current enough for the party, and answering; else on `db`. A
 * transaction's `db`, or a caller without a generation (built by hand), always reads on `db`.
 */
export async function readPartyRows<T>(
  db: Db,
  party: { identity: string; generation: string | undefined },
  read: (db: Db) => Promise<T>,
): Promise<T> {
  const replica = replicas.get(db);
  if (!replica || party.generation === undefined) return read(db);
  const answer = await replica.tryRead(party.identity, party.generation, read);
  return answer === DECLINED ? read(db) : answer;
}
