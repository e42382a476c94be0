import type { Db } from '../db/client';

/**
 * Password throttling (sign-in and the current password of updatePassword), kept in the database so
 * that every instance sees the same counts. Failures slow further attempts down with growing delays
 * instead of locking an account for everyone:
 *  - one account from one address (a person mistyping, or one attacker): PAIR_FREE_FAILURES free,
 *    then 1 s, 2 s, 4 s … up to 15 minutes — an attacker only slows down their own address;
 *  - one account from everywhere (guessing from many addresses): ACCOUNT_FREE_FAILURES free, then
 *    delays up to ACCOUNT_MAX_DELAY_SECONDS — short enough that an attacker cannot keep the owner out,
 *    long enough that at most ~100 guesses an hour get through (ASVS 2.2.1);
 *  - one address over all accounts (password spraying): ADDRESS_FREE_FAILURES free, then up to
 *    15 minutes. Successful sign-ins never count: an office behind one address is not slowed down.
 * Counts cover failures within the window, since the last success of the account (and pair). A
 * refused (429) attempt is not a failure: it cannot extend the delay.
 */
export const THROTTLE_WINDOW_MINUTES = 15;
export const PAIR_FREE_FAILURES = 3;
export const ACCOUNT_FREE_FAILURES = 10;
export const ADDRESS_FREE_FAILURES = 20;
export const PAIR_MAX_DELAY_SECONDS = 15 * 60;
export const ACCOUNT_MAX_DELAY_SECONDS = 60;
export const ADDRESS_MAX_DELAY_SECONDS = 15 * 60;

export type ThrottleScope = 'pair' | 'account' | 'address';

export interface ThrottleState {
  blocked: boolean;
  scope?: ThrottleScope;
  /** Whole seconds until an attempt is taken again. */
  retryAfterSeconds?: number;
}

/** The delay after `failures` failures of a scope: none within the free ones, then doubling to the cap. */
export function delaySeconds(failures: number, free: number, cap: number): number {
  if (failures < free) return 0;
  return Math.min(cap, 2 ** Math.min(failures - free, 30));
}

/** The throttling key of an account: the person when the login names one, else the login as typed. */
export function accountKey(userId: string | null | undefined, login: string | null): string | null {
  if (userId) return `user:${userId}`;
  return login ? `login:${login}` : null;
}

interface Counts {
  n: number;
  last: Date | null;
}

const SCOPES: Array<{ scope: ThrottleScope; free: number; cap: number }> = [
  { scope: 'pair', free: PAIR_FREE_FAILURES, cap: PAIR_MAX_DELAY_SECONDS },
  { scope: 'account', free: ACCOUNT_FREE_FAILURES, cap: ACCOUNT_MAX_DELAY_SECONDS },
  { scope: 'address', free: ADDRESS_FREE_FAILURES, cap: ADDRESS_MAX_DELAY_SECONDS },
];

/**
 * Whether an attempt for `account` from `ip` must wait. Three counts in one round trip, each read
 * from an index and capped at the number of failures past which the delay no longer grows.
 */
export async function checkLoginThrottle(db: Db, account: string | null, ip: string): Promise<ThrottleState> {
  // Past free + log2(cap) failures the delay no longer grows: no need to count further.
  const enough = (free: number, maxDelay: number) => free + Math.ceil(Math.log2(maxDelay)) + 1;
  const { rows } = await db.query<{
    pair_n: number;
    pair_last: Date | null;
    account_n: number;
    account_last: Date | null;
    address_n: number;
    address_last: Date | null;
    now: Date;
  }>(
    `with window_start as (select now() - make_interval(mins => $3) as at),
     pair as (
       select at from login_attempts
        where account = $1 and ip = $2 and not success and at > (select at from window_start)
          and at > coalesce((select max(at) from login_attempts where account = $1 and ip = $2 and success), '-infinity')
        order by at desc limit $4),
     by_account as (
       select at from login_attempts
        where account = $1 and not success and at > (select at from window_start)
          and at > coalesce((select max(at) from login_attempts where account = $1 and success), '-infinity')
        order by at desc limit $5),
     by_address as (
       select at from login_attempts
        where ip = $2 and not success and at > (select at from window_start)
        order by at desc limit $6)
     select (select count(*) from pair) as pair_n, (select max(at) from pair) as pair_last,
            (select count(*) from by_account) as account_n, (select max(at) from by_account) as account_last,
            (select count(*) from by_address) as address_n, (select max(at) from by_address) as address_last,
            now() as now`,
    [
      account,
      ip,
      THROTTLE_WINDOW_MINUTES,
      enough(PAIR_FREE_FAILURES, PAIR_MAX_DELAY_SECONDS),
      enough(ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_SECONDS),
      enough(ADDRESS_FREE_FAILURES, ADDRESS_MAX_DELAY_SECONDS),
    ],
  );
  const row = rows[0];
  const counts: Record<ThrottleScope, Counts> = {
    pair: { n: Number(row.pair_n), last: row.pair_last },
    account: { n: Number(row.account_n), last: row.account_last },
    address: { n: Number(row.address_n), last: row.address_last },
  };
  const now = new Date(row.now).getTime();
  let worst: ThrottleState = { blocked: false };
  for (const { scope, free, cap: maxDelay } of SCOPES) {
    if (!account && scope !== 'address') continue;
    const { n, last } = counts[scope];
    const delay = delaySeconds(n, free, maxDelay);
    if (!delay || !last) continue;
    const waitMs = new Date(last).getTime() + delay * 1000 - now;
    if (waitMs <= 0) continue;
    const seconds = Math.ceil(waitMs / 1000);
    if (!worst.blocked || seconds > (worst.retryAfterSeconds ?? 0)) {
      worst = { blocked: true, scope, retryAfterSeconds: seconds };
    }
  }
  return worst;
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
