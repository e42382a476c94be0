// The demo PKI: a demo root and issuing CA, a demo TSA, and PFX keys for the demo identities under
// DATA_DIR/demo-pki. Idempotent: a complete, unexpired set is reused as it is.
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type * as x509 from '@peculiar/x509';
import {
  buildAlias,
  type DemoKey,
  type DemoPkiManifest,
  demoPkiDir,
  MANIFEST_FILE,
  MANIFEST_VERSION,
  readManifest,
} from '../../src/emulator/manifest';
import { writePkcs12 } from '../../src/emulator/pkcs12';
import { formatTashkent } from '../../src/engine/cms';
import {
  createRootCa,
  exportPkcs8,
  type IssuedKey,
  issueCertificate,
  pem,
  subjectName,
} from './certificates';
import { type PlannedKey, plannedKeys } from './plan';

export type { DemoKey, DemoPkiManifest } from '../../src/emulator/manifest';

const DAY = 24 * 60 * 60 * 1000;
const NOTICE =
  'DEMO ONLY. These keys and passwords are generated for demonstrations and tests; they identify nobody ' +
  'and are trusted by nothing but a Hujjat instance in demo mode.';

/** End of a Tashkent day (23:59:59 local), as real E-IMZO certificates end. */
function endOfTashkentDay(date: Date): Date {
  const [d] = formatTashkent(date).split(' ');
  return new Date(`${d}T23:59:59+05:00`);
}

function isComplete(manifest: DemoPkiManifest): boolean {
  const expected = plannedKeys().map((k) => k.id);
  const ids = new Set(manifest.keys.map((k) => k.id));
  if (!expected.every((id) => ids.has(id))) return false;
  const files = [
    manifest.rootCaFile,
    manifest.issuingCaFile,
    manifest.caBundleFile,
    manifest.tsa.certificateFile,
  ];
  files.push(manifest.tsa.keyFile, ...manifest.keys.map((k) => k.file));
  if (!files.every((f) => fs.existsSync(path.resolve(manifest.dir, f)))) return false;
  // Reissue before a current key runs out so that the demo keeps working for years.
  const soon = Date.now() + 7 * DAY;
  return manifest.keys.every((k) => k.kind === 'expired' || new Date(k.validTo).getTime() > soon);
}

