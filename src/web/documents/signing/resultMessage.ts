// Spec §4: the success message is chosen by the result code the action answers with
// (exchange:result.<code>: 1 signed, 2 cancelled, 3/5/13 approved, 4/6/14 rejected, 8, 9).
const RESULT_CODES = new Set([1, 2, 3, 4, 5, 6, 8, 9, 13, 14]);

/** The locale key of a result code's success message, or null for a code spec §4 does not name. */
export function resultMessageKey(code: number | undefined): string | null {
  return code !== undefined && RESULT_CODES.has(code) ? `exchange:result.${code}` : null;
}
