import { readAll } from './pointer';
import { getLifecycle } from './registry';
import type { DocumentParty, Role } from './types';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

/**
 * The parties of a document as its kind declares them: one entry per party (several for a role with
 * `many`), in declaration order. Optional parties without an identity are left out; a required one
 * without an identity is returned with an empty identity, so callers (and the schema) refuse it.
 */
export function partiesOf(kind: string, content: unknown): DocumentParty[] {
  const parties: DocumentParty[] = [];
  for (const [role, declaration] of Object.entries(getLifecycle(kind).parties)) {
    if (!declaration) continue;
    const identities = readAll(content, declaration.identity).map(text);
    const names = declaration.name ? readAll(content, declaration.name).map(text) : [];
    const branches = declaration.branch ? readAll(content, declaration.branch).map(text) : [];
    const count = declaration.many ? identities.length : Math.min(identities.length, 1);
    let added = 0;
    for (let index = 0; index < count; index++) {
      const identity = identities[index];
      if (!identity) continue;
      parties.push({
        role: role as Role,
        identity,
        name: names[index] ?? null,
        branch: branches[index] ?? null,
      });
      added++;
    }
    if (added === 0 && !declaration.optional) {
      parties.push({ role: role as Role, identity: '', name: names[0] ?? null, branch: branches[0] ?? null });
    }
  }
  return parties;
}

/** The roles an identity holds in a document (an organisation may be sender and agent at once: rare). */
export function rolesOf(parties: DocumentParty[], identity: string): Role[] {
  return [...new Set(parties.filter((party) => party.identity === identity).map((party) => party.role))];
}
