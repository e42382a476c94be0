import { useTranslation } from 'react-i18next';
import { BillingSummaryCard, LedgerTable, PaymentCard } from './billing/BillingOverview';
import './settings.css';

/** /settings/subscriptionFee: the tariff, the balance, the fee history and where to pay. */
export default function SubscriptionFeePage() {
  const { t } = useTranslation('common');
  return (
    <section className="page" aria-labelledby="fee-title">
      <h1 id="fee-title">{t('menu.subscriptionFee')}</h1>
      <div className="settings-grid two">
        <BillingSummaryCard />
        <PaymentCard />
      </div>
      <div style={{ marginTop: '1rem' }}>
        <LedgerTable />
      </div>
    </section>
  );
}
