// Spec §4: the success message is chosen by the result code the action answers with.
const RESULT_KEYS: Record<number, string> = {
  1: 'signed',
  2: 'cancelled',
  3: 'approved',
  5: 'approved',
  13: 'approved',
  4: 'rejected',
  6: 'rejected',
  14: 'rejected',
  8: 'cargoReturned',
  9: 'signedByAgent',
};

/** The workspace locale key of a result code's success message, or null for a code spec §4 does not name. */
export function resultMessageKey(code: number | undefined): string | null {
  const key = code === undefined ? undefined : RESULT_KEYS[code];
  return key ? `workspace:results.${key}` : null;
}