function demoPassword(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

function der(cert: x509.X509Certificate): Uint8Array {
  return new Uint8Array(cert.rawData);
}

/** Ensures DATA_DIR/demo-pki holds a complete demo PKI and returns its manifest. */
export async function ensureDemoPki(dataDir: string): Promise<DemoPkiManifest> {
  const existing = readManifest(dataDir);
  if (existing && isComplete(existing)) return existing;
  return generateDemoPki(dataDir);
}

/** Generates a fresh demo PKI (replacing any previous one) into DATA_DIR/demo-pki. */
export async function generateDemoPki(dataDir: string): Promise<DemoPkiManifest> {
  const dir = demoPkiDir(dataDir);
  const now = Date.now();
  fs.mkdirSync(dir, { recursive: true });
  // Work in a sibling directory and swap it in, so a half-written PKI is never seen.
  const work = fs.mkdtempSync(path.join(path.dirname(dir), '.demo-pki-'));
  const write = (relative: string, data: string | Uint8Array, mode = 0o644) => {
    const target = path.join(work, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, data, { mode });
  };

  const caFrom = new Date(now - 365 * DAY);
  const caTo = new Date(now + 10 * 365 * DAY);
  const root = await createRootCa(
    subjectName({ cn: 'Hujjat Demo Root CA (demo)', organization: 'Hujjat demo PKI — not a real CA' }),
    caFrom,
    caTo,
  );
  const issuing = await issueCertificate(
    root,
    subjectName({ cn: 'Hujjat Demo Issuing CA (demo)', organization: 'Hujjat demo PKI — not a real CA' }),
    'ca',
    caFrom,
    caTo,
  );
  const tsa = await issueCertificate(
    issuing,
    subjectName({ cn: 'Hujjat Demo TSA (demo)', organization: 'Hujjat demo PKI — not a real CA' }),
    'tsa',
    caFrom,
    caTo,
  );
  const untrustedRoot = await createRootCa(
    subjectName({ cn: 'Untrusted Demo CA (demo)', organization: 'Nobody trusts this CA' }),
    caFrom,
    caTo,
  );

  write('ca/root.pem', pem('CERTIFICATE', der(root.certificate)));
  write('ca/issuing.pem', pem('CERTIFICATE', der(issuing.certificate)));
  write(
    'ca/bundle.pem',
    pem('CERTIFICATE', der(issuing.certificate)) + pem('CERTIFICATE', der(root.certificate)),
  );
  write(
    'tsa/tsa.pem',
    pem('CERTIFICATE', der(tsa.certificate)) + pem('CERTIFICATE', der(issuing.certificate)),
  );
  write('tsa/tsa.key', pem('PRIVATE KEY', await exportPkcs8(tsa.keys.privateKey)), 0o600);

  const keys: DemoKey[] = [];
  for (const plan of plannedKeys()) {
    keys.push(await issueDemoKey(plan, { issuing, root, untrustedRoot, now, write }));
  }

  const manifest: DemoPkiManifest = {
    version: MANIFEST_VERSION,
    notice: NOTICE,
    createdAt: new Date(now).toISOString(),
    dir,
    rootCaFile: 'ca/root.pem',
    issuingCaFile: 'ca/issuing.pem',
    caBundleFile: 'ca/bundle.pem',
    tsa: { certificateFile: 'tsa/tsa.pem', keyFile: 'tsa/tsa.key' },
    disks: ['keys/'],
    keys,
  };
  const { dir: _absolute, ...stored } = manifest;
  write(MANIFEST_FILE, `${JSON.stringify(stored, null, 2)}\n`, 0o600);

  const old = `${dir}.old-${process.pid}-${now}`;
  if (fs.existsSync(dir)) fs.renameSync(dir, old);
  fs.renameSync(work, dir);
  fs.rmSync(old, { recursive: true, force: true });
  return manifest;
}

interface IssueContext {
  issuing: IssuedKey;
  root: IssuedKey;
  untrustedRoot: IssuedKey;
  now: number;
  write(relative: string, data: string | Uint8Array, mode?: number): void;
}

async function issueDemoKey(plan: PlannedKey, ctx: IssueContext): Promise<DemoKey> {
  const validFrom = plan.validity === 'expired' ? new Date(ctx.now - 400 * DAY) : new Date(ctx.now - DAY);
  const validTo = endOfTashkentDay(
    plan.validity === 'expired' ? new Date(ctx.now - 35 * DAY) : new Date(ctx.now + 2 * 365 * DAY),
  );
  const issuer = plan.issuer === 'untrusted' ? ctx.untrustedRoot : ctx.issuing;
  const chainAbove = plan.issuer === 'untrusted' ? [ctx.untrustedRoot] : [ctx.issuing, ctx.root];
  const issued = await issueCertificate(issuer, subjectName(plan.subject), 'signer', validFrom, validTo);
  const serialNumber = issued.certificate.serialNumber.toLowerCase().replace(/^0+(?=.)/, '');
  const s = plan.subject;
  const alias = buildAlias({
    cn: s.cn,
    name: s.givenName,
    surname: s.surname,
    locality: s.locality,
    state: s.state,
    organization: s.organization,
    uid: s.uid,
    pinfl: s.pinfl,
    title: s.title,
    legalTin: s.legalTin,
    serialNumber,
    validFrom,
    validTo,
  });
  const password = demoPassword();
  const pfx = await writePkcs12({
    alias,
    password,
    privateKey: await exportPkcs8(issued.keys.privateKey),
    certificates: [issued.certificate, ...chainAbove.map((c) => c.certificate)].map(der),
  });
  const location = plan.location;
  const file = location
    ? path.posix.join('keys', location.path, `${location.name}.pfx`)
    : path.posix.join('untrusted', `${plan.id}.pfx`);
  ctx.write(file, pfx, 0o600);
  return {
    id: plan.id,
    kind: plan.kind,
    description: plan.description,
    file,
    disk: location ? 'keys/' : null,
    path: location?.path ?? '',
    name: location?.name ?? plan.id,
    alias,
    password,
    serialNumber,
    cn: s.cn,
    organization: s.organization,
    title: s.title,
    tin: s.legalTin ?? s.uid,
    pinfl: s.pinfl,
    uid: s.uid,
    validFrom: validFrom.toISOString(),
    validTo: validTo.toISOString(),
    token: plan.token ? { ...plan.token, pin: String(randomInt(100_000, 1_000_000)) } : undefined,
  };
}
