// Parsed certificates by their exact DER bytes. The same few certificates (a company's key, its CA, the
// TSA's) arrive inside every signature; pkijs spends over a millisecond on each, every time (profiled).
// The objects are only read (chains, summaries, verification), so one parse serves every request.
import * as pkijs from 'pkijs';
import { toArrayBuffer } from './bytes';

const MAX_ENTRIES = 512;
const parsed = new Map<string, pkijs.Certificate>();

// windows-1252 as the Encoding Standard decodes it maps each of the 256 bytes to a code point of its
// own, so the decoded text is an exact key; native, where a loop over the bytes cost 0.12 ms a
// signature (bench:sync profile).
const bytesAsText = new TextDecoder('latin1');

/** The bytes as a string key: one char per byte, compared exactly. */
function keyOf(der: Uint8Array): string {
  return bytesAsText.decode(der);
}

/** The certificate encoded by `der` (throws as pkijs does when it is not one). */
export function knownCertificate(der: Uint8Array): pkijs.Certificate {
  const key = keyOf(der);
  const known = parsed.get(key);
  if (known) {
    // Most recently used last: the oldest entry is the one dropped.
    parsed.delete(key);
    parsed.set(key, known);
    return known;
  }
  const certificate = pkijs.Certificate.fromBER(toArrayBuffer(der));
  parsed.set(key, certificate);
  if (parsed.size > MAX_ENTRIES) parsed.delete(parsed.keys().next().value as string);
  return certificate;
}
