// Certificate sign-in (Eimzo/EimzoAuth, Auth/loginBySignatureWithAuto: the account is created on first
// use; Auth/loginBySignature: only an account that exists). One flow: the attached PKCS#7 over a
// single-use challenge of this host, verified by the SignatureService, the challenge consumed in the
// statement that checks it, every refusal audited (docs/auth.md "Sign-in and registration").
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { ApiError, requestLanguage } from '../errors';
import { translate } from '../i18n';
import { writeAudit } from './audit';
import { signatureErrorCode, signatureRefusal, verifyAttachedSignature } from './certificates';
import { consumeChallenge } from './challenges';
import {
  type CertificateHolder,
  findOrCreateFromCertificate,
  IdentityError,
  InactiveMembershipError,
  type MembershipRow,
  partyOf,
  USER_COLUMNS,
  type UserRow,
} from './identity';
import { startSession } from './session';
import type { MembershipRole } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The account a certificate names, without creating anything: its party's organisation, the person
 * (by PINFL, else personal TIN) and their membership. Null when any is missing.
 */
export async function findFromCertificate(
  db: Db,
  holder: CertificateHolder,
): Promise<{ user: UserRow; organization: MembershipRow } | null> {
  const party = partyOf(holder);
  if (!party) throw new IdentityError('NO_IDENTITY');
  const person = holder.pinfl
    ? { column: 'pinfl', value: holder.pinfl }
    : { column: 'tin', value: holder.uid ?? ('tin' in party ? party.tin : null) };
  if (!person.value) throw new IdentityError('NO_IDENTITY');
  const org = 'tin' in party ? { column: 'tin', value: party.tin } : { column: 'pinfl', value: party.pinfl };
  const { rows } = await db.query<
    UserRow & { org_id: string; org_tin: string | null; org_pinfl: string | null; org_name: string } & {
      role: MembershipRole;
      member_active: boolean;
    }
  >(
    `select ${USER_COLUMNS}, o.id as org_id, o.tin as org_tin, o.pinfl as org_pinfl, o.name as org_name,
            m.role, m.is_active as member_active
       from users u join memberships m on m.user_id = u.id join organizations o on o.id = m.organization_id
      where u.${person.column} = $1 and o.${org.column} = $2`,
    [person.value, org.value],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.member_active) throw new InactiveMembershipError();
  const { org_id, org_tin, org_pinfl, org_name, role, member_active: _active, ...user } = row;
  return { user, organization: { id: org_id, tin: org_tin, pinfl: org_pinfl, name: org_name, role } };
}

/**
 * The whole sign-in: `create` makes the party, the person and the membership on first use (the first
 * member of an organisation owns it); without it a certificate with no account is refused with
 * 404 NOT_REGISTERED (register first, or use loginBySignatureWithAuto).
 */
export async function certificateSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { pkcs7?: string; pkcs7b64?: string },
  options: { create: boolean },
) {
  const refuse = async (error: ApiError, detail: Record<string, unknown>) => {
    await writeAudit(app.db, {
      event: 'auth.certificate.failure',
      ip: request.ip,
      detail: { code: error.code, ...detail },
    });
    return error;
  };
  const pkcs7 = body.pkcs7b64 || body.pkcs7;
  if (!pkcs7) throw await refuse(signatureRefusal('MALFORMED'), {});
  let verified: Awaited<ReturnType<typeof verifyAttachedSignature>>;
  try {
    verified = await verifyAttachedSignature(request, pkcs7);
  } catch (error) {
    const code = signatureErrorCode(error);
    if (code === 'MALFORMED')
      request.log.warn({ reason: (error as Error)?.message }, 'sign-in signature rejected');
    throw await refuse(signatureRefusal(code), {});
  }
  const { signer } = verified;
  const certificate = { serial: signer.serialNumber, tin: signer.tin ?? null, pinfl: signer.pinfl ?? null };
  let challenge: string;
  try {
    challenge = new TextDecoder('utf-8', { fatal: true }).decode(verified.content);
  } catch {
    challenge = '';
  }
  if (!UUID.test(challenge)) {
    throw await refuse(new ApiError(400, 'CHALLENGE_REFUSED', 'auth:challenge.unknown'), {
      certificate,
      reason: 'notAChallenge',
    });
  }
  const consumed = await consumeChallenge(app.db, { challenge, host: request.host, purpose: 'auth' });
  if (!consumed.ok) {
    throw await refuse(new ApiError(400, 'CHALLENGE_REFUSED', `auth:challenge.${consumed.reason}`), {
      certificate,
      reason: consumed.reason,
    });
  }
  if (!partyOf(signer)) throw await refuse(signatureRefusal('NO_IDENTITY'), { certificate });

  let found: { user: UserRow; organization: MembershipRow; created?: unknown } | null;
  try {
    found = options.create
      ? await app.db.transaction((tx) => findOrCreateFromCertificate(tx, signer))
      : await findFromCertificate(app.db, signer);
  } catch (error) {
    if (error instanceof InactiveMembershipError) {
      throw await refuse(new ApiError(403, 'MEMBERSHIP_INACTIVE', 'auth:errors.membershipInactive'), {
        certificate,
      });
    }
    if (error instanceof IdentityError) {
      const refusal =
        error.code === 'NO_IDENTITY'
          ? signatureRefusal('NO_IDENTITY')
          : new ApiError(400, 'IDENTITY_CONFLICT', 'auth:errors.identityConflict');
      throw await refuse(refusal, { certificate });
    }
    throw error;
  }
  if (!found) {
    throw await refuse(new ApiError(404, 'NOT_REGISTERED', 'auth:errors.certificateNotRegistered'), {
      certificate,
    });
  }
  if (!found.user.is_active) {
    throw await refuse(new ApiError(403, 'USER_INACTIVE', 'auth:errors.userInactive'), { certificate });
  }
  const profile = await startSession(request, reply, {
    user: found.user,
    organization: found.organization,
    persistent: false,
  });
  await writeAudit(app.db, {
    event: 'auth.certificate.success',
    userId: found.user.id,
    organizationId: found.organization.id,
    ip: request.ip,
    detail: { certificate, created: found.created ?? false, timestamped: verified.timestamped },
  });
  return {
    success: true,
    message: translate(requestLanguage(request), 'auth:messages.signedIn'),
    data: profile,
  };
}
