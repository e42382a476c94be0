import {
  demoBuyers,
  demoCompensation,
  demoNotIncluded,
  demoSellers,
  demoWithoutVat,
  demoZeroVat,
} from '../../services/catalogue/demo/generate';
import type { ListKey } from '../../services/catalogue/lists';
import { currentDataset, loadList } from '../../services/catalogue/store';
import type { CatalogueRow } from '../../services/catalogue/types';
import type { Db } from '../client';

// Demo catalogue: loads a list only while it holds nothing, so imported real data is never touched
// and a second run changes nothing.
const DEMO_LISTS: [ListKey, () => CatalogueRow[]][] = [
  ['withoutVat', demoWithoutVat],
  ['zeroVat', demoZeroVat],
  ['sellers', demoSellers],
  ['buyers', demoBuyers],
  ['notIncluded', demoNotIncluded],
  ['compensation', demoCompensation],
];

export async function seedDemoCatalogue(db: Db) {
  for (const [list, rows] of DEMO_LISTS) {
    if (await currentDataset(db, list)) continue;
    await loadList(db, list, rows(), { source: 'demo', fileName: null });
  }
}
