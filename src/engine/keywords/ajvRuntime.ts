/**
 * Stand-ins for AJV's runtime helpers that standalone code would `require()` (CommonJS). The build
 * step rewrites `require("ajv/dist/runtime/<name>").default` to `kw.<name>`, so the precompiled
 * validators stay pure ES modules.
 */

/** String length in Unicode code points (surrogate pairs count once), as AJV's ucs2length. */
export function ucs2length(text: string): number {
  let length = 0;
  for (const _char of text) length++;
  return length;
}

/** Structural equality of JSON values, as AJV's `equal` (fast-deep-equal). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a as object);
  const keysB = Object.keys(b as object);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b as object, key) && equal((a as any)[key], (b as any)[key]));
}
