import { randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPath } from '../../../engine/routes';
import type { Db } from '../../db/client';

/**
 * The key of a document's public verification page (migration 0070): random, made once per signed
 * document and kept, so every print carries the same QR. It is the only thing that opens the page:
 * the id alone does not (ids cannot be enumerated, the key cannot be derived from the id).
 */
export const KEY_BYTES = 24;

export const newVerificationKey = () => randomBytes(KEY_BYTES).toString('base64url');

/** The document's key, made on first use (concurrent first uses agree on one). */
export async function verificationKey(db: Db, documentId: string): Promise<string> {
  await db.query(
    `insert into document_verification_keys (document_id, key) values ($1, $2)
     on conflict (document_id) do nothing`,
    [documentId, newVerificationKey()],
  );
  const { rows } = await db.query<{ key: string }>(
    'select key from document_verification_keys where document_id = $1',
    [documentId],
  );
  return rows[0].key;
}

/** Whether `key` is the document's key (compared in constant time). */
export async function keyMatches(db: Db, documentId: string, key: string): Promise<boolean> {
  const { rows } = await db.query<{ key: string }>(
    'select key from document_verification_keys where document_id = $1',
    [documentId],
  );
  const stored = rows[0]?.key;
  if (!stored) return false;
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(key, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The absolute address of the verification page: what the QR encodes. */
export const verificationUrl = (origin: string, documentId: string, key: string) =>
  `${origin.replace(/\/+$/, '')}${verifyPath(documentId, key)}`;
