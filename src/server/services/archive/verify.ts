import { strFromU8, unzipSync } from 'fflate';
import * as pkijs from 'pkijs';
import { bytesEqual, CmsVerificationError, verifyCms } from '../../../engine/cms';
import { CHAIN_START, eventHash } from '../documents/chain';
import { ARCHIVE_FORMAT, type ArchiveEvent, type ArchiveManifest, sha256 } from './build';

/**
 * Checks a signed archive with nothing but its own bytes (and, optionally, the certificate
 * authorities to trust): the manifest's hashes, every signature and that it covers the stored bytes,
 * the joined CMS, the timestamps, the certificate chains and the event log's hash chain.
 */
export interface ArchiveCheck {
  ok: boolean;
  check: string;
  detail: string;
}

export interface ArchiveReport {
  ok: boolean;
  document: ArchiveManifest['document'] | null;
  checks: ArchiveCheck[];
}

export interface VerifyArchiveOptions {
  /** Anchors to trust; default: the self-signed roots the archive carries (named in the report). */
  trusted?: pkijs.Certificate[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function selfSigned(cert: pkijs.Certificate): boolean {
  return cert.subject.isEqual(cert.issuer);
}

export async function verifyArchive(
  zip: Uint8Array,
  options: VerifyArchiveOptions = {},
): Promise<ArchiveReport> {
  const checks: ArchiveCheck[] = [];
  const add = (ok: boolean, check: string, detail: string) => checks.push({ ok, check, detail });
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch (error) {
    add(false, 'zip', `not a readable .zip (${(error as Error).message})`);
    return { ok: false, document: null, checks };
  }

  // 1. The manifest: every file listed with its hash, nothing unlisted.
  let manifest: ArchiveManifest | null = null;
  try {
    manifest = JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())) as ArchiveManifest;
  } catch {
    add(false, 'manifest', 'manifest.json is missing or not JSON');
  }
  if (manifest) {
    if (manifest.format !== ARCHIVE_FORMAT) add(false, 'manifest', `unknown format "${manifest.format}"`);
    const listed = new Set(manifest.files.map((file) => file.name));
    for (const file of manifest.files) {
      const bytes = files[file.name];
      if (!bytes) add(false, 'manifest', `${file.name}: listed but missing`);
      else if (sha256(bytes) !== file.sha256 || bytes.length !== file.size)
        add(false, 'manifest', `${file.name}: SHA-256 ${sha256(bytes)} ≠ manifest ${file.sha256}`);
    }
    for (const name of Object.keys(files))
      if (name !== 'manifest.json' && !listed.has(name))
        add(false, 'manifest', `${name}: not in the manifest`);
    if (!checks.some((c) => c.check === 'manifest'))
      add(true, 'manifest', `${manifest.files.length} files, each SHA-256 matches`);
  }

  const content = files['document.json'];
  if (!content) {
    add(false, 'content', 'document.json (the signed bytes) is missing');
    return { ok: false, document: manifest?.document ?? null, checks };
  }
  const contentHash = sha256(content);
  try {
    decoder.decode(content);
    add(true, 'content', `document.json: ${content.length} bytes, SHA-256 ${contentHash}`);
  } catch {
    add(false, 'content', 'document.json is not UTF-8 text');
  }

  // Anchors: given, or the archive's own self-signed roots (the report names them).
  const certs = Object.entries(files)
    .filter(([name]) => name.startsWith('certificates/'))
    .map(([, bytes]) => pkijs.Certificate.fromBER(new Uint8Array(bytes).buffer));
  const trusted = options.trusted ?? certs.filter(selfSigned);
  const anchorNote = options.trusted
    ? 'the given trust anchors'
    : `the archive's roots (${trusted.map((c) => c.subject.typesAndValues.map((tv) => tv.value.valueBlock.value).join(', ')).join('; ') || 'none'})`;

