// "Change requisites" (spec §2): the organisation's data as the tax authority's registry holds it
// (the demo registry in demo mode), compared field by field with the requisites, and applied only
// for the fields the person accepted — each re-read from the registry, never taken from the client.
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { type CompanyForm, getOrganization, type OrganizationView, updateRequisites } from './requisites';

/** What the registry answers about a taxpayer (the tax-authority adapter's Taxpayer, structurally). */
export interface RegistryTaxpayer {
  tin: string;
  name: string;
  vatRegCode?: string | null;
  vatRegStatus?: number | null;
  account?: string | null;
  mfo?: string | null;
  oked?: string | null;
  address?: string | null;
  regionId?: number | null;
  director?: string | null;
  directorPinfl?: string | null;
  accountant?: string | null;
  isDemo?: boolean;
}

export type RegistryLookup = (tin: string) => Promise<RegistryTaxpayer | null>;

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface RegistryPreview {
  /** The registry answered from its labelled demo data. */
  isDemo: boolean;
  fetched: Partial<CompanyForm>;
  changes: FieldChange[];
  version: string;
}

/** The registry's answer in the company form's field names (only what it knows). */
export function registryForm(taxpayer: RegistryTaxpayer): Partial<CompanyForm> {
  const form: Record<string, unknown> = { Name: taxpayer.name };
  const put = (field: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') form[field] = value;
  };
  put('VatRegCode', taxpayer.vatRegCode);
  put('VatRegStatus', taxpayer.vatRegStatus);
  put('Account', taxpayer.account);
  put('BankId', taxpayer.mfo);
  put('Oked', taxpayer.oked);
  put('Address', taxpayer.address);
  put('RegionId', taxpayer.regionId);
  put('Director', taxpayer.director);
  put('DirectorPinfl', taxpayer.directorPinfl);
  put('Accountant', taxpayer.accountant);
  return form as Partial<CompanyForm>;
}

async function fetchOwn(lookup: RegistryLookup, organization: OrganizationView): Promise<RegistryTaxpayer> {
  const identity = organization.tin;
  if (!identity) throw new ApiError(400, 'NOT_A_TAXPAYER', 'access:errors.notInRegistry');
  const taxpayer = await lookup(identity);
  if (!taxpayer) throw new ApiError(404, 'NOT_IN_REGISTRY', 'access:errors.notInRegistry');
  return taxpayer;
}

export function changesBetween(
  current: Record<string, unknown>,
  fetched: Record<string, unknown>,
): FieldChange[] {
  return Object.entries(fetched)
    .filter(([field, value]) => JSON.stringify(current[field] ?? null) !== JSON.stringify(value ?? null))
    .map(([field, to]) => ({ field, from: current[field] ?? null, to }));
}

export async function previewRegistryChanges(
  db: Db,
  user: AuthUser,
  lookup: RegistryLookup,
): Promise<RegistryPreview> {
  const organization = await getOrganization(db, user);
  const taxpayer = await fetchOwn(lookup, organization);
  const fetched = registryForm(taxpayer);
  return {
    isDemo: taxpayer.isDemo === true,
    fetched,
    changes: changesBetween(organization.requisites, fetched),
    version: organization.version,
  };
}

/**
 * Applies the accepted fields from a fresh registry answer. The result is checked with the company
 * form by the caller (`check`) before it is saved; a field the registry no longer differs on is skipped.
 */
export async function applyRegistryChanges(
  db: Db,
  user: AuthUser,
  lookup: RegistryLookup,
  input: { fields: string[]; version?: string },
  check: (form: CompanyForm) => Promise<CompanyForm>,
  ip?: string,
): Promise<OrganizationView> {
  const organization = await getOrganization(db, user);
  const fetched = registryForm(await fetchOwn(lookup, organization)) as Record<string, unknown>;
  const accepted = new Set(input.fields);
  const next: Record<string, unknown> = { ...organization.requisites };
  for (const change of changesBetween(organization.requisites, fetched)) {
    if (accepted.has(change.field)) next[change.field] = change.to;
  }
  const requisites = await check(next as CompanyForm);
  return updateRequisites(
    db,
    user,
    { id: organization.id, requisites, version: input.version },
    { ip, event: 'settings.requisites.refreshed' },
  );
}
