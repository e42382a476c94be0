import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LedgerEntry, useBillingSummary, useLedger } from '../../../api/settings';
import { showDate, showDateTime, showMoney } from '../../../documents/format';
import { type Column, EmptyState, Loading, Pagination, Table } from '../../../ui';

const SIZES = [10, 20, 50] as const;

/** Tariff, balance and the next fee. */
export function BillingSummaryCard() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const summary = useBillingSummary();
  if (summary.isPending) return <Loading />;
  if (summary.isError) return <p role="alert">{summary.error.message}</p>;
  const s = summary.data;
  const negative = s.balance.startsWith('-');
  return (
    <section className="card settings-section" aria-labelledby="billing-summary-title">
      <h2 id="billing-summary-title">{t('billing.summary')}</h2>
      {s.tariff?.isDemo && <p className="settings-demo-note">{t('billing.demoTariff')}</p>}
      <dl className="settings-facts">
        <dt>{t('billing.tariff')}</dt>
        <dd>{s.tariff ? s.tariff.name : t('billing.noTariff')}</dd>
        {s.tariff && (
          <>
            <dt>{t('billing.monthlyFee')}</dt>
            <dd>
              {showMoney(s.tariff.monthlyFee, i18n.language)} {t('billing.currency')}
            </dd>
          </>
        )}
        <dt>{t('billing.balance')}</dt>
        <dd className={negative ? 'settings-amount-out' : undefined} data-testid="billing-balance">
          <strong>
            {showMoney(s.balance, i18n.language)} {t('billing.currency')}
          </strong>
        </dd>
        {s.nextFee && (
          <>
            <dt>{t('billing.nextFee')}</dt>
            <dd>
              {t('billing.nextFeeText', {
                date: showDate(s.nextFee.date, i18n.language),
                amount: `${showMoney(s.nextFee.amount, i18n.language)} ${t('billing.currency')}`,
              })}
            </dd>
          </>
        )}
        {s.monthsCovered !== null && (
          <>
            <dt>{t('billing.covered')}</dt>
            <dd>{t('billing.months', { count: s.monthsCovered })}</dd>
          </>
        )}
      </dl>
      {negative && <p role="alert">{t('billing.debt')}</p>}
    </section>
  );
}

/** Where to pay: the operator's bank requisites and the payment purpose; no payment gateway. */
export function PaymentCard() {
  const { t } = useTranslation('settings');
  const summary = useBillingSummary();
  if (summary.isPending) return <Loading />;
  if (summary.isError) return null;
  const { payee, paymentPurpose } = summary.data;
  return (
    <section className="card settings-section" aria-labelledby="billing-pay-title">
      <h2 id="billing-pay-title">{t('billing.pay')}</h2>
      {!payee ? (
        <p>{t('billing.noPayee')}</p>
      ) : (
        <>
          {payee.isDemo && <p className="settings-demo-note">{t('billing.demoPayee')}</p>}
          <dl className="settings-facts">
            <dt>{t('billing.payee')}</dt>
            <dd>{payee.name}</dd>
            <dt>{t('billing.payeeTin')}</dt>
            <dd>{payee.tin}</dd>
            <dt>{t('accounts.account')}</dt>
            <dd>{payee.account}</dd>
            <dt>{t('billing.mfo')}</dt>
            <dd>{payee.mfo}</dd>
            <dt>{t('accounts.bank')}</dt>
            <dd>{payee.bankName}</dd>
            <dt>{t('billing.purpose')}</dt>
            <dd>{t('billing.purposeText', { identity: paymentPurpose })}</dd>
          </dl>
          <p className="muted">{t('billing.howToPay')}</p>
        </>
      )}
    </section>
  );
}

/** Top-ups and fees, newest first. */
export function LedgerTable() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(10);
  const ledger = useLedger(page, size);
  const columns: Array<Column<LedgerEntry>> = [
    { key: 'at', header: t('billing.at'), cell: (e) => showDateTime(e.at, i18n.language) },
    {
      key: 'entry',
      header: t('billing.entry'),
      cell: (e) => (
        <>
          {t(`billing.entries.${e.entry}`)}
          {e.isDemo && <span className="badge">{t('billing.demo')}</span>}
        </>
      ),
    },
    {
      key: 'what',
      header: t('billing.details'),
      cell: (e) =>
        e.period
          ? t('billing.forMonth', { month: e.period })
          : [e.reference, e.note].filter(Boolean).join(' · ') || '—',
    },
    {
      key: 'amount',
      header: t('billing.amount'),
      numeric: true,
      cell: (e) => (
        <span className={e.amount.startsWith('-') ? 'settings-amount-out' : 'settings-amount-in'}>
          {e.amount.startsWith('-') ? '' : '+'}
          {showMoney(e.amount, i18n.language)}
        </span>
      ),
    },
    {
      key: 'after',
      header: t('billing.balanceAfter'),
      numeric: true,
      cell: (e) => showMoney(e.balanceAfter, i18n.language),
    },
  ];
  return (
    <section className="card settings-section" aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('billing.history')}</h2>
      {ledger.isPending ? (
        <Loading />
      ) : ledger.isError ? (
        <p role="alert">{ledger.error.message}</p>
      ) : (
        <>
          <Table
            columns={columns}
            rows={ledger.data.rows}
            rowKey={(e) => e.id}
            caption={t('billing.history')}
            empty={<EmptyState>{t('billing.noEntries')}</EmptyState>}
          />
          {ledger.data.totalCount > size && (
            <Pagination
              page={page}
              size={size}
              sizes={SIZES}
              total={ledger.data.totalCount}
              onPageChange={setPage}
              onSizeChange={(next) => {
                setSize(next);
                setPage(1);
              }}
              label={t('billing.history')}
            />
          )}
        </>
      )}
    </section>
  );
}
