import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import {
  findOrgInfoByTin,
  findOwnOrgInfo,
  type OrganizationRow,
  type OrgInfo,
  PINFL_PATTERN,
  TIN_PATTERN,
} from '../organizations';
import { getBank } from '../reference/banks/store';
import { districtByTaxCode, districtIdOf, getDistrict, getRegion } from '../reference/places';
import { asApiError } from './instance';
import { type TaxAuthority, type Taxpayer, TaxServiceError } from './types';

// The party look-up of the document forms (DocumentOrganization): every requisite the sources know,
// in the party's national field names. Two sources: the tax registry (through the adapter: name, VAT
// registration, taxpayer type, address, region and district, OKED, director, accountant, account and
// MFO) and the organisation's own settings when it is registered here (its bank details and branch
// are what it wants on documents). The bank's name comes from the banks by MFO.

export interface PartyInfo extends OrgInfo {
  TaxpayerType?: number;
  BankName?: string;
  RegionId?: number;
  RegionName?: string;
  DistrictName?: string;
  /** Which sources answered: the tax registry, this service's registered organisations, or both. */
  Source: 'registry' | 'registered' | 'both';
  /** Labelled demo data (the demo registry or a demo organisation). */
  IsDemo?: boolean;
  /** The registry could not be asked (down or not configured): the requisites may be incomplete. */
  RegistryUnavailable?: boolean;
}

/** Registry facts win over what an organisation typed in its settings, except its bank and branch. */
const REGISTRY_FIRST: Array<keyof OrgInfo> = [
  'Name',
  'VatRegCode',
  'Address',
  'Oked',
  'Director',
  'Accountant',
];

function fromRegistry(t: Taxpayer): Partial<PartyInfo> {
  const out: Partial<PartyInfo> = { Name: t.name };
  if (t.vatRegCode) out.VatRegCode = t.vatRegCode;
  if (t.vatRegStatus) out.VatRegStatus = t.vatRegStatus;
  if (t.taxpayerType) out.TaxpayerType = t.taxpayerType;
  if (t.account) out.Account = t.account;
  if (t.mfo) out.BankId = t.mfo;
  if (t.oked) out.Oked = t.oked;
  if (t.address) out.Address = t.address;
  if (t.director) out.Director = t.director;
  if (t.accountant) out.Accountant = t.accountant;
  return out;
}

async function settingsPlace(db: Db, tin: string): Promise<{ regionId?: number; soato?: number }> {
  const r = await db.query<Pick<OrganizationRow, 'requisites'>>(
    'select requisites from organizations where tin = $1',
    [tin],
  );
  const raw = r.rows[0]?.requisites;
  const requisites = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
  const regionId = Number(requisites?.RegionId);
  const soato = Number(requisites?.DistrictId);
  return {
    regionId: Number.isInteger(regionId) && regionId > 0 ? regionId : undefined,
    soato: Number.isInteger(soato) && soato > 1_000_000 ? soato : undefined,
  };
}

/** Region and district: the registry's codes, else the settings' region and district (SOATO). */
async function addPlace(db: Db, info: PartyInfo, taxpayer: Taxpayer | null, lang: Locale) {
  let regionId = taxpayer?.regionId ?? undefined;
  let district =
    taxpayer?.regionId && taxpayer.districtCode
      ? await districtByTaxCode(db, taxpayer.regionId, taxpayer.districtCode, lang)
      : null;
  if (!regionId && info.Tin) {
    const place = await settingsPlace(db, info.Tin);
    regionId = place.regionId;
    if (place.soato) district = await getDistrict(db, place.soato, lang);
  }
  delete info.DistrictId;
  if (!regionId) return;
  const region = await getRegion(db, regionId, lang);
  if (!region) return;
  info.RegionId = region.id;
  info.RegionName = region.name;
  if (district && district.regionId === region.id) {
    info.DistrictName = district.name;
    const id = districtIdOf(region.id, district.taxDistrictCode);
    if (id) info.DistrictId = id;
  }
}

async function addBankName(db: Db, info: PartyInfo) {
  if (!info.BankId) return;
  const bank = await getBank(db, info.BankId);
  if (bank) info.BankName = bank.name;
}

