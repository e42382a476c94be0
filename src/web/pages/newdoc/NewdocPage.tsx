import { useTranslation } from 'react-i18next';

/** Placeholder by the spec (§2): the form for creating new documents. */
export default function NewdocPage() {
  const { t } = useTranslation('common');
  return (
    <section className="page">
      <h1>{t('newdoc.title')}</h1>
      <p data-testid="placeholder-text">{t('newdoc.text')}</p>
    </section>
  );
}
