import { useTranslation } from 'react-i18next';
import { BillingSummaryCard, LedgerTable, PaymentCard } from '../settings/billing/BillingOverview';
import '../settings/settings.css';

/** The menu's "balance and pay": the balance, the bank requisites to pay to, and the history. */
export default function BalancePage() {
  const { t } = useTranslation('common');
  return (
    <section className="page" aria-labelledby="balance-title">
      <h1 id="balance-title">{t('menu.balance')}</h1>
      <div className="settings-grid two">
        <PaymentCard />
        <BillingSummaryCard />
      </div>
      <div style={{ marginTop: '1rem' }}>
        <LedgerTable />
      </div>
    </section>
  );
}
