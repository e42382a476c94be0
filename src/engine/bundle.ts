/**
 * Bundles a kind's schema into ONE self-contained schema: every reference to a shared definition
 * (`"$ref": "defs/party.json"`) becomes a local `#/$defs/party`, and the definition is copied into
 * `$defs` (with its own references bundled the same way). RJSF resolves only local references,
 * and one object per kind is what both the precompiled browser validator and the server compile.
 */
export type JsonSchema = Record<string, any>;

const DEF_REF = /^defs\/([A-Za-z0-9_-]+)\.json$/;

export function bundleSchema(schema: JsonSchema, defs: Record<string, JsonSchema>, id?: string): JsonSchema {
  const collected: Record<string, JsonSchema> = {};
  const pending: string[] = [];

  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const match = DEF_REF.exec(value);
        if (match) {
          const name = match[1];
          if (!defs[name]) throw new Error(`Unknown definition "${value}"`);
          if (!(name in collected) && !pending.includes(name)) pending.push(name);
          out.$ref = `#/$defs/${name}`;
          continue;
        }
      }
      out[key] = rewrite(value);
    }
    return out;
  };

  const { $schema: _schema, $id: _id, $defs: ownDefs, ...body } = schema;
  const root = rewrite(body) as JsonSchema;
  const localDefs = ownDefs ? (rewrite(ownDefs) as JsonSchema) : {};
  while (pending.length) {
    const name = pending.shift()!;
    const { $schema: _s, $id: _i, ...definition } = defs[name];
    collected[name] = rewrite(definition) as JsonSchema;
  }
  const sortedDefs = Object.fromEntries(
    Object.entries({ ...collected, ...localDefs }).sort(([a], [b]) => a.localeCompare(b)),
  );
  return { ...(id ? { $id: id } : {}), ...root, $defs: sortedDefs };
}

/** Resolves a local `#/$defs/x` reference (merging sibling keywords over it, as AJV and RJSF do). */
export function resolveRef(node: JsonSchema | undefined, root: JsonSchema): JsonSchema | undefined {
  let current = node;
  let guard = 0;
  while (current && typeof current.$ref === 'string' && guard++ < 32) {
    const { $ref, ...siblings } = current;
    const target = $ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<any>((acc, part) => acc?.[part], root);
    current = { ...target, ...siblings };
  }
  return current;
}

/** Schema of the value at a JSON pointer (e.g. /ProductList/Products/3/Count), or undefined. */
export function schemaAtPath(root: JsonSchema, pointer: string): JsonSchema | undefined {
  let node = resolveRef(root, root);
  for (const part of pointer.split('/').filter(Boolean)) {
    if (!node) return undefined;
    if (node.properties?.[part]) node = resolveRef(node.properties[part], root);
    else if (node.items && /^\d+$/.test(part)) node = resolveRef(node.items, root);
    else return undefined;
  }
  return node;
}
