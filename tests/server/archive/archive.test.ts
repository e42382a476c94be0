import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSignature } from '../../../src/emulator';
import { encodeCms, fromBase64, mergeSignedData, parseCms, toBase64 } from '../../../src/engine/cms';
import {
  type ArchiveEvent,
  type ArchiveInput,
  buildArchive,
  verifyArchive,
} from '../../../src/server/services/archive';
import { CHAIN_START, eventHash, sha256Hex } from '../../../src/server/services/documents/chain';
import { createDemoPkiFixture, type DemoPkiFixture } from '../../emulator/fixtures';

const signed = readFileSync(
  join(__dirname, '../../../schemas/documents/invoice/fixtures/valid/01-standard.json'),
  'utf8',
);
const bytes = new TextEncoder().encode(signed);
const DOC = '5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d';

let pki: DemoPkiFixture;
let good: Uint8Array;
let input: ArchiveInput;

function chain(events: Array<Omit<ArchiveEvent, 'seq' | 'prevHash' | 'hash'>>): ArchiveEvent[] {
  let prev = CHAIN_START;
  return events.map((event, index) => {
    const full = { ...event, seq: index + 1 };
    const hash = eventHash(prev, { ...full, at: new Date(full.at) });
    const out = { ...full, prevHash: prev, hash };
    prev = hash;
    return out;
  });
}

beforeAll(async () => {
  pki = await createDemoPkiFixture();
  const send = await createDemoSignature(pki.dataDir, 'org-302000001', bytes);
  const accept = await createDemoSignature(pki.dataDir, 'org-302000002', bytes);
  const joined = toBase64(
    encodeCms(
      mergeSignedData(parseCms(fromBase64(send)).signedData, parseCms(fromBase64(accept)).signedData),
    ),
  );
  const actor = { actorUserId: null, actorOrgId: null, actorName: null, reason: null };
  const draftHash = sha256Hex('{"draft":true}');
  input = {
    document: {
      id: DOC,
      kind: 'invoice',
      nationalId: '665f1c2e9b1d4a0012ab34cd',
      number: 'INV-2025-0001',
      date: '2025-05-15',
    },
    signedBytes: bytes,
    joinedCms: joined,
    signatures: [
      { id: 's1', action: 'send', role: 'sender', shape: 'document', tin: '302000001', cms: send },
      { id: 's2', action: 'accept', role: 'receiver', shape: 'cosign', tin: '302000002', cms: accept },
    ],
    events: chain([
      {
        ...actor,
        documentId: DOC,
        action: 'create',
        fromStatus: null,
        toStatus: 0,
        actorIdentity: '302000001',
        actorRole: 'sender',
        signatureId: null,
        signatureHash: null,
        contentHash: draftHash,
        at: '2025-05-15T09:00:00.000Z',
      },
      {
        ...actor,
        documentId: DOC,
        action: 'send',
        fromStatus: 0,
        toStatus: 1,
        actorIdentity: '302000001',
        actorRole: 'sender',
        signatureId: 's1',
        signatureHash: sha256Hex(send),
        contentHash: sha256Hex(bytes),
        at: '2025-05-15T09:55:23.000Z',
      },
      {
        ...actor,
        documentId: DOC,
        action: 'accept',
        fromStatus: 1,
        toStatus: 3,
        actorIdentity: '302000002',
        actorRole: 'receiver',
        signatureId: 's2',
        signatureHash: sha256Hex(accept),
        contentHash: sha256Hex(bytes),
        at: '2025-05-16T04:10:00.000Z',
      },
    ]),
    pdf: new TextEncoder().encode('%PDF-1.7 stand-in'),
    createdAt: new Date('2025-05-16T05:00:00Z'),
  };
  good = buildArchive(input);
});
afterAll(() => pki?.dispose());

/** Changes one byte of a file inside the archive; with `reseal`, also rewrites the manifest's hash. */
function tamper(
  zip: Uint8Array,
  name: string,
  at: (file: Uint8Array) => number,
  reseal: boolean,
): Uint8Array {
  const files = unzipSync(zip);
  const file = new Uint8Array(files[name]);
  file[at(file)] ^= 0x01;
  files[name] = file;
  if (reseal) {
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    for (const entry of manifest.files) if (entry.name === name) entry.sha256 = sha256Hex(file);
    files['manifest.json'] = strToU8(JSON.stringify(manifest));
  }
  return zipSync(files);
}

const failures = async (zip: Uint8Array) =>
  (await verifyArchive(zip)).checks.filter((c) => !c.ok).map((c) => `${c.check}: ${c.detail}`);

