import { defineKeyword } from './define';
import type { KeywordCheck } from './types';

/** TIN: optional; when filled, exactly 9 digits (spec §5). */
export const tin: KeywordCheck<boolean> = (data, enabled) =>
  enabled && data !== '' && !/^\d{9}$/.test(data) ? [{}] : null;

export default defineKeyword('tin', tin, { type: 'string', schemaType: 'boolean' });
