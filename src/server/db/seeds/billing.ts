import { recordTopUp, savePayee, saveTariff } from '../../services/billing/account';
import type { Db } from '../client';
import { DEMO_ORGANIZATIONS } from './organizations';

/**
 * DEMO ONLY. A labelled demo tariff, payee and one top-up per demo organisation, so the subscription
 * and balance pages show a working ledger. Never touches a real tariff, payee or ledger: each part is
 * loaded only while nothing of its kind exists.
 */
export async function seedDemoBilling(db: Db) {
  const { rows: tariffs } = await db.query('select 1 from tariffs limit 1');
  if (!tariffs.length) {
    await saveTariff(db, {
      code: 'standard-demo',
      name: 'Standard (demo)',
      monthlyFee: '150000.00',
      isDefault: true,
      isDemo: true,
    });
  }
  const { rows: payees } = await db.query('select 1 from billing_payee');
  if (!payees.length) {
    await savePayee(db, {
      name: 'Hujjat operator (demo)',
      tin: '302999999',
      account: '20208000900000000001',
      mfo: '00440',
      bankName: 'Demo bank (demo)',
      isDemo: true,
    });
  }
  for (const org of DEMO_ORGANIZATIONS) {
    const { rows } = await db.query(
      'select 1 from billing_ledger l join organizations o on o.id = l.organization_id where o.tin = $1 limit 1',
      [org.tin],
    );
    if (rows.length) continue;
    await recordTopUp(db, {
      identity: org.tin,
      amount: '450000.00',
      reference: 'demo',
      note: 'Demo top-up (demo)',
      recordedBy: 'demo seed',
      isDemo: true,
    });
  }
}