describe('the signed archive', () => {
  it('a good archive verifies offline: manifest, both signatures over the stored bytes, the joined CMS, the event chain', async () => {
    const report = await verifyArchive(good);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    const text = report.checks.map((c) => c.detail).join('\n');
    expect(text).toMatch(/01-send\.p7s \(send\):.*covers the stored bytes/);
    expect(text).toMatch(/02-accept\.p7s \(accept\):.*covers the stored bytes/);
    expect(text).toContain('joined.p7s: 2 signers');
    expect(text).toContain('3 events, hash chain intact');
    const names = Object.keys(unzipSync(good));
    expect(names).toEqual(
      expect.arrayContaining([
        'document.json',
        'document.pdf',
        'events.json',
        'manifest.json',
        'signatures/joined.p7s',
      ]),
    );
    expect(names.some((n) => n.startsWith('certificates/'))).toBe(true);
  });

  it('a changed byte in the content fails on the manifest, and, with the manifest rewritten, on every signature', async () => {
    const at = (file: Uint8Array) => file.indexOf(0x37); // a digit of the sums
    expect((await failures(tamper(good, 'document.json', at, false))).join('\n')).toMatch(
      /manifest: document\.json: SHA-256/,
    );
    const resealed = (await failures(tamper(good, 'document.json', at, true))).join('\n');
    expect(resealed).toMatch(
      /signature: signatures\/01-send\.p7s \(send\): valid, but does not cover the stored bytes/,
    );
    expect(resealed).toMatch(/signature: signatures\/02-accept\.p7s \(accept\): valid, but does not cover/);
    expect(resealed).toMatch(/joined: .*BAD_SIGNATURE|joined: .*other bytes/);
    expect(resealed).toMatch(/events: the last event names content/);
  });

  it('a changed byte in a CMS fails', async () => {
    const tampered = tamper(good, 'signatures/01-send.p7s', (file) => file.length - 10, true);
    const found = (await failures(tampered)).join('\n');
    expect(found).toMatch(/signature: signatures\/01-send\.p7s/);
    expect(found).toMatch(/events: event 2 \(send\): its signature hash does not match/);
  });

  it('a changed byte in the event log fails the hash chain', async () => {
    const tampered = tamper(
      good,
      'events.json',
      (file) => new TextDecoder().decode(file).indexOf('"toStatus": 3') + 12,
      true,
    );
    expect((await failures(tampered)).join('\n')).toMatch(/events: event 3 \(accept\): hash .* ≠ recomputed/);
  });

  it('a changed byte in the manifest fails', async () => {
    const tampered = tamper(
      good,
      'manifest.json',
      (file) => new TextDecoder().decode(file).indexOf('"sha256": "') + 12,
      false,
    );
    expect((await failures(tampered)).join('\n')).toMatch(/manifest: .*SHA-256 .* ≠ manifest/);
  });

  it('a CMS stored as a base64 text other than the canonical one travels beside it; the event chain still checks, a changed text fails', async () => {
    // The event log hashes the CMS's text as the service stored it: here base64 in 76-character lines
    // (as a MIME encoder writes it).
    const text = input.signatures[0].cms.replace(/(.{76})/g, '$1\r\n');
    expect(text).not.toBe(input.signatures[0].cms);
    const events = chain(
      input.events.map(({ seq, prevHash, hash, ...event }) =>
        event.signatureId === 's1' ? { ...event, signatureHash: sha256Hex(text) } : event,
      ),
    );
    const zip = buildArchive({
      ...input,
      signatures: [{ ...input.signatures[0], cms: text }, input.signatures[1]],
      events,
    });
    expect(Object.keys(unzipSync(zip))).toContain('signatures/01-send.b64');
    expect(await failures(zip)).toEqual([]);
    // Another text (of another CMS) beside the DER: refused, and its event no longer matches.
    const swapped = unzipSync(zip);
    swapped['signatures/01-send.b64'] = strToU8(input.signatures[1].cms);
    const manifest = JSON.parse(strFromU8(swapped['manifest.json']));
    for (const entry of manifest.files)
      if (entry.name === 'signatures/01-send.b64')
        entry.sha256 = sha256Hex(swapped['signatures/01-send.b64']);
    swapped['manifest.json'] = strToU8(JSON.stringify(manifest));
    const found = (await failures(zipSync(swapped))).join('\n');
    expect(found).toContain('signatures/01-send.p7s: its stored text is not the same CMS');
    expect(found).toMatch(/events: event 2 \(send\): its signature hash does not match/);
  });

  it('npm run verify:archive prints the report and exits 1 on a tampered archive', () => {
    const dir = pki.dataDir;
    writeFileSync(join(dir, 'good.zip'), good);
    writeFileSync(
      join(dir, 'bad.zip'),
      tamper(good, 'events.json', (f) => f.length - 5, true),
    );
    const run = (file: string) => {
      try {
        return {
          code: 0,
          // node with the tsx loader, as npm run does, without npm's own start-up.
          out: execFileSync(process.execPath, ['--import', 'tsx', 'scripts/verify-archive.ts', file], {
            encoding: 'utf8',
          }),
        };
      } catch (error) {
        const e = error as { status: number; stdout: string };
        return { code: e.status, out: e.stdout };
      }
    };
    const ok = run(join(dir, 'good.zip'));
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('result: VALID');
    const bad = run(join(dir, 'bad.zip'));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/FAIL events/);
    expect(bad.out).toContain('result: INVALID');
  }, 120_000);
});
