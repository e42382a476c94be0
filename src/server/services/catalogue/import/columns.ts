import type { ListKind } from '../lists';

// The tax authority's column layout, per list kind: the field names of its API rows (spec §3), which
// the files it publishes use as headers. Headers match case-insensitively, ignoring spaces, dashes
// and underscores; the aliases are names the same columns carry in tasnif exports.

export interface ColumnDef {
  name: string;
  required: boolean;
  aliases?: string[];
}

export const COLUMNS: Record<ListKind, ColumnDef[]> = {
  goods: [
    { name: 'catalogCode', required: true, aliases: ['mxikCode', 'tasnifCode', 'ikpuCode', 'mxik', 'ikpu'] },
    { name: 'catalogName', required: true, aliases: ['tasnifName', 'mxikName', 'ikpuName'] },
    { name: 'newLgotaId', required: true },
    { name: 'lgotaName', required: true },
    { name: 'lgotaNameUz', required: false },
    { name: 'lgotaId', required: false },
  ],
  enterprises: [
    { name: 'tin', required: true, aliases: ['inn', 'stir'] },
    { name: 'name', required: true, aliases: ['companyName', 'organizationName'] },
    { name: 'newLgotaId', required: true },
    { name: 'lgotaName', required: true },
    { name: 'lgotaNameUz', required: false },
    { name: 'lgotaId', required: false },
    { name: 'dateBegin', required: true },
    { name: 'dateEnd', required: false },
  ],
  classifier: [
    { name: 'catalogCode', required: true, aliases: ['mxikCode', 'tasnifCode', 'ikpuCode', 'mxik', 'ikpu'] },
    { name: 'catalogName', required: true, aliases: ['tasnifName', 'mxikName', 'ikpuName'] },
  ],
  nonconformity: [
    { name: 'tin', required: true, aliases: ['inn', 'stir'] },
    { name: 'name', required: true, aliases: ['companyName', 'organizationName'] },
    { name: 'catalogCode', required: false, aliases: ['mxikCode', 'tasnifCode'] },
    { name: 'catalogName', required: false, aliases: ['tasnifName', 'mxikName'] },
    { name: 'reason', required: false },
    { name: 'dateBegin', required: false },
  ],
};

const squash = (s: string) => s.toLowerCase().replace(/[\s_\-.]/g, '');

/** Maps a header cell to its canonical column name, or null for a column we do not read. */
export function canonicalColumn(kind: ListKind, header: string): string | null {
  const h = squash(header);
  const col = COLUMNS[kind].find((c) => squash(c.name) === h || c.aliases?.some((a) => squash(a) === h));
  return col?.name ?? null;
}
