// Column layouts of the authorities' exports the reference importers read. Headers match
// case-insensitively, ignoring spaces, dashes, dots and underscores, so tasnif's card fields
// (mxikCode, mxikNameRu, mxikNameLat, mxikNameUz — the last one is Cyrillic in tasnif), our own
// snake_case sample (mxik_code, name_uz_latn) and a spreadsheet's "MFO" all land in one column.

export type ImportKind = 'mxik' | 'banks';

export interface ColumnDef {
  name: string;
  required: boolean;
  aliases?: string[];
}

export const COLUMNS: Record<ImportKind, ColumnDef[]> = {
  mxik: [
    {
      name: 'mxikCode',
      required: true,
      aliases: ['code', 'catalogCode', 'ikpuCode', 'ikpu', 'mxik', 'tasnifCode'],
    },
    { name: 'nameRu', required: false, aliases: ['mxikNameRu', 'catalogNameRu', 'name_ru'] },
    {
      name: 'nameUzLatn',
      required: false,
      aliases: ['mxikNameLat', 'nameLat', 'nameUzLat', 'mxikNameUzLatn'],
    },
    {
      name: 'nameUzCyrl',
      required: false,
      aliases: ['mxikNameUz', 'nameUzCyr', 'nameCyrl', 'mxikNameUzCyrl'],
    },
    { name: 'internationalCode', required: false, aliases: ['gtin', 'barcode'] },
    { name: 'label', required: false, aliases: ['marked', 'marking'] },
    { name: 'usePackage', required: false },
    { name: 'packageCode', required: false },
    { name: 'packageType', required: false },
    { name: 'packageNameRu', required: false },
    { name: 'packageNameUzLatn', required: false, aliases: ['packageNameLat'] },
    { name: 'packageNameUzCyrl', required: false, aliases: ['packageNameUz', 'packageNameCyrl'] },
  ],
  banks: [
    { name: 'mfo', required: true, aliases: ['bankId', 'bankMfo', 'mfoCode', 'bankCode'] },
    { name: 'name', required: true, aliases: ['bankName', 'nameUz', 'nomi'] },
    { name: 'nameRu', required: false, aliases: ['bankNameRu'] },
    { name: 'headMfo', required: false, aliases: ['parentMfo', 'headBankMfo', 'head'] },
    { name: 'tin', required: false, aliases: ['inn', 'stir'] },
    { name: 'address', required: false, aliases: ['manzil'] },
    { name: 'isActive', required: false, aliases: ['active', 'status'] },
  ],
};

const squash = (s: string) => s.toLowerCase().replace(/[\s_\-.]/g, '');

/** The canonical column a header names, or null for a column the importer does not read. */
export function canonicalColumn(kind: ImportKind, header: string): string | null {
  const h = squash(header);
  const col = COLUMNS[kind].find((c) => squash(c.name) === h || c.aliases?.some((a) => squash(a) === h));
  return col?.name ?? null;
}