async function registryTaxpayer(authority: TaxAuthority, tin: string, lang: Locale) {
  try {
    return { taxpayer: await authority.taxpayer(tin, lang), unavailable: false };
  } catch (err) {
    if (err instanceof TaxServiceError) return { taxpayer: null, unavailable: true, error: err };
    throw err;
  }
}

/**
 * A party by TIN or PINFL. 404 when neither source knows it; 503 when the registry cannot be asked
 * and the number is not registered here either (the person then types the party by hand).
 */
export async function lookupParty(
  db: Db,
  authority: TaxAuthority,
  tinOrPinfl: string,
  lang: Locale,
): Promise<PartyInfo> {
  const registered = await findOrgInfoByTin(db, tinOrPinfl);
  if (PINFL_PATTERN.test(tinOrPinfl)) return lookupPerson(authority, tinOrPinfl, registered, lang);
  if (!TIN_PATTERN.test(tinOrPinfl)) throw new ApiError(400, 'INVALID_TIN', 'errors:invalidTinOrPinfl');
  const asked = await registryTaxpayer(authority, tinOrPinfl, lang);
  const taxpayer = asked.taxpayer;
  if (!taxpayer && !registered) {
    if (asked.unavailable && asked.error) asApiError(asked.error);
    throw new ApiError(404, 'ORGANIZATION_NOT_FOUND', 'errors:organizationNotFound', { tin: tinOrPinfl });
  }
  const registry = taxpayer ? fromRegistry(taxpayer) : {};
  const info: PartyInfo = {
    ...registry,
    ...(registered ?? {}),
    TinOrPinfl: tinOrPinfl,
    Tin: tinOrPinfl,
    Name: registry.Name ?? registered!.Name,
    Source: taxpayer && registered ? 'both' : taxpayer ? 'registry' : 'registered',
  };
  for (const field of REGISTRY_FIRST) {
    const value = registry[field];
    if (value !== undefined) (info as unknown as Record<string, unknown>)[field] = value;
  }
  // The VAT status travels with the VAT code: never one source's code with the other's status.
  if (registry.VatRegCode || registry.VatRegStatus) info.VatRegStatus = registry.VatRegStatus;
  if (info.VatRegStatus === undefined) delete info.VatRegStatus;
  if (taxpayer?.taxpayerType) info.TaxpayerType = taxpayer.taxpayerType;
  if (taxpayer?.isDemo) info.IsDemo = true;
  if (asked.unavailable) info.RegistryUnavailable = true;
  await addPlace(db, info, taxpayer, lang);
  await addBankName(db, info);
  return info;
}

async function lookupPerson(
  authority: TaxAuthority,
  pinfl: string,
  registered: OrgInfo | null,
  lang: Locale,
): Promise<PartyInfo> {
  let person = null;
  let unavailable = false;
  try {
    person = await authority.individual(pinfl, lang);
  } catch (err) {
    if (!(err instanceof TaxServiceError)) throw err;
    unavailable = true;
    if (!registered) asApiError(err);
  }
  if (!person && !registered)
    throw new ApiError(404, 'ORGANIZATION_NOT_FOUND', 'errors:organizationNotFound', { tin: pinfl });
  const info: PartyInfo = {
    ...(registered ?? {}),
    TinOrPinfl: pinfl,
    Pinfl: pinfl,
    Name: person?.fullName ?? registered!.Name,
    Source: person && registered ? 'both' : person ? 'registry' : 'registered',
  };
  if (person?.isDemo) info.IsDemo = true;
  if (unavailable) info.RegistryUnavailable = true;
  return info;
}

/** The caller's own organisation with the same enrichment (bank name, region and district names). */
export async function ownParty(db: Db, organizationId: string, lang: Locale): Promise<PartyInfo | null> {
  const own = await findOwnOrgInfo(db, organizationId);
  if (!own) return null;
  const info: PartyInfo = { ...own, Source: 'registered' };
  await addPlace(db, info, null, lang);
  await addBankName(db, info);
  return info;
}
