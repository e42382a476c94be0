// Shared by the operator tests: the stand-in operator on a free port over a demo PKI, documents of
// every kind made from the kinds' valid fixtures with demo parties, and the user's signatures made
// with the demo keys (as the browser makes them with E-IMZO).
import fs from 'node:fs';
import path from 'node:path';
import { createDemoSignature } from '../../../src/emulator';
import { type RunningOperatorStandIn, startOperatorStandIn } from '../../../src/emulator/operator';
import { encodeCms, fromBase64, mergeSignedData, parseCms, toBase64 } from '../../../src/engine/cms';
import { freshNationalId, getLifecycle, readOne, writeOne } from '../../../src/engine/lifecycle';
import { toNationalJson } from '../../../src/engine/national/serialize';
import { createDemoPkiFixture, type DemoPkiFixture } from '../../emulator/fixtures';

export const SELLER = '302000001';
export const BUYER = '302000002';
export const THIRD = '302000003';
export const PEOPLE = ['31707920456784', '42511950567895'];

export interface StandInFixture {
  pki: DemoPkiFixture;
  operator: RunningOperatorStandIn;
  dispose(): Promise<void>;
}

export async function startStandInFixture(persist = false): Promise<StandInFixture> {
  const pki = await createDemoPkiFixture();
  const operator = await startOperatorStandIn({ dataDir: pki.dataDir, port: 0, persist });
  return {
    pki,
    operator,
    dispose: async () => {
      await operator.close();
      pki.dispose();
    },
  };
}

export function credentialsOf(operator: RunningOperatorStandIn, login: string) {
  return { login, password: 'demo', baseUrl: operator.url };
}

/** The kind's valid fixtures with demo identities in every party (companies and people by role). */
/** Writes `value` at `pointer`, making the objects on the way. */
function setDeep(content: unknown, pointer: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(content) as Record<string, unknown>;
  const steps = pointer.split('/').slice(1);
  let node = copy;
  for (const step of steps.slice(0, -1)) {
    if (node[step] === null || typeof node[step] !== 'object') node[step] = {};
    node = node[step] as Record<string, unknown>;
  }
  node[steps[steps.length - 1]] = value;
  return copy;
}

/**
 * The kind's valid fixtures with demo identities in every party (companies and people by role); each
 * fixture once as it is and, when it leaves an optional party out, once more with that party in.
 */
export function demoDocuments(kind: string): Array<{ file: string; content: Record<string, unknown> }> {
  return fixtureDocuments(kind).flatMap((d) => {
    const filled = fillParties(kind, d.content, true);
    return JSON.stringify(filled) === JSON.stringify(d.content)
      ? [d]
      : [d, { file: `${d.file}+optional`, content: filled }];
  });
}

function fixtureDocuments(kind: string): Array<{ file: string; content: Record<string, unknown> }> {
  const dir = path.join('schemas/documents', kind, 'fixtures/valid');
  const lifecycle = getLifecycle(kind);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((file) => {
      let content = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      let companies = [BUYER, THIRD];
      let people = [...PEOPLE];
      for (const [role, party] of Object.entries(lifecycle.parties)) {
        if (!party) continue;
        const pick = () =>
          role === 'sender'
            ? SELLER
            : party.individual
              ? (people.shift() ?? PEOPLE[0])
              : (companies.shift() ?? THIRD);
        if (party.identity.includes('*')) {
          const [list, rest] = party.identity.split('/*');
          const items = readOne(content, list);
          if (Array.isArray(items))
            content = writeOne(
              content,
              list,
              items.map((item) => writeOne(item, rest, pick())),
            );
          continue;
        }
        const held = readOne(content, party.identity);
        if (party.optional && (held === undefined || held === null || held === '')) continue;
        content = setDeep(content, party.identity, pick());
      }
      companies = [];
      people = [];
      if (lifecycle.document.id)
        content = writeOne(content, lifecycle.document.id, freshNationalId(lifecycle.document.idFormat));
      return { file, content };
    });
}

/** Fills the optional parties a document leaves out (with `all`), keeping those it names. */
function fillParties(kind: string, content: Record<string, unknown>, all: boolean): Record<string, unknown> {
  let out = content;
  const people = PEOPLE.filter((p) => !JSON.stringify(content).includes(p));
  for (const party of Object.values(getLifecycle(kind).parties)) {
    if (!party?.optional || !all || party.identity.includes('*')) continue;
    const held = readOne(out, party.identity);
    if (held !== undefined && held !== null && held !== '') continue;
    out = setDeep(out, party.identity, party.individual ? (people.shift() ?? PEOPLE[1]) : THIRD);
  }
  return out;
}

export function nationalBytes(kind: string, content: unknown): Uint8Array {
  return new TextEncoder().encode(toNationalJson(kind, content));
}

/** The user's attached CMS over `bytes` with the demo key of `identity`. */
export function userSignature(pki: DemoPkiFixture, identity: string, bytes: Uint8Array): Promise<string> {
  return createDemoSignature(
    pki.dataDir,
    identity.length === 9 ? `org-${identity}` : `ind-${identity}`,
    bytes,
  );
}

/** A co-signature joined to the CMS held so far (E-IMZO's join). */
export function join(held: string, own: string): string {
  const base = parseCms(fromBase64(held)).signedData;
  return toBase64(encodeCms(mergeSignedData(base, parseCms(fromBase64(own)).signedData)));
}
