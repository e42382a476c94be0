// @fastify/rate-limit's store in the database (migration 0132): a fixed window per (route, caller)
// counted by one upsert, so several instances on one PostgreSQL share every limit (helper "ops" runs
// three). The plugin's per-process store forgot counts on restart and let N instances allow N times
// the limit.
import type { Db } from '../db/client';

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: StoreResult) => void;

const INCR_SQL = `insert into rate_limit_hits as r (key, hits, reset_at)
  values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  on conflict (key) do update set
    hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
    reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
  returning hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl`;

const READ_SQL = `select hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl
  from rate_limit_hits where key = $1 and reset_at > now()`;

/** Expired windows are swept now and then (every SWEEP_EVERY increments of an instance). */
const SWEEP_EVERY = 500;

/** The store class @fastify/rate-limit instantiates (`store:` option), bound to a database. */
export function databaseRateLimitStore(db: Db) {
  let increments = 0;
  return class DatabaseRateLimitStore {
    private readonly route: string;
    constructor(_options?: unknown, route = '') {
      this.route = route;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      increments += 1;
      if (increments % SWEEP_EVERY === 0)
        void db
          .query(
            `delete from rate_limit_hits where key in (
               select key from rate_limit_hits where reset_at < now() - interval '1 minute' limit 1000)`,
          )
          .catch(() => {});
      db.query<{ hits: number; ttl: number }>(INCR_SQL, [`${this.route}|${key}`, timeWindow], {
        prepare: true,
      }).then(
        ({ rows }) => callback(null, { current: Number(rows[0].hits), ttl: Math.ceil(Number(rows[0].ttl)) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      db.query<{ hits: number; ttl: number }>(READ_SQL, [`${this.route}|${key}`]).then(
        ({ rows }) =>
          callback(
            null,
            rows[0]
              ? { current: Number(rows[0].hits), ttl: Math.ceil(Number(rows[0].ttl)) }
              : { current: 0, ttl: 0 },
          ),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's options with `routeInfo`.
    child(routeOptions: any) {
      const info: { method?: string | string[]; url?: string } = routeOptions.routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseRateLimitStore(undefined, `${method} ${info.url ?? ''}`);
    }
  };
}
