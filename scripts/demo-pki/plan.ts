// Which demo keys the demo PKI issues. Identities come from the demo seed so that signing in with a
// demo key lands in a seeded demo organisation.

import type { DemoKeyKind, DemoTokenInfo } from '../../src/emulator/manifest';
import { DEMO_INDIVIDUALS, DEMO_ORGANIZATIONS } from '../../src/server/db/seeds/organizations';
import type { SubjectFields } from './certificates';

export interface PlannedKey {
  id: string;
  kind: DemoKeyKind;
  description: string;
  subject: SubjectFields;
  /** null: kept outside the emulated disks. */
  location: { path: '' | 'DSKEYS'; name: string } | null;
  validity: 'current' | 'expired';
  issuer: 'demo' | 'untrusted';
  token?: Omit<DemoTokenInfo, 'pin'>;
}

const LOCALITY = 'Yunusobod tumani';
const STATE = 'Toshkent shahri';

function splitName(full: string) {
  const [surname, givenName] = full.replace(/\s*\(demo\)\s*$/, '').split(/\s+/);
  return { surname, givenName };
}

/** Personal TINs (UID) of the demo people; individual TINs start with 4–6. */
const DIRECTOR_UIDS = ['412000001', '412000002', '412000003'];

export function plannedKeys(): PlannedKey[] {
  const keys: PlannedKey[] = DEMO_ORGANIZATIONS.map((org, i) => ({
    id: `org-${org.tin}`,
    kind: 'organization',
    description: `Director of ${org.name}`,
    subject: {
      cn: org.director,
      ...splitName(org.director),
      organization: org.name,
      locality: LOCALITY,
      state: STATE,
      title: 'Direktor',
      uid: DIRECTOR_UIDS[i],
      pinfl: org.directorPinfl,
      legalTin: org.tin,
    },
    location: { path: 'DSKEYS', name: `DS${org.tin}` },
    validity: 'current',
    issuer: 'demo',
  }));
  for (const person of DEMO_INDIVIDUALS) {
    keys.push({
      id: `ind-${person.pinfl}`,
      kind: 'individual',
      description: `Individual ${person.name}`,
      subject: {
        cn: person.name,
        ...splitName(person.name),
        locality: LOCALITY,
        state: STATE,
        pinfl: person.pinfl,
      },
      location: { path: 'DSKEYS', name: `DS${person.pinfl}` },
      validity: 'current',
      issuer: 'demo',
    });
  }
  const first = keys[0];
  keys.push({
    id: `expired-${DEMO_ORGANIZATIONS[0].tin}`,
    kind: 'expired',
    description: `Expired earlier key of the director of ${DEMO_ORGANIZATIONS[0].name}`,
    subject: first.subject,
    location: { path: '', name: `DS${DEMO_ORGANIZATIONS[0].tin}` },
    validity: 'expired',
    issuer: 'demo',
  });
  const second = DEMO_ORGANIZATIONS[1];
  keys.push({
    id: `token-${second.tin}`,
    kind: 'token',
    description: `Chief accountant of ${second.name}: the same certificate as a file and on a token`,
    subject: {
      cn: 'Nazarova Gulnora Bahodirovna',
      givenName: 'Gulnora',
      surname: 'Nazarova',
      organization: second.name,
      locality: LOCALITY,
      state: STATE,
      title: 'Bosh hisobchi',
      uid: '412000004',
      pinfl: '41808870678906',
      legalTin: second.tin,
    },
    location: { path: 'DSKEYS', name: 'DS41808870678906' },
    validity: 'current',
    issuer: 'demo',
    token: { cardUID: '0A1B2C3D4E5F0001', ownerName: 'NAZAROVA GULNORA', statusInfo: 'DEMO TOKEN' },
  });
  keys.push({
    id: 'no-identity',
    kind: 'no-identity',
    description: 'A key with neither TIN nor PINFL (must be skipped by clients)',
    subject: { cn: 'Hujjat demo test key', organization: 'Hujjat (demo)', locality: LOCALITY, state: STATE },
    location: { path: 'DSKEYS', name: 'DSTESTKEY' },
    validity: 'current',
    issuer: 'demo',
  });
  keys.push({
    id: 'fresh-52909960789012',
    kind: 'fresh',
    description: 'An individual not registered in Hujjat yet (registration)',
    subject: {
      cn: 'Sobirov Otabek Ilhomovich (demo)',
      givenName: 'Otabek',
      surname: 'Sobirov',
      locality: LOCALITY,
      state: STATE,
      uid: '412000005',
      pinfl: '52909960789012',
    },
    location: { path: 'DSKEYS', name: 'DS52909960789012' },
    validity: 'current',
    issuer: 'demo',
  });
  const third = DEMO_ORGANIZATIONS[2];
  keys.push({
    id: `untrusted-${third.tin}`,
    kind: 'untrusted',
    description: `The director of ${third.name} with a certificate from an unknown CA`,
    subject: { ...keys[2].subject },
    location: null,
    validity: 'current',
    issuer: 'untrusted',
  });
  return keys;
}
