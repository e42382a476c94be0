import { isOrganizationTin } from '../parties';
import { defineKeyword } from './define';
import type { KeywordCheck } from './types';

/**
 * Where a kind forbids an individual counterparty: the identifier must be an organisation TIN
 * (200000000–400000000). Empty values pass; `required` reports them.
 */
export const noIndividual: KeywordCheck<boolean> = (data, enabled) =>
  enabled && data !== '' && !isOrganizationTin(data) ? [{}] : null;

export default defineKeyword('noIndividual', noIndividual, { type: 'string', schemaType: 'boolean' });
