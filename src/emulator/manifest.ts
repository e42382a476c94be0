// The demo PKI manifest (DATA_DIR/demo-pki/manifest.json): which demo keys exist, where, and their
// passwords. Demo only — real E-IMZO keys never have their password written anywhere.
import fs from 'node:fs';
import path from 'node:path';
import { formatTashkent } from '../engine/cms';

export const DEMO_PKI_DIR = 'demo-pki';
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_VERSION = 2;

export type DemoKeyKind =
  | 'organization'
  | 'individual'
  | 'expired'
  | 'token'
  | 'no-identity'
  | 'fresh'
  /** Issued by a CA nobody trusts; not on any emulated disk (for refusal tests). */
  | 'untrusted';

export interface DemoTokenInfo {
  cardUID: string;
  pin: string;
  ownerName: string;
  statusInfo: string;
}

export interface DemoKey {
  id: string;
  kind: DemoKeyKind;
  description: string;
  /** PFX path relative to the demo-pki directory. */
  file: string;
  /** E-IMZO location: disk root (relative to demo-pki, trailing '/'), '' or 'DSKEYS', file name without .pfx. */
  disk: string | null;
  path: '' | 'DSKEYS';
  name: string;
  alias: string;
  password: string;
  serialNumber: string;
  cn: string;
  organization?: string;
  title?: string;
  tin?: string;
  pinfl?: string;
  uid?: string;
  validFrom: string;
  validTo: string;
  /** Present when the same certificate is also on the emulated token. */
  token?: DemoTokenInfo;
}

export interface DemoPkiManifest {
  version: number;
  notice: string;
  createdAt: string;
  /** Absolute path of the demo-pki directory (filled in when loaded). */
  dir: string;
  /** PEM of the root CA: the anchor a verifier trusts (TRUSTED_CA_FILE). */
  rootCaFile: string;
  issuingCaFile: string;
  /** The root and issuing CA in one PEM bundle. */
  caBundleFile: string;
  tsa: { certificateFile: string; keyFile: string };
  /** Emulated disks, relative to dir, each with a trailing '/'. */
  disks: string[];
  keys: DemoKey[];
}

export function demoPkiDir(dataDir: string): string {
  return path.resolve(dataDir, DEMO_PKI_DIR);
}

/** Absolute path of a manifest-relative path. */
export function resolveInPki(manifest: DemoPkiManifest, relative: string): string {
  return path.resolve(manifest.dir, relative);
}

export function readManifest(dataDir: string): DemoPkiManifest | null {
  const dir = demoPkiDir(dataDir);
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) return null;
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoPkiManifest;
    if (manifest.version !== MANIFEST_VERSION || !Array.isArray(manifest.keys)) return null;
    return { ...manifest, dir };
  } catch {
    return null;
  }
}

export function findDemoKey(manifest: DemoPkiManifest, id: string): DemoKey {
  const key = manifest.keys.find((k) => k.id === id);
  if (!key) throw new Error(`no demo key "${id}" in ${path.join(manifest.dir, MANIFEST_FILE)}`);
  return key;
}

export interface AliasFields {
  cn: string;
  name?: string;
  surname?: string;
  locality?: string;
  state?: string;
  organization?: string;
  uid?: string;
  pinfl?: string;
  title?: string;
  legalTin?: string;
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
}

/**
 * The E-IMZO alias (reference/eimzo.md §5.1): lower-cased `key=value` pairs in the issuer's order,
 * then serialnumber, validfrom and validto in Tashkent time.
 */
export function buildAlias(f: AliasFields): string {
  const pairs: Array<[string, string | undefined]> = [
    ['cn', f.cn],
    ['name', f.name],
    ['surname', f.surname],
    ['l', f.locality],
    ['st', f.state],
    ['c', 'uz'],
    ['o', f.organization],
    ['uid', f.uid],
    ['1.2.860.3.16.1.2', f.pinfl],
    ['t', f.title],
    ['1.2.860.3.16.1.1', f.legalTin],
    ['serialnumber', f.serialNumber],
    ['validfrom', formatTashkent(f.validFrom, '.')],
    ['validto', formatTashkent(f.validTo, '.')],
  ];
  return pairs
    .filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '')
    .map(([k, v]) => `${k}=${v.replace(/,/g, ' ')}`)
    .join(',')
    .toLowerCase();
}
