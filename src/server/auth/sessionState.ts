import type { Db } from '../db/client';
import type { GrantsRow, MemberGrants } from '../services/access/rights';
import { grantsOfRow } from '../services/access/rights';
import type { AuthUser, MembershipRole } from './types';

/**
 * What this process last read of a member's rights and overrides, with the versions they were read
 * at (migration 0054), per database: the session statement aggregates them again only when a version
 * differs. At most KNOWN_GRANTS_MAX members per database; the oldest read is dropped first.
 */
interface KnownGrants {
  roleId: string | null;
  rightsVersion: string | null;
  roleActions: string[];
  accessVersion: string;
  overrides: Array<[string, boolean]>;
}
const KNOWN_GRANTS_MAX = 10_000;
const knownGrantsOf = new WeakMap<Db, Map<string, KnownGrants>>();

function knownGrantsIn(db: Db): Map<string, KnownGrants> {
  let known = knownGrantsOf.get(db);
  if (!known) {
    known = new Map();
    knownGrantsOf.set(db, known);
  }
  return known;
}

type SessionRow = Omit<GrantsRow, 'role_actions' | 'overrides'> & {
  rights_version: string | null;
  access_version: string;
  /** Null: the role's rights are those known at the versions sent ($5, $6). */
  role_actions: string[] | string | null;
  /** Null: the member's overrides are those known at the version sent ($7). */
  overrides: Array<[string, boolean]> | string | null;
  party_generation: string | null;
};

