import type { Db } from '../db/client';

/**
 * Password sign-in throttling, kept in the database so that every instance sees the same counts.
 * An account locks after ACCOUNT_LIMIT failures since its last success within the window; one
 * address locks after IP_LIMIT failures within the window (password spraying over many accounts).
 */
export const THROTTLE_WINDOW_MINUTES = 15;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 20;

export interface ThrottleState {
  blocked: boolean;
  scope?: 'account' | 'ip';
  /** Whole minutes until the oldest counted failure leaves the window. */
  retryAfterMinutes?: number;
}

export async function checkLoginThrottle(db: Db, account: string | null, ip: string): Promise<ThrottleState> {
  const { rows: byIp } = await db.query<{ n: number; oldest: Date | null }>(
    `select count(*) as n, min(at) as oldest from (
       select at from login_attempts
        where ip = $1 and not success and at > now() - make_interval(mins => $2)
        order by at desc limit $3) recent`,
    [ip, THROTTLE_WINDOW_MINUTES, IP_FAILURE_LIMIT],
  );
  if (byIp[0].n >= IP_FAILURE_LIMIT) return blocked('ip', byIp[0].oldest);
  if (!account) return { blocked: false };
  const { rows: byAccount } = await db.query<{ n: number; oldest: Date | null }>(
    `select count(*) as n, min(at) as oldest from (
       select at from login_attempts
        where account = $1 and not success and at > now() - make_interval(mins => $2)
          and at > coalesce((select max(at) from login_attempts where account = $1 and success), '-infinity')
        order by at desc limit $3) recent`,
    [account, THROTTLE_WINDOW_MINUTES, ACCOUNT_FAILURE_LIMIT],
  );
  if (byAccount[0].n >= ACCOUNT_FAILURE_LIMIT) return blocked('account', byAccount[0].oldest);
  return { blocked: false };
}

function blocked(scope: 'account' | 'ip', oldest: Date | null): ThrottleState {
  const unlockAt = (oldest ? new Date(oldest).getTime() : Date.now()) + THROTTLE_WINDOW_MINUTES * 60_000;
  return {
    blocked: true,
    scope,
    retryAfterMinutes: Math.max(1, Math.ceil((unlockAt - Date.now()) / 60_000)),
  };
}

export async function recordLoginAttempt(
  db: Db,
  account: string | null,
  ip: string,
  success: boolean,
): Promise<void> {
  await db.query('insert into login_attempts (account, ip, success) values ($1, $2, $3)', [
    account,
    ip,
    success,
  ]);
  // Attempts older than a day count for nothing; sweeping a few per attempt keeps the table small.
  await db.query(
    `delete from login_attempts where id in (
       select id from login_attempts where at < now() - interval '1 day' order by id limit 100)`,
  );
}
