import { useTranslation } from 'react-i18next';

/** The page-in-progress screen: an honest notice, never invented rows. */
export function InProgress({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="card" data-testid="in-progress">
        <p>{t('inProgress.text')}</p>
      </div>
    </section>
  );
}
