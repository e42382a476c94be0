import { type JsonSchema, resolveRef } from '../bundle';

/**
 * What the national serializer and the receipt profile need to know of one schema node: its
 * resolved form ($refs followed, siblings merged) and a few questions about it. Pure helpers over the
 * bundled schema of a kind; nothing here knows a kind.
 */
export interface Node {
  schema: JsonSchema;
  root: JsonSchema;
}

/** A node as nodeOf makes it: its answers worked out once (a document reads them per value). */
interface ResolvedNode extends Node {
  types?: ReadonlySet<string>;
  required?: ReadonlySet<string>;
  lowerCaseNames?: ReadonlyMap<string, string>;
  /** Its properties' nodes by name (a received document asks for them per key of every line). */
  children?: Map<string, Node | undefined>;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Resolved nodes by root and schema object. Bundled schemas are never altered, so a node is resolved
 * once ($refs followed, siblings merged) however many documents and values read it.
 */
const resolvedNodes = new WeakMap<JsonSchema, WeakMap<JsonSchema, ResolvedNode>>();

export function nodeOf(schema: JsonSchema | undefined, root: JsonSchema): Node | undefined {
  if (!schema) return undefined;
  let byRoot = resolvedNodes.get(root);
  if (!byRoot) {
    byRoot = new WeakMap();
    resolvedNodes.set(root, byRoot);
  }
  const known = byRoot.get(schema);
  if (known) return known;
  const resolved = resolveRef(schema, root);
  if (!resolved) return undefined;
  const node: ResolvedNode = { schema: resolved, root };
  byRoot.set(schema, node);
  return node;
}

function ownTypes(schema: JsonSchema): ReadonlySet<string> {
  const type = schema.type;
  if (Array.isArray(type)) return new Set(type as string[]);
  if (typeof type === 'string') return new Set([type]);
  if (schema.properties) return new Set(['object']);
  return EMPTY;
}

export function typesOf(node: Node | undefined): ReadonlySet<string> {
  if (!node) return EMPTY;
  const resolved = node as ResolvedNode;
  resolved.types ??= ownTypes(node.schema);
  return resolved.types;
}

/** The node's property names by their lower case (received documents spell keys in any case). */
export function lowerCaseNames(node: Node): ReadonlyMap<string, string> {
  const resolved = node as ResolvedNode;
  resolved.lowerCaseNames ??= new Map(propertyNames(node).map((name) => [name.toLowerCase(), name]));
  return resolved.lowerCaseNames;
}

export const isObjectNode = (node: Node | undefined) =>
  typesOf(node).has('object') || !!node?.schema.properties;
export const isArrayNode = (node: Node | undefined) => typesOf(node).has('array');
export const allowsNull = (node: Node | undefined) => typesOf(node).has('null');
export const isNumberNode = (node: Node | undefined) =>
  typesOf(node).has('number') || typesOf(node).has('integer');
export const isStringNode = (node: Node | undefined) => typesOf(node).has('string');
export const isDateNode = (node: Node | undefined) => node?.schema.isoDate === true;
/** Fields the national format lacks: kept beside the document, never signed nor exported. */
export const isLocal = (node: Node | undefined) => node?.schema.local === true;

/**
 * The key a property is exported under: its own name, or with a capital first letter where the object
 * declares `nationalKeys: "PascalCase"` (a shared definition stored lower-camel that an operator's
 * kind writes in PascalCase: the hybrid invoice's loading points).
 */
export function nationalKey(node: Node | undefined, name: string): string {
  return node?.schema.nationalKeys === 'PascalCase' ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

/** At most this many decimals (sums 2, counts 6; integers 0), or undefined when the schema says nothing. */
export function decimalsOf(node: Node | undefined): number | undefined {
  if (typesOf(node).has('integer') && !typesOf(node).has('number')) return 0;
  const places = node?.schema.decimalPlaces;
  return typeof places === 'number' ? places : undefined;
}

/** The node of a property (undefined when the object does not declare it). */
export function propertyNode(node: Node | undefined, key: string): Node | undefined {
  if (!node) return undefined;
  const resolved = node as ResolvedNode;
  resolved.children ??= new Map();
  if (resolved.children.has(key)) return resolved.children.get(key);
  const properties = node.schema.properties as Record<string, JsonSchema> | undefined;
  const child = properties && Object.hasOwn(properties, key) ? nodeOf(properties[key], node.root) : undefined;
  resolved.children.set(key, child);
  return child;
}

export function itemsNode(node: Node | undefined): Node | undefined {
  const items = node?.schema.items as JsonSchema | undefined;
  return items && node ? nodeOf(items, node.root) : undefined;
}

export function propertyNames(node: Node | undefined): string[] {
  return Object.keys((node?.schema.properties as JsonSchema | undefined) ?? {});
}

export function requiredNames(node: Node | undefined): ReadonlySet<string> {
  if (!node) return EMPTY;
  const resolved = node as ResolvedNode;
  resolved.required ??= new Set((node.schema.required as string[] | undefined) ?? []);
  return resolved.required;
}

/** A value with nothing in it: null, '', an empty array, or an object whose values are all such. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value !== 'object') return false;
  // Own keys of parsed JSON, without an array of the values per object (asked of every line).
  for (const key in value) if (!isBlank((value as Record<string, unknown>)[key])) return false;
  return true;
}
