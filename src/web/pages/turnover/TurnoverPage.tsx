import { useTranslation } from 'react-i18next';

/** Placeholder by the spec (§2): turnover statistics are not part of the product yet. */
export default function TurnoverPage() {
  const { t } = useTranslation('common');
  return (
    <section className="page">
      <h1>{t('turnover.title')}</h1>
      <p data-testid="placeholder-text">{t('turnover.text')}</p>
    </section>
  );
}
