import { isOrganizationTin } from '../parties';
import type { KeywordCheck, KeywordSpec } from './types';

/**
 * Where a kind forbids an individual counterparty: the identifier must be an organisation TIN
 * (200000000–400000000). Empty values pass; `required` reports them.
 */
export const noIndividual: KeywordCheck<boolean> = (data, enabled) =>
  enabled && data !== '' && !isOrganizationTin(data) ? [{}] : null;

export default {
  keyword: 'noIndividual',
  check: noIndividual,
  type: 'string',
  schemaType: 'boolean',
} satisfies KeywordSpec;
