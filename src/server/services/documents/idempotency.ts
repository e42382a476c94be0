import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { sha256Hex } from './chain';
import type { Caller } from './types';

export interface IdempotentAnswer<T> {
  value: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The request's Idempotency-Key, or null; a key of the wrong shape is a 400. */
export function idempotencyKey(header: unknown): string | null {
  if (header === undefined || header === null || header === '') return null;
  const key = Array.isArray(header) ? header[0] : String(header);
  if (!KEY.test(key)) throw new ApiError(400, 'BAD_IDEMPOTENCY_KEY', 'exchange:errors.badIdempotencyKey');
  return key;
}

/** The stored answer of an earlier request with this key, if any (read before doing slow work). */
export async function storedAnswer<T>(
  db: Db,
  caller: Caller,
  route: string,
  key: string | null,
  request: unknown,
): Promise<T | null> {
  if (!key) return null;
  const { rows } = await db.query<{ request_hash: string; response: { value: T } | string | null }>(
    'select request_hash, response from idempotency_keys where organization_id = $1 and route = $2 and key = $3',
    [caller.user.organizationId, route, key],
  );
  const row = rows[0];
  if (!row || row.response === null) return null;
  if (row.request_hash !== sha256Hex(JSON.stringify(request ?? null)))
    throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'exchange:errors.idempotencyKeyReused');
  // Stored wrapped ({value}), so a bare string or number answer round-trips through jsonb unchanged.
  const stored = typeof row.response === 'string' ? JSON.parse(row.response) : row.response;
  return stored.value;
}

/**
 * Runs `work` in one transaction that first claims the key: a concurrent request with the same key
 * waits for this one to commit and then gets its answer; a request with the same key and another
 * body is refused. Without a key, `work` simply runs in a transaction.
 */
export async function idempotent<T>(
  db: Db,
  caller: Caller,
  route: string,
  key: string | null,
  request: unknown,
  work: (tx: Db) => Promise<T>,
): Promise<IdempotentAnswer<T>> {
  const requestHash = sha256Hex(JSON.stringify(request ?? null));
  return db.transaction(async (tx) => {
    if (!key) return { value: await work(tx), replayed: false };
    const claimed = await tx.query(
      `insert into idempotency_keys (organization_id, route, key, request_hash) values ($1, $2, $3, $4)
       on conflict do nothing returning key`,
      [caller.user.organizationId, route, key, requestHash],
    );
    if (claimed.rows.length === 0) {
      const stored = await storedAnswer<T>(tx, caller, route, key, request);
      if (stored === null)
        throw new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'exchange:errors.idempotencyInProgress');
      return { value: stored, replayed: true };
    }
    const value = await work(tx);
    await tx.query(
      'update idempotency_keys set response = $4, status_code = 200 where organization_id = $1 and route = $2 and key = $3',
      [caller.user.organizationId, route, key, JSON.stringify({ value })],
    );
    return { value, replayed: false };
  });
}
