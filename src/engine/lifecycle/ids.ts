import { readOne, writeOne } from './pointer';
import { getLifecycle } from './registry';

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A fresh national document id in the kind's format: an ObjectId-like 24-hex id (4 bytes of seconds
 * then 8 random bytes, as the roaming ids are) or a UUID.
 */
export function freshNationalId(format: 'objectId' | 'uuid' = 'objectId', now = Date.now()): string {
  if (format === 'uuid') return crypto.randomUUID();
  return (
    Math.floor(now / 1000)
      .toString(16)
      .padStart(8, '0')
      .slice(-8) + randomHex(8)
  );
}

/**
 * The content with its national id and its product lists' ids (lifecycle `document.listIds`) filled:
 * each kept when `keep` and present, otherwise a fresh one — a copy must not carry the original's
 * ids, and every document's product list has its own id, kept from then on, as operators assign them.
 * Kinds without a declared id are returned unchanged.
 */
export function withNationalId<T>(kind: string, content: T, keep: boolean): T {
  const { document } = getLifecycle(kind);
  let next = content;
  for (const pointer of [document.id, ...(document.listIds ?? [])]) {
    if (!pointer) continue;
    const current = readOne(next, pointer);
    if (keep && typeof current === 'string' && current.trim() !== '') continue;
    next = writeOne(next, pointer, freshNationalId(document.idFormat));
  }
  return next;
}

/**
 * A copy as the operators make one: the original's parties and goods under a fresh national id, with
 * no number (the person gives it its own) and dated `today` (yyyy-MM-dd, the organisation's day) — a
 * copy that kept both would be a duplicate of a document already sent.
 */
export function asNewDocument<T>(kind: string, content: T, today: string): T {
  const { document } = getLifecycle(kind);
  let next = withNationalId(kind, content, false);
  if (document.number && readOne(next, document.number) !== undefined)
    next = writeOne(next, document.number, '');
  if (document.date && readOne(next, document.date) !== undefined)
    next = writeOne(next, document.date, today);
  return next;
}
