// Managing API keys (issue 30): an owner or admin creates, rotates and revokes them in settings.
// A key is shown once; only its digest is kept (auth/apiKeys.ts reads it on every request).
import { newApiKeySecret, validAddressEntry } from '../../auth/apiKeys';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings } from '../access/settingsAudit';
import { checkAssignment } from '../staff/staff';

/** How long the previous secret keeps working after a rotation, unless the admin says otherwise. */
export const ROTATION_OVERLAP_HOURS_DEFAULT = 24;
export const ROTATION_OVERLAP_HOURS_MAX = 24 * 30;
export const KEY_ADDRESSES_MAX = 50;

export interface ApiKeyView {
  id: string;
  name: string;
  roleId: string | null;
  roleName: string | null;
  roleCode: string | null;
  branchCode: string | null;
  allowedAddresses: string[];
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  createdAt: string;
  createdByName: string | null;
  /** What the list shows of each secret still accepted (the prefix), newest first. */
  secrets: Array<{ prefix: string; expiresAt: string | null; createdAt: string }>;
  state: 'active' | 'expired' | 'revoked';
}

export interface NewApiKey {
  name: string;
  roleId: string;
  branchCode?: string | null;
  allowedAddresses?: string[];
  expiresAt?: string | null;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

const SELECT = `select k.id, k.name, m.role_id, r.name as role_name, r.code as role_code, m.branch_code,
       k.allowed_addresses, k.expires_at, k.revoked_at, k.last_used_at, k.last_used_ip, k.created_at,
       c.full_name as created_by_name,
       (select json_agg(json_build_object('prefix', s.prefix, 'expiresAt', s.expires_at, 'createdAt', s.created_at)
                        order by s.created_at desc)
          from api_key_secrets s where s.key_id = k.id and (s.expires_at is null or s.expires_at > now())) as secrets,
       now() as now
  from api_keys k
  join memberships m on m.user_id = k.user_id and m.organization_id = k.organization_id
  left join roles r on r.id = m.role_id
  left join users c on c.id = k.created_by`;

function viewOf(row: any): ApiKeyView {
  const secrets = (typeof row.secrets === 'string' ? JSON.parse(row.secrets) : row.secrets) ?? [];
  const addresses =
    typeof row.allowed_addresses === 'string'
      ? row.allowed_addresses
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : row.allowed_addresses;
  const expired = row.expires_at && new Date(row.expires_at) <= new Date(row.now);
  return {
    id: row.id,
    name: row.name,
    roleId: row.role_id,
    roleName: row.role_name,
    roleCode: row.role_code,
    branchCode: row.branch_code,
    allowedAddresses: addresses,
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
    lastUsedAt: iso(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    createdAt: iso(row.created_at)!,
    createdByName: row.created_by_name,
    secrets: row.revoked_at
      ? []
      : secrets.map((s: any) => ({
          prefix: s.prefix,
          expiresAt: iso(s.expiresAt),
          createdAt: iso(s.createdAt)!,
        })),
    state: row.revoked_at ? 'revoked' : expired ? 'expired' : 'active',
  };
}

export async function listApiKeys(db: Db, user: AuthUser): Promise<ApiKeyView[]> {
  const { rows } = await db.query(`${SELECT} where k.organization_id = $1 order by k.created_at desc, k.id`, [
    user.organizationId,
  ]);
  return rows.map(viewOf);
}

async function oneKey(db: Db, user: AuthUser, id: string, forUpdate = false): Promise<ApiKeyView> {
  const { rows } = await db.query(
    `${SELECT} where k.organization_id = $1 and k.id = $2${forUpdate ? ' for update of k' : ''}`,
    [user.organizationId, id],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'integrations:keys.notFound');
  return viewOf(rows[0]);
}

function checkInput(input: Pick<NewApiKey, 'allowedAddresses' | 'expiresAt'>, now: Date) {
  const addresses = [...new Set((input.allowedAddresses ?? []).map((a) => a.trim()).filter(Boolean))];
  if (addresses.length > KEY_ADDRESSES_MAX)
    throw new ApiError(400, 'TOO_MANY_ADDRESSES', 'integrations:keys.tooManyAddresses', {
      max: KEY_ADDRESSES_MAX,
    });
  const bad = addresses.find((a) => !validAddressEntry(a));
  if (bad) throw new ApiError(400, 'BAD_ADDRESS', 'integrations:keys.badAddress', { address: bad });
  if (input.expiresAt && !(new Date(input.expiresAt).getTime() > now.getTime()))
    throw new ApiError(400, 'EXPIRY_PAST', 'integrations:keys.expiryPast');
  return addresses;
}

/** A new key: its member (the role and branch), the key and its first secret. The secret is in the answer only. */
export async function createApiKey(
  db: Db,
  user: AuthUser,
  input: NewApiKey,
  ip?: string,
): Promise<{ key: ApiKeyView; secret: string }> {
  const addresses = checkInput(input, new Date());
  const role = await checkAssignment(db, user, {
    roleId: input.roleId,
    branchCode: input.branchCode ?? null,
  });
  const { secret, digest, prefix } = newApiKeySecret();
  return db.transaction(async (tx) => {
    const name = input.name.trim();
    const { rows: users } = await tx.query<{ id: string }>(
      `insert into users (full_name, is_api_key, created_by_organization_id) values ($1, true, $2) returning id`,
      [`API: ${name}`, user.organizationId],
    );
    const memberId = users[0].id;
    // Always a staff membership: the role gives the rights; a key is never an admin of keys.
    await tx.query(
      `insert into memberships (user_id, organization_id, role, role_id, branch_code, added_by)
       values ($1, $2, 'staff', $3, $4, $5)`,
      [memberId, user.organizationId, role.id, input.branchCode ?? null, user.userId],
    );
    const { rows: keys } = await tx.query<{ id: string }>(
      `insert into api_keys (organization_id, user_id, name, allowed_addresses, expires_at, created_by)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [user.organizationId, memberId, name, addresses, input.expiresAt ?? null, user.userId],
    );
    const keyId = keys[0].id;
    await tx.query('insert into api_key_secrets (key_id, digest, prefix) values ($1, $2, $3)', [
      keyId,
      digest,
      prefix,
    ]);
    const key = await oneKey(tx, user, keyId);
    await auditSettings(tx, user, {
      event: 'settings.apiKey.added',
      target: keyId,
      ip,
      detail: {
        name,
        roleId: role.id,
        branchCode: input.branchCode ?? null,
        prefix,
        addresses,
        expiresAt: key.expiresAt,
      },
    });
    return { key, secret };
  });
}

/** A new secret for the key; the previous ones keep working for `overlapHours` (0: stop now). */
export async function rotateApiKey(
  db: Db,
  user: AuthUser,
  id: string,
  overlapHours = ROTATION_OVERLAP_HOURS_DEFAULT,
  ip?: string,
): Promise<{ key: ApiKeyView; secret: string }> {
  const { secret, digest, prefix } = newApiKeySecret();
  return db.transaction(async (tx) => {
    const current = await oneKey(tx, user, id, true);
    if (current.state !== 'active') throw new ApiError(409, 'KEY_INACTIVE', 'integrations:keys.inactive');
    await tx.query(
      `update api_key_secrets set expires_at = least(coalesce(expires_at, 'infinity'), now() + make_interval(hours => $2))
        where key_id = $1`,
      [id, overlapHours],
    );
    await tx.query('insert into api_key_secrets (key_id, digest, prefix) values ($1, $2, $3)', [
      id,
      digest,
      prefix,
    ]);
    await auditSettings(tx, user, {
      event: 'settings.apiKey.rotated',
      target: id,
      ip,
      detail: { prefix, overlapHours },
    });
    return { key: await oneKey(tx, user, id), secret };
  });
}

/** Revoked at once: the next request with any of its secrets is refused. */
export async function revokeApiKey(db: Db, user: AuthUser, id: string, ip?: string): Promise<ApiKeyView> {
  return db.transaction(async (tx) => {
    const current = await oneKey(tx, user, id, true);
    if (current.revokedAt) return current;
    await tx.query('update api_keys set revoked_at = now() where id = $1 and organization_id = $2', [
      id,
      user.organizationId,
    ]);
    await tx.query(
      `update memberships set is_active = false, updated_at = now()
        where organization_id = $1 and user_id = (select user_id from api_keys where id = $2)`,
      [user.organizationId, id],
    );
    await auditSettings(tx, user, {
      event: 'settings.apiKey.revoked',
      target: id,
      ip,
      detail: { name: current.name },
    });
    return oneKey(tx, user, id);
  });
}
