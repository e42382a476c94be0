// The feed's cursor: opaque to clients, a position of the committed sequence inside (migration 0130).
// Positions live in the database, so a cursor stays valid across restarts and instances.
import { ApiError } from '../../errors';

const PREFIX = 'f1.';

export function encodeCursor(position: bigint): string {
  return PREFIX + Buffer.from(position.toString(), 'utf8').toString('base64url');
}

/** The position after which to read; 0 for no cursor (from the beginning). A malformed cursor → 400. */
export function decodeCursor(cursor: string | undefined): bigint {
  if (cursor === undefined || cursor === '') return 0n;
  const bad = () => new ApiError(400, 'BAD_CURSOR', 'integrations:feed.badCursor');
  if (!cursor.startsWith(PREFIX) || cursor.length > 40) throw bad();
  const text = Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8');
  if (!/^(0|[1-9][0-9]{0,18})$/.test(text)) throw bad();
  const position = BigInt(text);
  if (position > 9_223_372_036_854_775_807n) throw bad();
  return position;
}
