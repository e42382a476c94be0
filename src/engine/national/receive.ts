import hubMetadata from '../../../schemas/received/hubMetadata.json';
import { type JsonSchema, schemaAtPath } from '../bundle';
import { readOne } from '../lifecycle/pointer';
import { getLifecycle, hasLifecycle } from '../lifecycle/registry';
import { getKind } from '../schemas';
import type { ValidationError } from '../validationResult';
import { createValidator } from '../validator';
import {
  allowsNull,
  isArrayNode,
  isBlank,
  isDateNode,
  isNumberNode,
  isObjectNode,
  isStringNode,
  itemsNode,
  lowerCaseNames,
  type Node,
  nodeOf,
  propertyNames,
  propertyNode,
  requiredNames,
  typesOf,
} from './schemaNode';

/** A field of a received document that the kind's schema does not know: kept, shown, never lost. */
export interface Extension {
  /** JSON pointer in the received document (its own key spelling). */
  path: string;
  value: unknown;
}

/**
 * The receipt profile's view of a document made elsewhere. The signed bytes stay the record; this
 * is what Hujjat shows and searches:
 * - `content` — the document under the kind's schema names and types (null when not recognized);
 * - `warnings` — what the kind's rules find in that view (reported, never a reason to refuse);
 * - `extensions` — fields the kind does not know, with their values;
 * - `recognized` — whether the document has the kind's shape at all (else show the raw JSON).
 */
export interface ReceivedDocument {
  kind: string;
  recognized: boolean;
  content: Record<string, unknown> | null;
  warnings: ValidationError[];
  extensions: Extension[];
  /** How much of the kind's shape was found: required top-level fields present / required. */
  match: { required: number; found: number; known: number; unknown: number };
  /**
   * What the hub or the operator stored beside the document's own fields (schemas/received/
   * hubMetadata.json: its states log, signers, flags), set aside as it came: neither counted nor checked.
   */
  metadata: Record<string, unknown>;
}

export interface ReadOptions {
  /** Validation clock; by default the document's own date (see `documentDate`). */
  now?: Date | string;
}

const ABSENT = Symbol('absent');
type Out = unknown | typeof ABSENT;

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.0+)?(Z|[+-]00:?00)?$/;

function pointerPart(key: string): string {
  if (!key.includes('~') && !key.includes('/')) return key;
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Where a value is in the received document, as a chain up to the root: its JSON pointer is built
 * only for an extension (building one for every key of every line cost the pull ~0.1 ms a document).
 */
type Where = { up: Where; key: string } | null;

function pointerOf(where: Where): string {
  return where ? `${pointerOf(where.up)}/${pointerPart(where.key)}` : '';
}

/** Reads a received value under the schema node: names matched case-insensitively, types coerced. */
function canonical(value: unknown, node: Node | undefined, where: Where, extensions: Extension[]): Out {
  if (value === undefined) return ABSENT;
  if (!node) return value;
  if (value === null) return allowsNull(node) ? null : ABSENT;

  if (Array.isArray(value)) {
    if (!isArrayNode(node)) return value;
    const items = itemsNode(node);
    return value.map((item, index) => {
      const out = canonical(item, items, { up: where, key: String(index) }, extensions);
      return out === ABSENT ? null : out;
    });
  }

  if (typeof value === 'object') {
    if (!isObjectNode(node)) return value;
    // An unused block arrives as null or as a block of empty strings: both mean "not there". So does
    // a block whose required fields are all empty (operators fill their own ids into unused blocks,
    // e.g. AgentFacturaId): it is null, and what it did carry is kept as extensions.
    if (isBlank(value)) return allowsNull(node) ? null : ABSENT;
    if (allowsNull(node) && requiredAllBlank(value as Record<string, unknown>, node)) {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        if (!isBlank(child)) extensions.push({ path: pointerOf({ up: where, key }), value: child });
      }
      return null;
    }
    const byLowerCase = lowerCaseNames(node);
    const declared = node.schema.properties as Record<string, unknown> | undefined;
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const child = (value as Record<string, unknown>)[key];
      // Most keys come spelled as declared: looked up as they are before in lower case.
      const name = declared && Object.hasOwn(declared, key) ? key : byLowerCase.get(key.toLowerCase());
      if (!name && node.schema.additionalProperties !== false) {
        // A block whose fields are not published (the waybill's air and water blocks): as it came.
        out[key] = child;
        continue;
      }
      if (!name || name in out) {
        if (!isBlank(child)) extensions.push({ path: pointerOf({ up: where, key }), value: child });
        continue;
      }
      const read = canonical(child, propertyNode(node, name), { up: where, key }, extensions);
      if (read !== ABSENT) out[name] = read;
    }
    // A required block that may be null and came blank stays null (the schema wants the key).
    for (const name of requiredNames(node)) {
      if (!(name in out) && allowsNull(propertyNode(node, name)) && hasKey(value, name)) out[name] = null;
    }
    return out;
  }

  if (typeof value === 'string') {
    if (isDateNode(node)) {
      // An empty date is no date (operators send '' for an optional one they leave out).
      if (value.trim() === '') return ABSENT;
      const day = MIDNIGHT.exec(value);
      return day ? day[1] : value;
    }
    if (isStringNode(node)) return value;
    if (value.trim() === '') return ABSENT;
    if (isNumberNode(node) && NUMERIC.test(value)) return Number(value.trim());
    if (typesOf(node).has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  }

  if (typeof value === 'number' && !isNumberNode(node) && isStringNode(node) && Number.isFinite(value)) {
    return String(value);
  }
  return value;
}

