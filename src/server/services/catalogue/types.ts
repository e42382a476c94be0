// Row shapes of spec §3 as the importer, the seeder and the refresh hand them to the store.

export interface GoodsRow {
  catalogCode: string;
  catalogName: string;
  newLgotaId: string;
  lgotaName: string;
  lgotaNameUz?: string | null;
  /** The benefit's identifier in the previous numbering, when the source gives it. */
  lgotaId?: string | null;
}

export interface EnterpriseRow {
  tin: string;
  name: string;
  newLgotaId: string;
  lgotaName: string;
  lgotaNameUz?: string | null;
  lgotaId: string | null;
  dateBegin: string;
  dateEnd: string | null;
}

export interface ClassifierRow {
  catalogCode: string;
  catalogName: string;
}

export interface NonconformityRow {
  tin: string;
  name: string;
  catalogCode: string | null;
  catalogName: string | null;
  reason: string | null;
  dateBegin: string | null;
}

export type CatalogueRow = GoodsRow | EnterpriseRow | ClassifierRow | NonconformityRow;

export type DatasetSource = 'demo' | 'import' | 'refresh';

export interface RowError {
  /** Row number in the file: header is row 1 in CSV/XLSX; JSON counts items from 1. */
  row: number;
  column: string;
  message: string;
}
