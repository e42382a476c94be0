// Walking a bundled kind schema (local $refs only) by property names.

export type Schema = Record<string, any>;

export function resolve(root: Schema, node: Schema | undefined): Schema | undefined {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 32; hops++) {
    if (!current.$ref.startsWith('#/')) return current;
    let target: any = root;
    for (const part of current.$ref.slice(2).split('/')) target = target?.[part];
    current = target ?? undefined;
  }
  return current;
}

/** The schema of the property at a JSON pointer of plain names ("/Seller", "/ProductList/Tin"). */
export function schemaAt(root: Schema, pointer: string): Schema | undefined {
  let node: Schema | undefined = resolve(root, root);
  for (const step of pointer.split('/').slice(1)) {
    if (!node) return undefined;
    node = resolve(root, node.properties?.[step] ?? (step === '*' ? node.items : undefined));
  }
  return node;
}

export const typesOf = (schema: Schema | undefined): string[] =>
  schema ? (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []) : [];