  // 2. Each signature: valid, chained to an anchor, and over the stored bytes.
  let signatures: Array<{
    id: string;
    action: string;
    shape?: string | null;
    file: string;
    cmsSha256: string;
  }> = [];
  try {
    signatures = JSON.parse(strFromU8(files['signatures.json'] ?? strToBytes('[]')));
  } catch {
    add(false, 'signatures', 'signatures.json is not JSON');
  }
  const cmsHashById = new Map<string, string>();
  for (const signature of signatures) {
    const cms = files[signature.file];
    if (!cms) {
      add(false, 'signature', `${signature.file}: missing`);
      continue;
    }
    // The event names the SHA-256 of the CMS's base64 text as stored: the canonical text of the DER,
    // or the exact text archived beside it (signatures/NN-action.b64), which must be the same CMS.
    const textFile = files[signature.file.replace(/\.p7s$/, '.b64')];
    const text = textFile ? strFromU8(textFile) : Buffer.from(cms).toString('base64');
    if (textFile && !bytesEqual(new Uint8Array(Buffer.from(text, 'base64')), cms))
      add(false, 'signature', `${signature.file}: its stored text is not the same CMS`);
    cmsHashById.set(signature.id, sha256(strToBytes(text)));
    try {
      const verified = await verifyCms(cms, { trusted, detachedContent: content });
      const signer = verified.signers[0];
      const who = signer?.certificate.subject.CN ?? '?';
      const equal = bytesEqual(verified.content, content);
      const inside = !equal && containsBytes(verified.content, content);
      // What the shape must sign: the stored bytes themselves, or a text that embeds them (a
      // rejection); only an object shape (a cancellation) signs something else.
      const due = signature.shape === 'object' ? 'any' : signature.shape === 'wrap' ? 'inside' : 'equal';
      if ((due === 'equal' && !equal) || (due === 'inside' && !inside && !equal)) {
        add(
          false,
          'signature',
          `${signature.file} (${signature.action}): valid, but does not cover the stored bytes (document.json)`,
        );
        continue;
      }
      const covers = equal
        ? 'covers the stored bytes'
        : inside
          ? 'covers the stored bytes inside its action text'
          : 'signs the action object';
      const stamped = signer?.timestamp ? `, timestamp ${signer.timestamp.time.toISOString()}` : '';
      add(
        true,
        'signature',
        `${signature.file} (${signature.action}): ${who}, certificate ${signer?.certificate.serialNumber}, chain to ${anchorNote}, ${covers}${stamped}`,
      );
    } catch (error) {
      const reason =
        error instanceof CmsVerificationError ? `${error.code}: ${error.message}` : String(error);
      add(false, 'signature', `${signature.file} (${signature.action}): ${reason}`);
    }
  }

  // 3. The joined CMS: every co-signature over the exact stored bytes.
  const joined = files['signatures/joined.p7s'];
  if (joined) {
    try {
      const verified = await verifyCms(joined, { trusted });
      if (!bytesEqual(verified.content, content))
        add(false, 'joined', 'signatures/joined.p7s signs other bytes than document.json');
      else
        add(
          true,
          'joined',
          `signatures/joined.p7s: ${verified.signers.length} signers, each over document.json`,
        );
    } catch (error) {
      const reason =
        error instanceof CmsVerificationError ? `${error.code}: ${error.message}` : String(error);
      add(false, 'joined', `signatures/joined.p7s: ${reason}`);
    }
  }

  // 4. The event log: consecutive, each hash over the previous one and its fields, each signature
  // event naming the CMS it stored, the last one naming the stored bytes.
  let events: ArchiveEvent[] = [];
  try {
    events = JSON.parse(strFromU8(files['events.json'] ?? strToBytes('[]')));
  } catch {
    add(false, 'events', 'events.json is not JSON');
  }
  let prev = CHAIN_START;
  let chainOk = events.length > 0;
  for (const [index, event] of events.entries()) {
    const expected = eventHash(prev, { ...event, at: new Date(event.at) });
    const problems = [
      event.seq !== index + 1 ? `seq ${event.seq} where ${index + 1} was due` : '',
      event.prevHash !== prev ? 'prev_hash does not name the previous event' : '',
      event.hash !== expected
        ? `hash ${event.hash.slice(0, 12)}… ≠ recomputed ${expected.slice(0, 12)}…`
        : '',
      event.signatureId &&
      cmsHashById.has(event.signatureId) &&
      cmsHashById.get(event.signatureId) !== event.signatureHash
        ? 'its signature hash does not match the archived CMS'
        : '',
    ].filter(Boolean);
    if (problems.length) {
      chainOk = false;
      add(false, 'events', `event ${event.seq} (${event.action}): ${problems.join('; ')}`);
    }
    prev = event.hash;
  }
  const last = events.at(-1);
  if (last && last.contentHash !== contentHash) {
    chainOk = false;
    add(false, 'events', `the last event names content ${last.contentHash.slice(0, 12)}…, not document.json`);
  }
  if (chainOk) add(true, 'events', `${events.length} events, hash chain intact, head ${prev}`);
  else if (events.length === 0) add(false, 'events', 'events.json holds no event');

  return { ok: checks.every((c) => c.ok), document: manifest?.document ?? null, checks };
}

function strToBytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function containsBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
