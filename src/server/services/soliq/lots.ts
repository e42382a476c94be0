// Lot number prefixes by deal type (uz-edi.md §d.10, from the operators' documentation): the lot id
// of a state-procurement or exchange deal starts with its platform's prefix. Platforms are named only
// where that source names them.
export const LOT_PREFIXES = [
  { prefix: 'CPR-', platform: 'cooperation.uz', key: 'cooperation' },
  { prefix: 'XT-', platform: 'tender.mf.uz', key: 'tender' },
  { prefix: 'DX-P-', platform: null, key: 'direct' },
  { prefix: 'SHAFFOF-', platform: null, key: 'construction' },
] as const;

/**
 * Where each document kind keeps a lot number: the JSON pointers of its schema's `LotId` fields, for
 * the kinds that have one (Lot/getLotPrefixes2). Read from the kinds' schemas, so a kind added later
 * with a lot field is listed without code.
 */
export function kindsWithLot(
  kinds: ReadonlyArray<{ kind: string; schema: unknown }>,
): Array<{ kind: string; pointers: string[] }> {
  const found: Array<{ kind: string; pointers: string[] }> = [];
  for (const { kind, schema } of kinds) {
    const pointers: string[] = [];
    const walk = (node: unknown, path: string, depth: number) => {
      if (!node || typeof node !== 'object' || depth > 12) return;
      const properties = (node as { properties?: Record<string, unknown> }).properties;
      for (const [name, child] of Object.entries(properties ?? {})) {
        if (name === 'LotId') pointers.push(`${path}/LotId`);
        else walk(child, `${path}/${name}`, depth + 1);
      }
      const items = (node as { items?: unknown }).items;
      if (items) walk(items, `${path}/*`, depth + 1);
    };
    walk(schema, '', 0);
    if (pointers.length) found.push({ kind, pointers });
  }
  return found;
}
