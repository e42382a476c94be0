import { isOrganizationTin } from '../../engine/constants';
import type { Db } from '../db/client';
import type { SignerIdentity } from '../signing/types';
import type { MembershipRole } from './types';

/**
 * What a verified certificate says about its holder: the signer of SignatureService, less the
 * validity dates the verifier has already checked (tests build holders without them).
 */
export type CertificateHolder = Pick<
  SignerIdentity,
  'serialNumber' | 'subjectCN' | 'organization' | 'title' | 'tin' | 'pinfl' | 'uid'
> &
  Partial<Pick<SignerIdentity, 'subject'>>;

const LEGAL_TIN_OID = '1.2.860.3.16.1.1';

export interface UserRow {
  id: string;
  full_name: string;
  pinfl: string | null;
  tin: string | null;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  is_active: boolean;
  is_demo: boolean;
  registered_identity: string | null;
  last_organization_id: string | null;
}

export interface OrganizationRow {
  id: string;
  tin: string | null;
  pinfl: string | null;
  name: string;
}

export interface MembershipRow extends OrganizationRow {
  role: MembershipRole;
}

export const USER_COLUMNS =
  'u.id, u.full_name, u.pinfl, u.tin, u.phone, u.email, u.password_hash, u.is_active, u.is_demo, u.registered_identity, u.last_organization_id';

/**
 * The party a certificate acts for: a legal TIN in the organisation range names the organisation,
 * otherwise the holder acts as an individual by PINFL (spec §5), or by personal TIN when the
 * certificate has no PINFL. Null when the certificate names neither.
 */
export function partyOf(holder: CertificateHolder): { tin: string } | { pinfl: string } | null {
  const legalTin =
    holder.subject?.[LEGAL_TIN_OID] ?? (holder.tin && holder.tin !== holder.uid ? holder.tin : undefined);
  if (legalTin && isOrganizationTin(legalTin)) return { tin: legalTin };
  if (holder.pinfl) return { pinfl: holder.pinfl };
  if (holder.tin) return { tin: holder.tin };
  if (holder.uid) return { tin: holder.uid };
  return null;
}

/** The registration identity of spec §5: the organisation's TIN, otherwise the PINFL. */
export function registrationIdentityOf(holder: CertificateHolder): string | null {
  const party = partyOf(holder);
  if (!party) return null;
  return 'tin' in party ? party.tin : party.pinfl;
}

/** Finds or creates the certificate's party and person and makes the person a member. */
export async function findOrCreateFromCertificate(
  tx: Db,
  holder: CertificateHolder,
): Promise<{
  user: UserRow;
  organization: MembershipRow;
  created: { user: boolean; organization: boolean };
}> {
  const party = partyOf(holder);
  if (!party) throw new IdentityError('NO_IDENTITY');
  const created = { user: false, organization: false };

  const orgName =
    holder.organization && !/^не указано$/i.test(holder.organization)
      ? holder.organization
      : holder.subjectCN;
  const orgKey =
    'tin' in party ? { column: 'tin', value: party.tin } : { column: 'pinfl', value: party.pinfl };
  let { rows: orgs } = await tx.query<OrganizationRow>(
    `select id, tin, pinfl, name from organizations where ${orgKey.column} = $1`,
    [orgKey.value],
  );
  if (!orgs[0]) {
    ({ rows: orgs } = await tx.query<OrganizationRow>(
      `insert into organizations (${orgKey.column}, name) values ($1, $2)
       on conflict (${orgKey.column}) do update set updated_at = organizations.updated_at
       returning id, tin, pinfl, name`,
      [orgKey.value, orgName],
    ));
    created.organization = true;
  }
  const org = orgs[0];

  // The person: by PINFL when the certificate has one, else by personal TIN.
  const personKey = holder.pinfl
    ? { column: 'pinfl', value: holder.pinfl }
    : holder.uid
      ? { column: 'tin', value: holder.uid }
      : 'tin' in party && !isOrganizationTin(party.tin)
        ? { column: 'tin', value: party.tin }
        : null;
  if (!personKey) throw new IdentityError('NO_IDENTITY');
  let { rows: users } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from users u where u.${personKey.column} = $1`,
    [personKey.value],
  );
  if (!users[0]) {
    // A concurrent first sign-in of the same person may insert first; then read theirs.
    ({ rows: users } = await tx.query<UserRow>(
      `insert into users as u (pinfl, tin, full_name) values ($1, $2, $3)
       on conflict do nothing
       returning ${USER_COLUMNS}`,
      [
        holder.pinfl ?? null,
        holder.uid ?? (personKey.column === 'tin' ? personKey.value : null),
        holder.subjectCN,
      ],
    ));
    if (users[0]) created.user = true;
    else {
      ({ rows: users } = await tx.query<UserRow>(
        `select ${USER_COLUMNS} from users u where u.${personKey.column} = $1`,
        [personKey.value],
      ));
    }
  }
  const user = users[0];
  // The personal TIN is already another person's (a PINFL/TIN mismatch between certificates).
  if (!user) throw new IdentityError('IDENTITY_CONFLICT');

  // A certificate carrying the organisation's TIN is the CA's word that its holder acts for it; the
  // first member of an organisation owns it, later ones join as staff until an owner changes roles.
  const { rows: owners } = await tx.query(
    'select 1 from memberships where organization_id = $1 and role = $2 limit 1',
    [org.id, 'owner'],
  );
  await tx.query(
    `insert into memberships (user_id, organization_id, role) values ($1, $2, $3)
     on conflict (user_id, organization_id) do nothing`,
    [user.id, org.id, owners.length ? 'staff' : 'owner'],
  );
  const { rows: membership } = await tx.query<{ role: MembershipRole; is_active: boolean }>(
    'select role, is_active from memberships where user_id = $1 and organization_id = $2',
    [user.id, org.id],
  );
  if (!membership[0].is_active) throw new InactiveMembershipError();
  return { user, organization: { ...org, role: membership[0].role }, created };
}

export class InactiveMembershipError extends Error {
  override name = 'InactiveMembershipError';
}

/** The certificate does not name a person we can hold an account for. */
export class IdentityError extends Error {
  override name = 'IdentityError';
  constructor(readonly code: 'NO_IDENTITY' | 'IDENTITY_CONFLICT') {
    super(code);
  }
}

/** Active organisations of a user, the owner's first. */
export async function membershipsOf(db: Db, userId: string): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `select o.id, o.tin, o.pinfl, o.name, m.role
       from memberships m join organizations o on o.id = m.organization_id
      where m.user_id = $1 and m.is_active
      order by (m.role = 'owner') desc, o.name, o.id`,
    [userId],
  );
  return rows;
}

/** Digits of a login: phone in any punctuation, or a TIN / PINFL. */
export function normalizeLogin(raw: string): string | null {
  const digits = raw.replace(/[\s()+\-.]/g, '');
  return /^\d{9,15}$/.test(digits) ? digits : null;
}

/**
 * The user a password login names: the TIN or PINFL the account was registered under, the phone
 * (with or without the 998 country code), or the person's own PINFL.
 */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from users u
      where u.registered_identity = $1 or u.phone = $1 or u.phone = '998' || $1 or (u.pinfl = $1 and u.password_hash is not null)
      order by coalesce(u.registered_identity = $1, false) desc, coalesce(u.phone = $1, false) desc
      limit 1`,
    [login],
  );
  return rows[0] ?? null;
}
