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

export function nodeOf(schema: JsonSchema | undefined, root: JsonSchema): Node | undefined {
  const resolved = schema ? resolveRef(schema, root) : undefined;
  return resolved ? { schema: resolved, root } : undefined;
}

export function typesOf(node: Node | undefined): Set<string> {
  const type = node?.schema.type;
  if (Array.isArray(type)) return new Set(type as string[]);
  if (typeof type === 'string') return new Set([type]);
  if (node?.schema.properties) return new Set(['object']);
  return new Set();
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
  const child = node?.schema.properties?.[key] as JsonSchema | undefined;
  return child && node ? nodeOf(child, node.root) : undefined;
}

export function itemsNode(node: Node | undefined): Node | undefined {
  const items = node?.schema.items as JsonSchema | undefined;
  return items && node ? nodeOf(items, node.root) : undefined;
}

export function propertyNames(node: Node | undefined): string[] {
  return Object.keys((node?.schema.properties as JsonSchema | undefined) ?? {});
}

export function requiredNames(node: Node | undefined): Set<string> {
  return new Set((node?.schema.required as string[] | undefined) ?? []);
}

/** A value with nothing in it: null, '', an empty array, or an object whose values are all such. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isBlank);
  return false;
}
