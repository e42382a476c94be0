// Lot number prefixes by deal type (uz-edi.md §d.10, from the operators' documentation): the lot id
// of a state-procurement or exchange deal starts with its platform's prefix. Platforms are named only
// where that source names them.
export const LOT_PREFIXES = [
  { prefix: 'CPR-', platform: 'cooperation.uz', key: 'cooperation' },
  { prefix: 'XT-', platform: 'tender.mf.uz', key: 'tender' },
  { prefix: 'DX-P-', platform: null, key: 'direct' },
  { prefix: 'SHAFFOF-', platform: null, key: 'construction' },
] as const;
