import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import * as pkijs from 'pkijs';
import { fromBase64, parseCms, serialHex, timestampTokenOf } from '../../../engine/cms';

/**
 * The signed archive of one document (docs/print.md §archive): a .zip that proves itself offline —
 * the exact signed bytes, every CMS as received and the joined one, the timestamp tokens, the
 * certificates they carry, the hash-chained event log, the PDF, and a manifest of SHA-256 hashes.
 * `verifyArchive` (and `npm run verify:archive`) checks it with no server.
 */
export const ARCHIVE_FORMAT = 'hujjat-signed-archive/1';

export interface ArchiveSignature {
  id: string;
  action: string;
  role: string;
  /** The signed shape (lifecycle.json): document and cosign sign the stored bytes, wrap embeds them. */
  shape?: 'document' | 'cosign' | 'wrap' | 'object' | 'none' | null;
  signerName?: string | null;
  organization?: string | null;
  tin?: string | null;
  pinfl?: string | null;
  serialHex?: string | null;
  signedAt?: string | null;
  timestampAt?: string | null;
  /** The CMS as received and stored, base64 (the event log hashes this text). */
  cms: string;
}

/** An event of the document's log, with the fields its hash covers (services/documents/chain). */
export interface ArchiveEvent {
  documentId: string;
  seq: number;
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  actorUserId: string | null;
  actorOrgId: string | null;
  actorIdentity: string | null;
  actorRole: string | null;
  actorName: string | null;
  reason: string | null;
  signatureId: string | null;
  signatureHash: string | null;
  contentHash: string;
  at: string;
  prevHash: string;
  hash: string;
}

export interface ArchiveInput {
  document: {
    id: string;
    kind: string;
    nationalId?: string | null;
    number?: string | null;
    date?: string | null;
  };
  signedBytes: Uint8Array;
  joinedCms: string | null;
  signatures: ArchiveSignature[];
  events: ArchiveEvent[];
  pdf?: Uint8Array;
  createdAt: Date;
}

export interface ManifestFile {
  name: string;
  sha256: string;
  size: number;
}

export interface ArchiveManifest {
  format: string;
  createdAt: string;
  document: ArchiveInput['document'];
  files: ManifestFile[];
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const der = (value: { toSchema(): { toBER(sizeOnly?: boolean): ArrayBuffer } }) =>
  new Uint8Array(value.toSchema().toBER(false));

/** A signature's file name: its order and action ("01-send.p7s"). */
export const signatureFile = (index: number, action: string) =>
  `signatures/${String(index + 1).padStart(2, '0')}-${action.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Every certificate a CMS carries, its timestamp tokens' (the TSA chain) included. */
function certificatesOf(cms: Uint8Array): pkijs.Certificate[] {
  const parsed = parseCms(cms);
  const found = [...parsed.certificates];
  for (const signer of parsed.signedData.signerInfos) {
    const token = timestampTokenOf(signer);
    if (!token) continue;
    const tokenData = new pkijs.SignedData({ schema: token.content });
    for (const cert of tokenData.certificates ?? []) if (cert instanceof pkijs.Certificate) found.push(cert);
  }
  return found;
}

export function buildArchive(input: ArchiveInput): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  files['document.json'] = input.signedBytes;
  const certificates = new Map<string, Uint8Array>();
  const collect = (cms: Uint8Array) => {
    for (const cert of certificatesOf(cms)) {
      const bytes = der(cert);
      certificates.set(`${serialHex(cert.serialNumber)}-${sha256(bytes).slice(0, 8)}`, bytes);
    }
  };
  input.signatures.forEach((signature, index) => {
    const cms = fromBase64(signature.cms);
    const base = signatureFile(index, signature.action);
    files[`${base}.p7s`] = cms;
    // The event log hashes the CMS as the service stored it, as base64 text: a text that is not the
    // canonical base64 of the DER travels beside it, so the hash still checks offline.
    if (Buffer.from(cms).toString('base64') !== signature.cms) files[`${base}.b64`] = strToU8(signature.cms);
    collect(cms);
    const signer = parseCms(cms).signedData.signerInfos[0];
    const token = signer ? timestampTokenOf(signer) : null;
    if (token) files[`timestamps/${base.slice('signatures/'.length)}.tst`] = der(token);
  });
  if (input.joinedCms) {
    const joined = fromBase64(input.joinedCms);
    files['signatures/joined.p7s'] = joined;
    collect(joined);
  }
  for (const [name, bytes] of certificates) files[`certificates/${name}.cer`] = bytes;
  files['signatures.json'] = strToU8(
    `${JSON.stringify(
      input.signatures.map(({ cms, ...rest }, index) => ({
        ...rest,
        file: `${signatureFile(index, rest.action)}.p7s`,
        cmsSha256: sha256(fromBase64(cms)),
      })),
      null,
      2,
    )}\n`,
  );
  files['events.json'] = strToU8(`${JSON.stringify(input.events, null, 2)}\n`);
  if (input.pdf) files['document.pdf'] = input.pdf;

  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    createdAt: input.createdAt.toISOString(),
    document: input.document,
    files: Object.entries(files)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, bytes]) => ({ name, sha256: sha256(bytes), size: bytes.length })),
  };
  files['manifest.json'] = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  // A fixed time on every entry: the same document archives to the same bytes.
  const mtime = input.createdAt;
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { mtime, level: 6 }]])),
  );
}
