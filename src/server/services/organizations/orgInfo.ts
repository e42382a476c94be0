import type { Db } from '../../db/client';

// Organisation requisites as the document forms take them (spec §7 DocumentOrganization), in the
// national field names of schemas/defs/party.json and partyRef.json. A registered organisation's
// requisites are business-public (the operators answer the same lookup); people's data is not:
// nothing here reads users, memberships, phones or e-mails, and only the fields listed below leave
// the server (the requisites jsonb may hold more, e.g. the director's PINFL).

export const TIN_PATTERN = /^\d{9}$/;
export const PINFL_PATTERN = /^\d{14}$/;

export const isTinOrPinfl = (value: unknown): value is string =>
  typeof value === 'string' && (TIN_PATTERN.test(value) || PINFL_PATTERN.test(value));

export interface OrgInfo {
  TinOrPinfl: string;
  Tin?: string;
  Pinfl?: string;
  Name: string;
  BranchCode?: string;
  BranchName?: string;
  VatRegCode?: string;
  VatRegStatus?: number | null;
  Account?: string;
  BankId?: string;
  Address?: string;
  Oked?: string;
  DistrictId?: string;
  Director?: string;
  Accountant?: string;
  /** Only on the caller's own organisation (getOrgInfo), never on a lookup of another party. */
  Mobile?: string;
  WorkPhone?: string;
}

export interface OrganizationRow {
  id: string;
  tin: string | null;
  pinfl: string | null;
  name: string;
  vat_reg_code: string | null;
  vat_status: string | null;
  requisites: Record<string, unknown> | string | null;
}

/** Text requisites copied as they are (trimmed); the key is the party field, the values the jsonb names accepted. */
const TEXT_FIELDS: ReadonlyArray<readonly [keyof OrgInfo, readonly string[]]> = [
  ['BranchCode', ['BranchCode']],
  ['BranchName', ['BranchName']],
  ['Account', ['Account', 'BankAccount']],
  ['BankId', ['BankId', 'Mfo']],
  ['Address', ['Address']],
  ['Oked', ['Oked']],
  ['DistrictId', ['DistrictId']],
  ['Director', ['Director']],
  ['Accountant', ['Accountant']],
];
const PHONE_FIELDS: ReadonlyArray<readonly [keyof OrgInfo, readonly string[]]> = [
  ['Mobile', ['Mobile']],
  ['WorkPhone', ['WorkPhone']],
];

/** The party.json patterns: a value that does not fit is left out rather than sent to fail the form. */
const FIELD_PATTERNS: Partial<Record<keyof OrgInfo, RegExp>> = {
  Account: /^(\d{20}|\d{27})$/,
  BankId: /^\d{5}$/,
  VatRegCode: /^\d{12}$/,
};

const VAT_STATUSES = new Set([20, 21, 22]);

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function requisitesOf(raw: OrganizationRow['requisites']): Record<string, unknown> {
  if (!raw) return {};
  if (typeof raw === 'string') {
    try {
      const parsed = JSON.parse(raw) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return raw;
}

/** Reads a requisite by any of its accepted names, case-insensitively. */
function pick(requisites: Record<string, unknown>, names: readonly string[]): string | undefined {
  const lower = new Map(Object.entries(requisites).map(([k, v]) => [k.toLowerCase(), v]));
  for (const name of names) {
    const value = text(lower.get(name.toLowerCase()));
    if (value !== undefined) return value;
  }
  return undefined;
}

function vatStatusOf(column: string | null, requisites: Record<string, unknown>): number | undefined {
  for (const candidate of [column, requisites.VatRegStatus]) {
    const value = text(candidate);
    if (value !== undefined && VAT_STATUSES.has(Number(value))) return Number(value);
  }
  return undefined;
}

/**
 * An organisations row in the party shape. Only data that is stored is answered: absent requisites
 * stay absent (never defaults or guesses).
 */
export function toOrgInfo(row: OrganizationRow, options: { own?: boolean } = {}): OrgInfo {
  const requisites = requisitesOf(row.requisites);
  const info: OrgInfo = { TinOrPinfl: (row.tin ?? row.pinfl)!, Name: row.name };
  if (row.tin) info.Tin = row.tin;
  if (row.pinfl) info.Pinfl = row.pinfl;
  const fields = options.own ? [...TEXT_FIELDS, ...PHONE_FIELDS] : TEXT_FIELDS;
  for (const [field, names] of fields) {
    const value = pick(requisites, names);
    const pattern = FIELD_PATTERNS[field];
    if (value !== undefined && (!pattern || pattern.test(value)))
      (info as unknown as Record<string, unknown>)[field] = value;
  }
  const vatRegCode = text(row.vat_reg_code) ?? pick(requisites, ['VatRegCode']);
  if (vatRegCode && FIELD_PATTERNS.VatRegCode!.test(vatRegCode)) info.VatRegCode = vatRegCode;
  const vatStatus = vatStatusOf(row.vat_status, requisites);
  if (vatStatus !== undefined) info.VatRegStatus = vatStatus;
  return info;
}

const COLUMNS = 'id, tin, pinfl, name, vat_reg_code, vat_status, requisites';

/** A registered organisation or individual by TIN (9 digits) or PINFL (14 digits); null when none. */
export async function findOrgInfoByTin(db: Db, tinOrPinfl: string): Promise<OrgInfo | null> {
  const column = TIN_PATTERN.test(tinOrPinfl) ? 'tin' : PINFL_PATTERN.test(tinOrPinfl) ? 'pinfl' : null;
  if (!column) return null;
  const { rows } = await db.query<OrganizationRow>(
    `select ${COLUMNS} from organizations where ${column} = $1`,
    [tinOrPinfl],
  );
  return rows[0] ? toOrgInfo(rows[0]) : null;
}

/** The organisation a session acts for, with its own contact phones. */
export async function findOwnOrgInfo(db: Db, organizationId: string): Promise<OrgInfo | null> {
  const { rows } = await db.query<OrganizationRow>(`select ${COLUMNS} from organizations where id = $1`, [
    organizationId,
  ]);
  return rows[0] ? toOrgInfo(rows[0], { own: true }) : null;
}
