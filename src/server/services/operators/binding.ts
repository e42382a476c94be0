import type { Db } from '../../db/client';
import { providerById } from './catalogue';
import type { CredentialKey } from './credentialKey';
import { type Credentials, maskOf, openCredentials, sealCredentials } from './credentials';

// The organisation's exchange operator and its credentials (migration 0115). bindingOf is the one
// way to the decrypted credentials (the provider adapters and sync jobs call it); everything the API
// answers goes through describeBinding, which holds no secret — only that each field is set, and a
// mask.

export interface Binding {
  provider: string;
  credentials: Credentials;
}

/** The stored credentials cannot be opened: the key changed, or the row was not sealed for this organisation. */
export class BindingUnreadableError extends Error {
  override name = 'BindingUnreadableError';
  constructor(readonly organizationId: string) {
    super(
      'the exchange operator credentials cannot be opened with the configured key; bind the operator again',
    );
  }
}

interface BindingRow {
  provider: string;
  credentials: Uint8Array;
  key_id: string;
  mask: Record<string, string> | string;
  bound_by: string | null;
  bound_by_name: string | null;
  bound_at: Date | string;
  updated_at: Date | string;
  version: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The organisation's provider and decrypted credentials, or null when none is bound. Throws
 * BindingUnreadableError when a binding exists but does not open with `key` (null: no key configured).
 * Never log what it answers.
 */
export async function bindingOf(
  db: Db,
  organizationId: string,
  key: CredentialKey | null,
): Promise<Binding | null> {
  const { rows } = await db.query<Pick<BindingRow, 'provider' | 'credentials' | 'key_id'>>(
    'select provider, credentials, key_id from operator_bindings where organization_id = $1',
    [organizationId],
  );
  const row = rows[0];
  if (!row) return null;
  const credentials =
    key && key.id === row.key_id ? openCredentials(key, organizationId, row.provider, row.credentials) : null;
  if (!credentials) throw new BindingUnreadableError(organizationId);
  return { provider: row.provider, credentials };
}

/** What the API may say of a binding: never a credential, only which fields are set and their masks. */
export interface BindingSummary {
  provider: string;
  set: true;
  /** Field → mask ("••••" and at most the last two characters of a long value). */
  mask: Record<string, string>;
  /** False when the configured key cannot open the credentials (bind again). */
  readable: boolean;
  boundBy: string | null;
  boundByName: string | null;
  boundAt: string;
  updatedAt: string;
  version: number;
}

export async function describeBinding(
  db: Db,
  organizationId: string,
  key: CredentialKey | null,
): Promise<BindingSummary | null> {
  const { rows } = await db.query<Omit<BindingRow, 'credentials'>>(
    `select b.provider, b.key_id, b.mask, b.bound_by, u.full_name as bound_by_name, b.bound_at,
            b.updated_at, b.version
       from operator_bindings b left join users u on u.id = b.bound_by
      where b.organization_id = $1`,
    [organizationId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    provider: row.provider,
    set: true,
    mask: typeof row.mask === 'string' ? JSON.parse(row.mask) : row.mask,
    readable: key?.id === row.key_id,
    boundBy: row.bound_by,
    boundByName: row.bound_by_name,
    boundAt: iso(row.bound_at),
    updatedAt: iso(row.updated_at),
    version: Number(row.version),
  };
}

export interface BindInput {
  organizationId: string;
  provider: string;
  /** Fields left out (or empty) keep their stored value when the provider stays the same. */
  credentials: Credentials;
  userId: string;
}

export type BindOutcome =
  | { ok: true; summary: BindingSummary; previousProvider: string | null }
  | { ok: false; reason: 'unknownProvider' | 'missingField'; field?: string };

/** Binds (or re-binds) the organisation's operator in one transaction; the credentials are sealed with `key`. */
export async function saveBinding(db: Db, key: CredentialKey, input: BindInput): Promise<BindOutcome> {
  const provider = providerById(input.provider);
  if (!provider) return { ok: false, reason: 'unknownProvider' };
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Pick<BindingRow, 'provider' | 'credentials' | 'key_id'>>(
      'select provider, credentials, key_id from operator_bindings where organization_id = $1 for update',
      [input.organizationId],
    );
    const previous = rows[0] ?? null;
    const kept =
      previous && previous.provider === provider.id && previous.key_id === key.id
        ? (openCredentials(key, input.organizationId, provider.id, previous.credentials) ?? {})
        : {};
    const credentials: Credentials = {};
    for (const field of provider.fields) {
      const given = input.credentials[field.key];
      const value = given !== undefined && given !== '' ? given : kept[field.key];
      if (value !== undefined && value !== '') credentials[field.key] = value;
      else if (field.required)
        return { ok: false as const, reason: 'missingField' as const, field: field.key };
    }
    const mask = Object.fromEntries(
      Object.entries(credentials).map(([name, value]) => [name, maskOf(value)]),
    );
    const sealed = sealCredentials(key, input.organizationId, provider.id, credentials);
    await tx.query(
      `insert into operator_bindings (organization_id, provider, credentials, key_id, mask, bound_by)
       values ($1, $2, $3, $4, $5::jsonb, $6)
       on conflict (organization_id) do update
          set provider = excluded.provider, credentials = excluded.credentials, key_id = excluded.key_id,
              mask = excluded.mask, bound_by = excluded.bound_by, updated_at = now(),
              bound_at = case when operator_bindings.provider = excluded.provider
                              then operator_bindings.bound_at else now() end,
              version = operator_bindings.version + 1`,
      [input.organizationId, provider.id, sealed, key.id, JSON.stringify(mask), input.userId],
    );
    const summary = (await describeBinding(tx, input.organizationId, key)) as BindingSummary;
    return { ok: true as const, summary, previousProvider: previous?.provider ?? null };
  });
}

/** Removes the binding; true when there was one. */
export async function removeBinding(db: Db, organizationId: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from operator_bindings where organization_id = $1', [
    organizationId,
  ]);
  return rowCount > 0;
}