/** What one check sends: the verified token's claims and what this process already knows. */
type SessionClaims = Pick<AuthUser, 'userId' | 'organizationId' | 'sessionId' | 'tin' | 'pinfl'>;
interface Waiting {
  claims: SessionClaims;
  before: KnownGrants | undefined;
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Checks asked in the same turn of the event loop go to the database together, in one statement of at
 * most SESSION_BATCH_MAX: under load each request used to cost a round trip and a statement of its own
 * (parse, bind, wake-up of a backend), which was most of what a list answered from memory cost the
 * database. Every check still runs after its request arrived and before it is answered.
 */
export const SESSION_BATCH_MAX = 64;
const waitingOf = new WeakMap<Db, Waiting[]>();

/**
 * The session statement, for any number of checks (one row per standing session, `i` its position):
 * arrays of the checks' claims and of what this process knew, unnested side by side. One text, so a
 * named statement: PostgreSQL parses and plans it once per connection.
 */
const SESSION_SQL = `select k.i::int as i, m.role, m.role_id, m.branch_code, r.code, r.is_deleted,
            r.rights_version::text as rights_version, m.access_version::text as access_version,
            case when m.role_id is not distinct from k.known_role_id
                  and r.rights_version is not distinct from k.known_rights_version
                 then null
                 else coalesce((select json_agg(rr.action) from role_rights rr where rr.role_id = m.role_id), '[]')
            end as role_actions,
            case when m.access_version = k.known_access_version then null
                 else coalesce((select json_agg(json_build_array(ua.action, ua.allowed)) from user_access ua
                                 where ua.organization_id = m.organization_id and ua.user_id = m.user_id), '[]')
            end as overrides,
            (select g.generation::text from party_generations g where g.identity = k.identity) as party_generation
       from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::bigint[], $7::bigint[])
              with ordinality as k(user_id, organization_id, session_id, identity, known_role_id,
                                   known_rights_version, known_access_version, i)
       join users u on u.id = k.user_id
       join memberships m on m.user_id = u.id and m.organization_id = k.organization_id
       left join roles r on r.id = m.role_id
      where u.is_active
        and m.is_active
        and not exists (select 1 from refresh_tokens t where t.family_id = k.session_id and t.revoked_at is not null)`;

async function readSessions(db: Db, batch: Waiting[]): Promise<Array<SessionRow | undefined>> {
  const column = <T>(of: (w: Waiting) => T) => batch.map(of);
  const { rows } = await db.query<SessionRow & { i: number }>(
    SESSION_SQL,
    [
      column((w) => w.claims.userId),
      column((w) => w.claims.organizationId),
      column((w) => w.claims.sessionId ?? null),
      column((w) => w.claims.tin ?? w.claims.pinfl ?? null),
      column((w) => w.before?.roleId ?? null),
      column((w) => w.before?.rightsVersion ?? null),
      column((w) => w.before?.accessVersion ?? null),
    ],
    { prepare: true },
  );
  const answers: Array<SessionRow | undefined> = batch.map(() => undefined);
  for (const row of rows) answers[row.i - 1] = row;
  return answers;
}

async function flush(db: Db, batch: Waiting[]) {
  try {
    const answers = await readSessions(db, batch);
    for (const [i, w] of batch.entries()) w.resolve(answers[i]);
  } catch (error) {
    if (batch.length === 1) {
      batch[0].reject(error);
      return;
    }
    // One check's bad claims must not fail the others: each is asked alone, and answers for itself.
    for (const w of batch) flush(db, [w]);
  }
}

function askSession(db: Db, claims: SessionClaims, before: KnownGrants | undefined) {
  return new Promise<SessionRow | undefined>((resolve, reject) => {
    let waiting = waitingOf.get(db);
    if (!waiting) {
      waiting = [];
      waitingOf.set(db, waiting);
      const asked = waiting;
      // After the I/O of this turn: every request that arrived with it joins the same statement.
      setImmediate(() => {
        waitingOf.delete(db);
        for (let from = 0; from < asked.length; from += SESSION_BATCH_MAX)
          flush(db, asked.slice(from, from + SESSION_BATCH_MAX));
      });
    }
    waiting.push({ claims, before, resolve, reject });
  });
}

/**
 * Whether the session of a verified access token still stands, read by one indexed statement (primary
 * keys of users and memberships, the partial index refresh_tokens_revoked_family_idx) shared with the
 * checks that arrived in the same turn (askSession):
 *  - the person's account is active;
 *  - the membership the token acts for exists and is active (a member switched off stops at once);
 *  - the token's session (refresh family) is not revoked: sign-out, sign-out everywhere, password
 *    change and refresh-token reuse revoke families, so their access tokens stop at once.
 * Answers the membership's current role (a changed role applies at once), the member's grants
 * (services/access/rights.ts: the request's rights and branch, read in the same statement; the role's
 * rights and the member's overrides aggregated only when their versions moved since this process last
 * read them, migration 0054) and the organisation's documents generation (migration 0031: a list
 * remembered at that generation is still exact, services/documents/listCache.ts), or null: refuse.
 * To add a condition (docs/auth.md "Per-request checks"), add it to SESSION_SQL's WHERE clause, never
 * a second query.
 */
export async function currentSession(
  db: Db,
  claims: SessionClaims,
): Promise<{ role: MembershipRole; grants: MemberGrants; partyGeneration: string } | null> {
  const known = knownGrantsIn(db);
  const member = `${claims.userId}/${claims.organizationId}`;
  const before = known.get(member);
  const row = await askSession(db, claims, before);
  if (!row) return null;
  // Null columns are the ones sent as known: `before` holds them (with no role, there are none).
  const now: KnownGrants = {
    roleId: row.role_id,
    rightsVersion: row.rights_version,
    roleActions: row.role_actions === null ? (before?.roleActions ?? []) : json(row.role_actions),
    accessVersion: row.access_version,
    overrides: row.overrides === null ? (before?.overrides ?? []) : json(row.overrides),
  };
  known.delete(member);
  known.set(member, now);
  if (known.size > KNOWN_GRANTS_MAX) known.delete(known.keys().next().value as string);
  const grants = grantsOfRow({ ...row, role_actions: now.roleActions, overrides: now.overrides });
  // No row yet: none of the party's rows has changed since the table began, generation 0.
  return { role: row.role, grants, partyGeneration: row.party_generation ?? '0' };
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) : value);
