import fs from 'node:fs';
import path from 'node:path';
import type * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoPki } from '../../scripts/demo-pki';
import { type DemoKey, findDemoKey, resolveInPki } from '../../src/emulator/manifest';
import { openPkcs12, readPkcs12Aliases, WrongPasswordError } from '../../src/emulator/pkcs12';
import {
  certificateFromDer,
  certificatesFromPem,
  OID_LEGAL_TIN,
  OID_PINFL,
  OID_UID,
  parseTashkent,
  summarizeCertificate,
} from '../../src/engine/cms';
import { DEMO_INDIVIDUALS, DEMO_ORGANIZATIONS } from '../../src/server/db/seeds/organizations';
import { createDemoPkiFixture, type DemoPkiFixture } from './fixtures';

let pki: DemoPkiFixture;
beforeAll(async () => {
  pki = await createDemoPkiFixture();
});
afterAll(() => pki?.dispose());

const fileOf = (key: DemoKey) => fs.readFileSync(resolveInPki(pki.manifest, key.file));

async function certificateOf(key: DemoKey) {
  const opened = await openPkcs12(fileOf(key), key.alias, key.password);
  return { opened, cert: certificateFromDer(opened.certificates[0]) };
}

/** The alias value of `field`, as the official client reads it (upper-cased). */
function aliasValue(alias: string, field: string): string | undefined {
  const upper = alias
    .toUpperCase()
    .replace('1.2.860.3.16.1.1=', 'INN=')
    .replace('1.2.860.3.16.1.2=', 'PINFL=');
  const m = new RegExp(`(?:^|,)${field}=([^,]*)`).exec(upper);
  return m?.[1];
}

