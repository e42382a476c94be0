import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dayjs } from '../../dates';
import { Button, toast } from '../../ui';
import { useDemoMode } from '../auth/useDemoMode';
import { SANDBOX_PATH } from '../newdoc/paths';
import { HelpLists } from './HelpLists';
import { buildProductTemplate, downloadBlob } from './productTemplate';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Help: the current reporting month and how to generate an e-invoice, plus the Excel template. */
export default function HelpPage() {
  const { t, i18n } = useTranslation(['common', 'forms']);
  const [busy, setBusy] = useState(false);
  const demo = useDemoMode();
  void i18n.language;
  const now = dayjs();
  const month = now.format('MMMM YYYY');
  const correctionDeadline = now.add(1, 'month').date(20).format('D MMMM YYYY');
  const download = async () => {
    setBusy(true);
    try {
      downloadBlob(await buildProductTemplate(t), 'hujjat-products-template.xlsx', XLSX_TYPE);
    } catch {
      toast.error(t('template.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="page">
      <h1>{t('help.title')}</h1>
      <div className="stack" style={{ maxWidth: 900 }}>
        <article className="card" aria-labelledby="help-month">
          <h2 id="help-month">{t('help.reportingMonth.title')}</h2>
          <p
            data-testid="reporting-month"
            style={{ fontSize: '1.2rem', fontWeight: 600, textTransform: 'capitalize' }}
          >
            {month}
          </p>
          <p>{t('help.reportingMonth.text', { deadline: correctionDeadline })}</p>
        </article>
        <article className="card" aria-labelledby="help-invoice">
          <h2 id="help-invoice">{t('help.invoice.title')}</h2>
          <p>{t('help.invoice.text')}</p>
          <p role="note" style={{ borderLeft: '4px solid var(--c-warning)', paddingLeft: '0.75rem' }}>
            <strong>{t('help.invoice.warningLabel')}</strong> {t('help.invoice.warning')}
          </p>
        </article>
        <article className="card" aria-labelledby="help-template">
          <h2 id="help-template">{t('template.title')}</h2>
          <p>{t('template.text')}</p>
          <Button onClick={download} loading={busy}>
            {t('template.download')}
          </Button>
        </article>
        <HelpLists />
        {demo && (
          <article className="card" aria-labelledby="help-sandbox">
            <h2 id="help-sandbox">{t('help.sandbox.title')}</h2>
            <p>{t('help.sandbox.text')}</p>
            <Link to={SANDBOX_PATH}>{t('help.sandbox.link')}</Link>
          </article>
        )}
      </div>
    </section>
  );
}
