// API keys (issue 30, docs/integrating.md "API keys"): `Authorization: Bearer hjk_…`. A key is 32
// random bytes; only its SHA-256 digest is stored (migration 0131). A key acts as its own member of
// the organisation (role and branch on its membership), so rights, history and audit treat it as they
// treat staff. Every request reads the key, its membership and grants in one statement: revoking,
// expiring or switching it off applies to the next request.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { GRANTS_COLUMNS, type GrantsRow, grantsOfRow, type MemberGrants } from '../services/access/rights';
import type { AuthUser } from './types';

export const API_KEY_PREFIX = 'hjk_';
const KEY_PATTERN = /^hjk_[A-Za-z0-9_-]{43}$/;
/** How often a key's last use is written at most (the list shows it to the minute). */
const LAST_USED_EVERY_MS = 60_000;

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

export const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new secret: what the creator is shown once, its digest, and the prefix lists show. */
export function newApiKeySecret(): { secret: string; digest: string; prefix: string } {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, digest: digestOf(secret), prefix: secret.slice(0, API_KEY_PREFIX.length + 6) };
}

/** Whether `ip` is one of the addresses or networks (CIDR) listed; an empty list allows every address. */
export function addressAllowed(allowed: string[], ip: string): boolean {
  if (!allowed.length) return true;
  const list = new BlockList();
  for (const entry of allowed) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return isIP(plain) !== 0 && list.check(plain, family);
}

/** Whether an entry of a key's address list is an address or a network (CIDR). */
export function validAddressEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

type KeyRow = GrantsRow & {
  key_id: string;
  key_name: string;
  organization_id: string;
  user_id: string;
  allowed_addresses: string[] | string;
  digest: string;
  tin: string | null;
  pinfl: string | null;
  party_generation: string | null;
  last_used_at: Date | string | null;
};

const KEY_SQL = `select k.id as key_id, k.name as key_name, k.organization_id, k.user_id, k.allowed_addresses, s.digest, o.tin, o.pinfl,
       k.last_used_at, ${GRANTS_COLUMNS},
       (select g.generation::text from party_generations g where g.identity = coalesce(o.tin, o.pinfl)) as party_generation
  from api_key_secrets s
  join api_keys k on k.id = s.key_id
  join organizations o on o.id = k.organization_id
  join memberships m on m.user_id = k.user_id and m.organization_id = k.organization_id
  join users u on u.id = k.user_id
  left join roles r on r.id = m.role_id
 where s.digest = $1
   and k.revoked_at is null
   and (k.expires_at is null or k.expires_at > now())
   and (s.expires_at is null or s.expires_at > now())
   and m.is_active and u.is_active and u.is_api_key`;

const lastWritten = new Map<string, number>();

/**
 * The caller a key stands for, with its grants, or null (unknown, revoked, expired, switched off, or
 * used from an address its list does not hold).
 */
export async function apiKeyCaller(
  db: Db,
  token: string,
  ip: string,
): Promise<{ user: AuthUser; grants: MemberGrants } | null> {
  if (!KEY_PATTERN.test(token)) return null;
  const digest = digestOf(token);
  const { rows } = await db.query<KeyRow>(KEY_SQL, [digest], { prepare: true });
  const row = rows[0];
  if (!row) return null;
  // The index found it by digest; compared again in constant time all the same.
  if (!timingSafeEqual(Buffer.from(row.digest, 'hex'), Buffer.from(digest, 'hex'))) return null;
  const allowed =
    typeof row.allowed_addresses === 'string' ? parseArray(row.allowed_addresses) : row.allowed_addresses;
  if (!addressAllowed(allowed, ip)) return null;
  await noteUse(db, row.key_id, row.last_used_at, ip);
  const grants = grantsOfRow(row);
  const user: AuthUser = {
    userId: row.user_id,
    organizationId: row.organization_id,
    role: row.role,
    apiKeyId: row.key_id,
    apiKeyName: row.key_name,
    partyGeneration: row.party_generation ?? '0',
  };
  if (row.tin) user.tin = row.tin;
  if (row.pinfl) user.pinfl = row.pinfl;
  return { user, grants };
}

/** Writes the key's last use at most once a minute (per instance; the row's own time decides too). */
async function noteUse(db: Db, keyId: string, lastUsed: Date | string | null, ip: string) {
  const now = Date.now();
  const last = Math.max(lastWritten.get(keyId) ?? 0, lastUsed ? new Date(lastUsed).getTime() : 0);
  if (now - last < LAST_USED_EVERY_MS) return;
  lastWritten.set(keyId, now);
  if (lastWritten.size > 10_000) lastWritten.delete(lastWritten.keys().next().value as string);
  await db.query('update api_keys set last_used_at = now(), last_used_ip = $2 where id = $1', [keyId, ip]);
}

/** PGlite answers a text[] as its literal ('{a,b}'). */
function parseArray(literal: string): string[] {
  const inner = literal.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

/** Routes a key may never call: its own kind's management and a person's session and password. */
const PEOPLE_ONLY = [
  '/api/ApiKey/',
  '/api/Webhook/',
  '/api/Auth/updatePassword',
  '/api/Auth/logout',
  '/api/Auth/chooseOrganization',
  '/api/Auth/refreshToken',
];

export function peopleOnly(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? request.url;
  return PEOPLE_ONLY.some((prefix) => url.startsWith(prefix));
}
