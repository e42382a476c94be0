import type { KeywordCheck, KeywordSpec } from './types';

/** TIN: optional; when filled, exactly 9 digits (spec §5). */
export const tin: KeywordCheck<boolean> = (data, enabled) =>
  enabled && data !== '' && !/^\d{9}$/.test(data) ? [{}] : null;

export default { keyword: 'tin', check: tin, type: 'string', schemaType: 'boolean' } satisfies KeywordSpec;
