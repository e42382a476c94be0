import { isOrganizationTin as isOrganizationTinText } from './constants';

/** Organisation vs individual (spec §5, §9): a TIN in 200000000–400000000 is an organisation. */
export function isOrganizationTin(value: unknown): boolean {
  return typeof value === 'string' && isOrganizationTinText(value);
}

/** 'organization' for an organisation TIN, 'individual' for a PINFL or any other identifier. */
export function partyKind(tinOrPinfl: unknown): 'organization' | 'individual' {
  return isOrganizationTin(tinOrPinfl) ? 'organization' : 'individual';
}
