import { DEMO_BANKS } from '../../services/reference/banks/demo';
import { loadBanks } from '../../services/reference/banks/store';
import { demoMxik } from '../../services/reference/classifier/demo';
import { loadMxik } from '../../services/reference/classifier/store';
import { referenceDataset } from '../../services/reference/datasets';
import type { Db } from '../client';

// Demo reference data: the labelled demo banks and demo classifier codes, loaded only into a list
// that holds no real data yet (banks: none; classifier: only the public sample), so an imported
// list is never touched and a second run changes nothing.
export async function seedDemoReference(db: Db) {
  if (!(await referenceDataset(db, 'banks'))) {
    await loadBanks(db, DEMO_BANKS, { source: 'demo', fileName: null });
  }
  const mxik = await referenceDataset(db, 'mxik');
  if (!mxik || mxik.source === 'sample') {
    const { items, groups } = demoMxik();
    await loadMxik(db, items, groups, { source: 'demo', fileName: null });
  }
}