function requiredAllBlank(value: Record<string, unknown>, node: Node): boolean {
  const required = [...requiredNames(node)].map((name) => name.toLowerCase());
  if (required.length === 0) return false;
  return Object.entries(value).every(
    ([key, child]) => !required.includes(key.toLowerCase()) || isBlank(child),
  );
}

function hasKey(value: object, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(value).some((key) => key.toLowerCase() === lower);
}

/** Counts how the top level of a received object meets the kind's schema. */
function topLevelMatch(value: Record<string, unknown>, root: Node) {
  const names = new Set(propertyNames(root).map((name) => name.toLowerCase()));
  const required = [...requiredNames(root)].map((name) => name.toLowerCase());
  const keys = Object.keys(value).map((key) => key.toLowerCase());
  const known = keys.filter((key) => names.has(key)).length;
  return {
    required: required.length,
    found: required.filter((name) => keys.includes(name)).length,
    known,
    unknown: keys.length - known,
  };
}

/**
 * Whether a received object has the kind's shape: at least half of the kind's required top-level
 * fields, and not more unknown top-level fields than a third of the known ones (a document carrying
 * many fields the kind does not have is another document, even under the same name).
 */
export function isRecognized(match: ReceivedDocument['match']): boolean {
  return match.found * 2 >= match.required && match.found > 0 && match.unknown * 3 <= match.known;
}

/** Parses received JSON text (the exact signed bytes decoded as UTF-8); a BOM is tolerated. */
export function parseReceived(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * The receipt profile (issue 19): reads a document made elsewhere as the kind's canonical view and
 * checks it with the kind's schema, reporting what the rules find as warnings. What the hub accepted
 * is never refused here; a document of an unknown shape comes back `recognized: false`.
 */
export function readReceived(
  kind: string,
  received: string | unknown,
  options: ReadOptions = {},
): ReceivedDocument {
  const { schema } = getKind(kind);
  const root = nodeOf(schema, schema)!;
  let value: unknown;
  try {
    value = typeof received === 'string' ? parseReceived(received) : received;
  } catch {
    return notRecognized(kind);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return notRecognized(kind);
  const { own, metadata } = setAsideMetadata(value as Record<string, unknown>, root);
  const match = topLevelMatch(own, root);
  const extensions: Extension[] = [];
  const read = canonical(own, root, null, extensions);
  const content = (read === ABSENT || read === null ? {} : read) as Record<string, unknown>;
  if (!isRecognized(match))
    return { kind, recognized: false, content: null, warnings: [], extensions, match, metadata };
  const now = options.now ?? documentDate(kind, content);
  const result = createValidator(kind)(content, now ? { now } : {});
  // A document made elsewhere never has Hujjat's local fields: their absence is no finding.
  const warnings = result.errors.filter((error) => !missesLocalField(schema, error));
  return { kind, recognized: true, content, warnings, extensions, match, metadata };
}

const HUB_KEYS = new Set(hubMetadata.keys.map(({ key }) => key.toLowerCase()));

/**
 * The document's own top-level fields apart from the hub's metadata keys stored beside them (declared
 * as data in schemas/received/hubMetadata.json). A key the kind's schema declares stays the document's.
 */
function setAsideMetadata(value: Record<string, unknown>, root: Node) {
  const declared = new Set(propertyNames(root).map((name) => name.toLowerCase()));
  const own: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const lower = key.toLowerCase();
    if (HUB_KEYS.has(lower) && !declared.has(lower)) metadata[key] = child;
    else own[key] = child;
  }
  return { own, metadata };
}

const PRESENCE = new Set(['required', 'requiredUnless', 'requiredWithout']);

function missesLocalField(schema: JsonSchema, error: ValidationError): boolean {
  if (!PRESENCE.has(error.keyword)) return false;
  const missing = String(error.params.missingProperty ?? '');
  const pointer = error.keyword === 'required' ? `${error.instancePath}/${missing}` : error.instancePath;
  return schemaAtPath(schema, pointer)?.local === true;
}

function notRecognized(kind: string): ReceivedDocument {
  return {
    kind,
    recognized: false,
    content: null,
    warnings: [],
    extensions: [],
    match: { required: 0, found: 0, known: 0, unknown: 0 },
    metadata: {},
  };
}

/**
 * The document's own date, as the validation clock of a received document (its deadlines are
 * judged at the time it was made, not today): where the kind's life cycle says the date is
 * (lifecycle.json document.date); for a kind without one, the first date of the first required block
 * that cannot be null (FacturaDoc/FacturaDate, ActDoc/ActDate, …) — optional and nullable blocks
 * (rent period, the corrected original) carry other dates.
 */
export function documentDate(kind: string, content: Record<string, unknown>): string | undefined {
  const noon = (date: unknown) =>
    typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00+05:00` : undefined;
  if (hasLifecycle(kind)) return noon(readOne(content, getLifecycle(kind).document.date));
  const { schema } = getKind(kind);
  const root = nodeOf(schema, schema);
  const required = requiredNames(root);
  for (const name of propertyNames(root)) {
    const block = propertyNode(root, name);
    const value = content[name];
    if (!required.has(name) || allowsNull(block) || !isObjectNode(block)) continue;
    if (!value || typeof value !== 'object') continue;
    for (const field of propertyNames(block)) {
      if (isDateNode(propertyNode(block, field))) {
        const date = noon((value as Record<string, unknown>)[field]);
        if (date) return date;
      }
    }
  }
  return undefined;
}
