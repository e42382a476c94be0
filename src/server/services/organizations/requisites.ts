// The company's requisites (spec §3 Company details) as the settings form (schemas/settings/company)
// edits them: the name and VAT columns of organizations, everything else in its requisites jsonb
// under the form's field names. Only the caller's own organisation: another id is a 404.
import { getKind } from '../../../engine/registry';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { auditSettings, type Change, diff } from '../access/settingsAudit';

export type CompanyForm = Record<string, unknown> & { Tin: string; Name: string };

export interface OrganizationView {
  id: string;
  tin: string | null;
  pinfl: string | null;
  name: string;
  isDemo: boolean;
  /** The company form's content. */
  requisites: CompanyForm;
  /** The version an update must name (409 VERSION_CONFLICT when someone saved in between). */
  version: string;
}

interface Row {
  id: string;
  tin: string | null;
  pinfl: string | null;
  name: string;
  vat_reg_code: string | null;
  vat_status: string | null;
  requisites: Record<string, unknown> | string | null;
  is_demo: boolean;
  version: string;
}

/** The company form's field names (its schema's properties): what the jsonb may answer. */
function formFields(): string[] {
  return Object.keys((getKind('company').schema as { properties: Record<string, unknown> }).properties);
}

function formOf(row: Row): CompanyForm {
  const stored = typeof row.requisites === 'string' ? JSON.parse(row.requisites) : (row.requisites ?? {});
  const form: Record<string, unknown> = {};
  for (const field of formFields()) {
    if (stored[field] !== undefined && stored[field] !== null && stored[field] !== '')
      form[field] = stored[field];
  }
  form.Tin = row.tin ?? row.pinfl ?? '';
  form.Name = row.name;
  if (row.vat_reg_code) form.VatRegCode = row.vat_reg_code;
  const status = Number(row.vat_status);
  if ([20, 21, 22].includes(status)) form.VatRegStatus = status;
  return form as CompanyForm;
}

/** Microseconds of the last change: two saves in one millisecond still differ. */
const versionOf = (row: Row) => String(row.version);

async function loadOwn(db: Db, user: AuthUser, id: string, forUpdate = false): Promise<Row> {
  if (id !== user.organizationId) throw new ApiError(404, 'NOT_FOUND', 'access:errors.organizationNotFound');
  const { rows } = await db.query<Row>(
    `select id, tin, pinfl, name, vat_reg_code, vat_status, requisites, is_demo,
            (extract(epoch from updated_at) * 1000000)::bigint::text as version
       from organizations where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.organizationNotFound');
  return rows[0];
}

export async function getOrganization(
  db: Db,
  user: AuthUser,
  id = user.organizationId,
): Promise<OrganizationView> {
  const row = await loadOwn(db, user, id);
  return {
    id: row.id,
    tin: row.tin,
    pinfl: row.pinfl,
    name: row.name,
    isDemo: row.is_demo,
    requisites: formOf(row),
    version: versionOf(row),
  };
}

/**
 * Saves the requisites (already checked with the company form). The TIN/PINFL is the account's
 * identity and cannot change; `version` (when given) must be the one read.
 */
export async function updateRequisites(
  db: Db,
  user: AuthUser,
  input: { id: string; requisites: CompanyForm; version?: string },
  options: { ip?: string; event?: 'settings.requisites.updated' | 'settings.requisites.refreshed' } = {},
): Promise<OrganizationView> {
  return db.transaction(async (tx) => {
    const row = await loadOwn(tx, user, input.id, true);
    if (input.version && input.version !== versionOf(row)) {
      throw new ApiError(409, 'VERSION_CONFLICT', 'access:errors.requisitesChanged');
    }
    const before = formOf(row);
    if (input.requisites.Tin !== before.Tin)
      throw new ApiError(400, 'TIN_IMMUTABLE', 'access:errors.tinImmutable');
    const { Tin: _tin, Name, VatRegCode, VatRegStatus, ...rest } = input.requisites;
    const stored = typeof row.requisites === 'string' ? JSON.parse(row.requisites) : (row.requisites ?? {});
    // Keys outside the form (e.g. what other areas keep there) are kept; the form's own are replaced.
    const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => !formFields().includes(key)));
    await tx.query(
      `update organizations set name = $2, vat_reg_code = $3, vat_status = $4, requisites = $5, updated_at = clock_timestamp()
        where id = $1`,
      [
        row.id,
        String(Name).trim(),
        (VatRegCode as string | undefined) || null,
        VatRegStatus === undefined || VatRegStatus === null ? null : String(VatRegStatus),
        JSON.stringify({ ...kept, ...rest }),
      ],
    );
    const after = await getOrganization(tx, user, row.id);
    const changes: Record<string, Change> = diff(before, after.requisites);
    if (Object.keys(changes).length) {
      await auditSettings(tx, user, {
        event: options.event ?? 'settings.requisites.updated',
        target: row.id,
        ip: options.ip,
        changes,
      });
    }
    return after;
  });
}
