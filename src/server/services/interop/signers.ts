import type { DocumentParty, Role } from '../../../engine/lifecycle';
import type { Db } from '../../db/client';
import { SignatureError, type SignatureService, type SignerCheck } from '../../signing';

/**
 * How a signer of a received document stands to its parties:
 * - `tin`: the certificate's legal TIN is the party's;
 * - `pinfl`: the party is an individual and the certificate is that person's;
 * - `member`: a personal key (no company TIN in the certificate) of the party's director or an active
 *   member of its staff, as registered in Hujjat;
 * - `named`: a personal key whose PINFL the document itself names (a contract's FizTin, a director's
 *   Pinfl, …) — for which party is not claimed;
 * - `unmatched`: none of these — flagged on the document, never a reason to refuse it.
 */
export type SignerMatch = 'tin' | 'pinfl' | 'member' | 'named' | 'unmatched';

export interface SignerReport {
  index: number;
  valid: boolean;
  /** Why not valid (the verifier's code), or SERVER_UNAVAILABLE when nothing could verify it. */
  code: string | null;
  name: string | null;
  organization: string | null;
  tin: string | null;
  pinfl: string | null;
  serialHex: string | null;
  signedAt: string | null;
  timestampAt: string | null;
  verifiedBy: SignerCheck['verifiedBy'] | null;
  match: SignerMatch;
  role: Role | null;
  identity: string | null;
}

/** Every signer's verdict; a verifier that cannot be reached leaves them all "not verified". */
export async function verifySigners(
  signing: SignatureService,
  cms: string,
  context: { clientIp?: string; host?: string },
): Promise<{ checks: SignerCheck[]; unavailable: boolean }> {
  try {
    return { checks: (await signing.verifyDocument(cms, context)).signers, unavailable: false };
  } catch (error) {
    if (error instanceof SignatureError && error.code === 'SERVER_UNAVAILABLE')
      return { checks: [], unavailable: true };
    throw error;
  }
}

/** Every 14-digit PINFL the document names anywhere (the persons who sign for its parties). */
function namedPinfls(content: unknown, out = new Set<string>()): Set<string> {
  if (typeof content === 'string' && /^\d{14}$/.test(content)) out.add(content);
  else if (Array.isArray(content)) for (const item of content) namedPinfls(item, out);
  else if (content && typeof content === 'object')
    for (const value of Object.values(content)) namedPinfls(value, out);
  return out;
}

/** Whether the person is the director or an active member of the organisation registered under `identity`. */
async function isMemberOf(db: Db, identity: string, pinfl: string): Promise<boolean> {
  const { rows } = await db.query<{ member: boolean }>(
    `select exists (
       select 1 from organizations o
        where (o.tin = $1 or o.pinfl = $1)
          and (coalesce(o.requisites ->> 'DirectorPinfl', '') = $2
               or exists (select 1 from memberships m join users u on u.id = m.user_id
                           where m.organization_id = o.id and m.is_active and u.is_active and u.pinfl = $2))
     ) as member`,
    [identity, pinfl],
  );
  return Boolean(rows[0]?.member);
}

/**
 * Each signer against the document's parties (every party is tried: an accepted document carries the
 * sender's and the receiver's signatures). The strongest match wins; a signer that matches none is
 * reported `unmatched`.
 */
export async function matchSigners(
  db: Db,
  checks: SignerCheck[],
  parties: DocumentParty[],
  content: unknown,
): Promise<SignerReport[]> {
  // Walked only for a personal key no party matched (most signers are matched by TIN).
  let named: Set<string> | null = null;
  const reports: SignerReport[] = [];
  for (const [index, check] of checks.entries()) {
    const signer = check.signer;
    const legalTin = signer?.tin && signer.tin !== signer.uid ? signer.tin : undefined;
    let match: SignerMatch = 'unmatched';
    let party: DocumentParty | undefined;
    const candidates = parties.filter((p) => p.identity);
    const found = (kind: SignerMatch, p: DocumentParty | undefined) => {
      if (p && match === 'unmatched') {
        match = kind;
        party = p;
      }
    };
    if (legalTin)
      found(
        'tin',
        candidates.find((p) => p.identity === legalTin),
      );
    if (signer?.pinfl) {
      found(
        'pinfl',
        candidates.find((p) => p.identity === signer.pinfl),
      );
      // A personal key acting for an organisation: its director or staff, never an outsider's.
      if (!legalTin)
        for (const p of candidates)
          if (p.identity.length === 9 && (await isMemberOf(db, p.identity, signer.pinfl))) found('member', p);
      // Named by the document (a contract's FizTin, a director's Pinfl): for which party, only the
      // kind's fields say, so no party is claimed.
      if (!legalTin && match === 'unmatched') {
        named ??= namedPinfls(content);
        if (named.has(signer.pinfl)) match = 'named';
      }
    }
    reports.push({
      index,
      valid: check.valid,
      code: check.valid ? null : (check.code ?? 'MALFORMED'),
      name: signer?.subjectCN || null,
      organization: signer?.organization ?? null,
      tin: signer?.tin ?? null,
      pinfl: signer?.pinfl ?? null,
      serialHex: signer?.serialNumber ?? null,
      signedAt: check.signingTime?.toISOString() ?? null,
      timestampAt: check.timestampTime?.toISOString() ?? null,
      verifiedBy: check.verifiedBy,
      match,
      role: (party as DocumentParty | undefined)?.role ?? null,
      identity: (party as DocumentParty | undefined)?.identity ?? null,
    });
  }
  return reports;
}
