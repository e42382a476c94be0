import { useTranslation } from 'react-i18next';

/** Placeholder by the spec (§2): the purpose of the start page is not defined yet. */
export default function HomePage() {
  const { t } = useTranslation('common');
  return (
    <section className="page">
      <h1>{t('home.title')}</h1>
      <p data-testid="placeholder-text">{t('home.text')}</p>
    </section>
  );
}
