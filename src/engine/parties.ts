/** Organisation vs individual (spec §5, §9): a TIN in 200000000–400000000 is an organisation. */
export const ORGANIZATION_TIN_MIN = 200000000;
export const ORGANIZATION_TIN_MAX = 400000000;

export function isOrganizationTin(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{9}$/.test(value)) return false;
  const number = Number(value);
  return number >= ORGANIZATION_TIN_MIN && number <= ORGANIZATION_TIN_MAX;
}

/** 'organization' for an organisation TIN, 'individual' for a PINFL or any other identifier. */
export function partyKind(tinOrPinfl: unknown): 'organization' | 'individual' {
  return isOrganizationTin(tinOrPinfl) ? 'organization' : 'individual';
}
