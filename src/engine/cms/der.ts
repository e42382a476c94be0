// Reading and writing definite-length DER by offsets, without building an object tree. asn1js/pkijs
// build one object per element (a signed invoice's CMS costs 5–9 ms to parse, profiled); the paths
// that only need to find, cut or splice whole elements use this instead. Anything it does not
// handle (BER indefinite lengths, high tag numbers, overruns) answers null, and the caller falls back
// to the full parser — never to a guess.

export interface DerNode {
  /** The identifier octet (class, constructed bit, tag number < 31). */
  tag: number;
  /** Offset of the identifier. */
  start: number;
  /** Offset of the contents. */
  contentStart: number;
  /** Offset just past the contents. */
  end: number;
}

export const TAG_INTEGER = 0x02;
export const TAG_OCTET_STRING = 0x04;
export const TAG_OID = 0x06;
export const TAG_GENERALIZED_TIME = 0x18;
export const TAG_SEQUENCE = 0x30;
export const TAG_SET = 0x31;
/** [n] constructed, context-specific. */
export const contextTag = (n: number) => 0xa0 | n;

/** The element at `offset`, or null when it is not definite-length DER inside `limit`. */
export function readNode(bytes: Uint8Array, offset: number, limit = bytes.length): DerNode | null {
  if (offset + 2 > limit) return null;
  const tag = bytes[offset];
  if ((tag & 0x1f) === 0x1f) return null;
  let length = bytes[offset + 1];
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    // 0: indefinite length (BER); more than 4 octets: no CMS element is that long.
    if (count === 0 || count > 4 || contentStart + count > limit) return null;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[contentStart + i];
    contentStart += count;
  }
  const end = contentStart + length;
  return end > limit ? null : { tag, start: offset, contentStart, end };
}

/** The elements inside a constructed element, or null when any of them is not readable. */
export function childrenOf(bytes: Uint8Array, node: DerNode): DerNode[] | null {
  if (!(node.tag & 0x20)) return null;
  const children: DerNode[] = [];
  for (let at = node.contentStart; at < node.end; ) {
    const child = readNode(bytes, at, node.end);
    if (!child) return null;
    children.push(child);
    at = child.end;
  }
  return children;
}

/** The whole element's bytes (identifier, length and contents), as a view. */
export const elementBytes = (bytes: Uint8Array, node: DerNode) => bytes.subarray(node.start, node.end);

/** The contents' bytes, as a view. */
export const contentBytes = (bytes: Uint8Array, node: DerNode) => bytes.subarray(node.contentStart, node.end);

function lengthOctets(length: number): number[] {
  if (length < 0x80) return [length];
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return [0x80 | octets.length, ...octets];
}

/** One DER element of `tag` whose contents are `parts` one after another. */
export function derElement(tag: number, parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const header = [tag, ...lengthOctets(length)];
  const out = new Uint8Array(header.length + length);
  out.set(header, 0);
  let at = header.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The one element filling `bytes` exactly, or null. */
export function readWhole(bytes: Uint8Array): DerNode | null {
  const node = readNode(bytes, 0);
  return node && node.end === bytes.length ? node : null;
}

export const TAG_BOOLEAN = 0x01;
export const TAG_NULL = 0x05;
export const TAG_ENUMERATED = 0x0a;
export const TAG_UTC_TIME = 0x17;

/**
 * The dotted text of an OBJECT IDENTIFIER's contents, or null when they are not a minimal encoding
 * (a sub-identifier starting 0x80, one cut short, or longer than a safe integer).
 */
export function oidText(contents: Uint8Array): string | null {
  if (contents.length === 0) return null;
  const arcs: number[] = [];
  let value = 0;
  let started = false;
  for (const byte of contents) {
    if (!started && byte === 0x80) return null;
    started = true;
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER) return null;
    if (byte & 0x80) continue;
    arcs.push(value);
    value = 0;
    started = false;
  }
  if (started) return null;
  const first = arcs[0];
  const head = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80];
  return [...head, ...arcs.slice(1)].join('.');
}

// The primitive universal types plainTree accepts, with their rules; asn1js reads each of these
// without an error (a NULL or BOOLEAN of another length, an empty INTEGER, or an OBJECT IDENTIFIER
// oidText refuses are left to it).
const PLAIN_PRIMITIVES: Record<number, (contents: Uint8Array) => boolean> = {
  [TAG_BOOLEAN]: (c) => c.length === 1,
  [TAG_INTEGER]: (c) => c.length > 0,
  [TAG_OCTET_STRING]: () => true,
  [TAG_NULL]: (c) => c.length === 0,
  [TAG_OID]: (c) => oidText(c) !== null,
  12: () => true, // UTF8String
  19: () => true, // PrintableString
  22: () => true, // IA5String
  [TAG_UTC_TIME]: () => true,
  [TAG_GENERALIZED_TIME]: () => true,
};

/**
 * Whether `node` and everything inside it is plain DER of the few kinds signed attributes and
 * TSTInfo hold — SEQUENCE, SET, context-specific [0]–[9], and the primitives above — at most
 * `depth` levels deep: what asn1js (pkijs's reader) reads without an error, checked in place
 * (asn1js spends ~0.1–0.3 ms on a hundred bytes, profiled). False for anything else.
 */
export function plainTree(bytes: Uint8Array, node: DerNode, depth = 16): boolean {
  const { tag } = node;
  if (tag & 0x20) {
    const known = tag === TAG_SEQUENCE || tag === TAG_SET || (tag >= 0xa0 && tag <= 0xa9);
    if (!known || depth === 0) return false;
    const children = childrenOf(bytes, node);
    return Boolean(children?.every((child) => plainTree(bytes, child, depth - 1)));
  }
  if (tag >= 0x80 && tag <= 0x89) return true;
  const rule = PLAIN_PRIMITIVES[tag];
  return Boolean(rule?.(contentBytes(bytes, node)));
}
