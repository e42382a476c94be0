// The classifier (MXIK / IKPU) as the store, the importer, the seeder and the search pass it around.

export interface MxikNames {
  nameRu?: string | null;
  nameUzLatn?: string | null;
  nameUzCyrl?: string | null;
}

export interface MxikPackage extends MxikNames {
  /** Package code (tasnif's integer, kept as text). */
  code: string;
  /** "1" marks the base unit in tasnif's cards. */
  packageType?: string | null;
}

export interface MxikItem extends MxikNames {
  /** 17 digits. */
  code: string;
  /** GTIN of a brand-level code. */
  internationalCode?: string | null;
  /** Marked goods (digital marking required). */
  label?: boolean;
  usePackage?: boolean;
  packages: MxikPackage[];
}

/** A hierarchy level: group (3 digits), class (5), position (8), sub-position (11). */
export interface MxikGroup extends MxikNames {
  code: string;
}

export type MxikSource = 'sample' | 'demo' | 'import';

export const MXIK_CODE = /^\d{17}$/;
export const MXIK_GROUP_LENGTHS = [3, 5, 8, 11] as const;
