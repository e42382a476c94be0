import { useTranslation } from 'react-i18next';

/** Where users get help: the signing software, the tax authority and this project. */
export default function ContactsPage() {
  const { t } = useTranslation('common');
  return (
    <section className="page">
      <h1>{t('contacts.title')}</h1>
      <div className="stack">
        <div className="card">
          <h2>{t('contacts.eimzo')}</h2>
          <p>{t('contacts.eimzoText')}</p>
          <a href="https://e-imzo.soliq.uz" target="_blank" rel="noreferrer">
            e-imzo.soliq.uz
          </a>
        </div>
        <div className="card">
          <h2>{t('contacts.tax')}</h2>
          <p>{t('contacts.taxText')}</p>
          <a href="https://soliq.uz" target="_blank" rel="noreferrer">
            soliq.uz
          </a>
        </div>
        <div className="card">
          <h2>{t('contacts.project')}</h2>
          <p>{t('contacts.projectText')}</p>
        </div>
      </div>
    </section>
  );
}
