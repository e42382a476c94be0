import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';

/** Long enough to pick a key and type its password; E-IMZO-Server uses the same 120 s. */
export const CHALLENGE_TTL_SECONDS = 120;

export type ChallengePurpose = 'auth' | 'register';

export async function issueChallenge(
  db: Db,
  params: { host: string; purpose: ChallengePurpose; ip: string },
): Promise<{ challenge: string; ttl: number }> {
  const challenge = randomUUID();
  await db.query(
    `insert into auth_challenges (challenge, host, purpose, ip, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [challenge, normalizeHost(params.host), params.purpose, params.ip, CHALLENGE_TTL_SECONDS],
  );
  // Expired rows are useless; sweeping a few on each issue keeps the table small without a scheduler.
  await db.query(
    `delete from auth_challenges where id in (
       select id from auth_challenges where expires_at < now() - interval '1 hour' limit 100)`,
  );
  return { challenge, ttl: CHALLENGE_TTL_SECONDS };
}

export type ChallengeRefusal = 'unknown' | 'used' | 'expired' | 'wrongHost' | 'wrongPurpose';

/**
 * Consumes a challenge if it is one this server issued for this host and purpose, unused and
 * unexpired. The update is the check, so a challenge can succeed once even under concurrent use.
 */
export async function consumeChallenge(
  db: Db,
  params: { challenge: string; host: string; purpose: ChallengePurpose },
): Promise<{ ok: true } | { ok: false; reason: ChallengeRefusal }> {
  const host = normalizeHost(params.host);
  const { rows } = await db.query(
    `update auth_challenges set used_at = now()
      where challenge = $1 and host = $2 and purpose = $3 and used_at is null and expires_at > now()
      returning id`,
    [params.challenge, host, params.purpose],
  );
  if (rows.length === 1) return { ok: true };
  const { rows: found } = await db.query<{ host: string; purpose: string; used: boolean; expired: boolean }>(
    `select host, purpose, used_at is not null as used, expires_at <= now() as expired
       from auth_challenges where challenge = $1`,
    [params.challenge],
  );
  const row = found[0];
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.host !== host) return { ok: false, reason: 'wrongHost' };
  if (row.purpose !== params.purpose) return { ok: false, reason: 'wrongPurpose' };
  if (row.used) return { ok: false, reason: 'used' };
  return { ok: false, reason: 'expired' };
}

/** The site the browser was on, as its Host header names it (port included: another port is another site). */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase();
}