describe('demo PKI', () => {
  it('issues the planned set of keys', () => {
    const kinds = pki.manifest.keys.map((k) => k.kind);
    expect(kinds.filter((k) => k === 'organization')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'individual')).toHaveLength(2);
    for (const kind of ['expired', 'token', 'no-identity', 'fresh', 'untrusted'] as const) {
      expect(kinds.filter((k) => k === kind)).toHaveLength(1);
    }
    for (const key of pki.manifest.keys)
      expect(fs.existsSync(resolveInPki(pki.manifest, key.file))).toBe(true);
    expect(fs.readFileSync(pki.rootCaFile, 'utf8')).toContain('BEGIN CERTIFICATE');
  });

  it('writes organisation keys with legal TIN, PINFL, personal TIN and the director as owner', async () => {
    for (const org of DEMO_ORGANIZATIONS) {
      const key = findDemoKey(pki.manifest, `org-${org.tin}`);
      const { cert } = await certificateOf(key);
      const summary = summarizeCertificate(cert);
      expect(summary.subject).toMatchObject({
        CN: org.director,
        O: org.name,
        T: 'Direktor',
        C: 'UZ',
        [OID_LEGAL_TIN]: org.tin,
        [OID_PINFL]: org.directorPinfl,
      });
      expect(summary.subject.UID).toMatch(/^\d{9}$/);
      expect(summary.subject.Name).toBeTruthy();
      expect(summary.subject.SURNAME).toBeTruthy();
      expect(summary.subject.L).toBeTruthy();
      expect(summary.subject.ST).toBeTruthy();
      expect(key.path).toBe('DSKEYS');
      expect(key.name).toBe(`DS${org.tin}`);
    }
  });

  it('encodes the subject RDNs with the Uzbek OIDs, UTF8String except the country', async () => {
    const { cert } = await certificateOf(findDemoKey(pki.manifest, `org-${DEMO_ORGANIZATIONS[0].tin}`));
    const types = cert.subject.typesAndValues.map((tv) => tv.type);
    expect(types).toEqual([
      '2.5.4.3',
      '2.5.4.41',
      '2.5.4.4',
      '2.5.4.7',
      '2.5.4.8',
      '2.5.4.6',
      '2.5.4.10',
      OID_UID,
      OID_PINFL,
      '2.5.4.12',
      OID_LEGAL_TIN,
    ]);
    for (const tv of cert.subject.typesAndValues) {
      const tag = (tv.value as { idBlock: { tagNumber: number } }).idBlock.tagNumber;
      expect(tag).toBe(tv.type === '2.5.4.6' ? 19 : 12); // PrintableString : UTF8String
    }
  });

  it('gives individuals a PINFL only', async () => {
    for (const person of DEMO_INDIVIDUALS) {
      const key = findDemoKey(pki.manifest, `ind-${person.pinfl}`);
      const summary = summarizeCertificate((await certificateOf(key)).cert);
      expect(summary.subject[OID_PINFL]).toBe(person.pinfl);
      expect(summary.subject[OID_LEGAL_TIN]).toBeUndefined();
      expect(summary.subject.UID).toBeUndefined();
      expect(aliasValue(key.alias, 'PINFL')).toBe(person.pinfl);
      expect(aliasValue(key.alias, 'INN')).toBeUndefined();
    }
  });

  it('uses the E-IMZO alias as the friendly name, readable without the password', async () => {
    for (const key of pki.manifest.keys) {
      const aliases = readPkcs12Aliases(fileOf(key));
      expect(aliases).toEqual([key.alias]);
      expect(key.alias).toBe(key.alias.toLowerCase());
      const { cert } = await certificateOf(key);
      const summary = summarizeCertificate(cert);
      expect(aliasValue(key.alias, 'SERIALNUMBER')).toBe(summary.serialNumber.toUpperCase());
      expect(key.serialNumber).toBe(summary.serialNumber);
      expect(aliasValue(key.alias, 'CN')).toBe(summary.subject.CN.toUpperCase());
      // validfrom/validto are Tashkent local time to the second.
      const validTo = parseTashkent(aliasValue(key.alias, 'VALIDTO')!.toLowerCase())!;
      expect(validTo.getTime()).toBe(summary.validTo.getTime());
      const validFrom = parseTashkent(aliasValue(key.alias, 'VALIDFROM')!.toLowerCase())!;
      expect(validFrom.getTime()).toBe(summary.validFrom.getTime());
      if (key.kind === 'organization') {
        expect(key.alias).toMatch(
          /^cn=.*,name=.*,surname=.*,l=.*,st=.*,c=uz,o=.*,uid=\d{9},1\.2\.860\.3\.16\.1\.2=\d{14},t=direktor,1\.2\.860\.3\.16\.1\.1=\d{9},serialnumber=[0-9a-f]+,validfrom=\d{4}\.\d\d\.\d\d \d\d:\d\d:\d\d,validto=\d{4}\.\d\d\.\d\d 23:59:59$/,
        );
      }
    }
  });

  it('has an expired key, a token key and a key without identity', async () => {
    const expired = pki.manifest.keys.find((k) => k.kind === 'expired')!;
    expect(new Date(expired.validTo).getTime()).toBeLessThan(Date.now());
    expect(expired.tin).toBe(DEMO_ORGANIZATIONS[0].tin);
    expect(expired.path).toBe('');

    const token = pki.manifest.keys.find((k) => k.kind === 'token')!;
    expect(token.token?.cardUID).toMatch(/^[0-9A-F]+$/);
    expect(token.disk).not.toBeNull();

    const anonymous = pki.manifest.keys.find((k) => k.kind === 'no-identity')!;
    expect(aliasValue(anonymous.alias, 'INN')).toBeUndefined();
    expect(aliasValue(anonymous.alias, 'PINFL')).toBeUndefined();
    expect(aliasValue(anonymous.alias, 'UID')).toBeUndefined();

    const fresh = pki.manifest.keys.find((k) => k.kind === 'fresh')!;
    const known = new Set<string>([
      ...DEMO_INDIVIDUALS.map((p) => p.pinfl),
      ...DEMO_ORGANIZATIONS.map((o) => o.directorPinfl),
    ]);
    expect(known.has(fresh.pinfl!)).toBe(false);
  });

  it('chains every demo certificate to the root, and the untrusted one elsewhere', async () => {
    const [root] = certificatesFromPem(fs.readFileSync(pki.rootCaFile, 'utf8'));
    for (const key of pki.manifest.keys) {
      const { opened } = await certificateOf(key);
      const chain = opened.certificates.map(certificateFromDer);
      const top = chain[chain.length - 1];
      const trustedRoot = top.subject.isEqual(root.subject) && (await top.verify(root));
      expect(trustedRoot).toBe(key.kind !== 'untrusted');
      expect(await chain[0].verify(chain[1])).toBe(true);
    }
  });

  it('refuses a wrong password', async () => {
    const key = pki.manifest.keys[0];
    await expect(openPkcs12(fileOf(key), key.alias, `${key.password}x`)).rejects.toBeInstanceOf(
      WrongPasswordError,
    );
  });

  it('reuses a complete PKI and regenerates a damaged one', async () => {
    const again = await ensureDemoPki(pki.dataDir);
    expect(again.keys.map((k) => k.serialNumber)).toEqual(pki.manifest.keys.map((k) => k.serialNumber));
    fs.rmSync(path.join(pki.manifest.dir, pki.manifest.keys[1].file));
    const regenerated = await ensureDemoPki(pki.dataDir);
    expect(regenerated.keys[1].serialNumber).not.toBe(pki.manifest.keys[1].serialNumber);
    expect(fs.existsSync(path.join(regenerated.dir, regenerated.keys[1].file))).toBe(true);
    pki.manifest = regenerated;
  });

  it('stores CA certificates parsable as X.509 CAs', () => {
    const [root] = certificatesFromPem(fs.readFileSync(pki.rootCaFile, 'utf8'));
    const bc = root.extensions?.find((e) => e.extnID === '2.5.29.19')?.parsedValue as pkijs.BasicConstraints;
    expect(bc.cA).toBe(true);
  });
});
