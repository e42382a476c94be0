import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="page">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to={PATHS.incoming}>{t('notFound.toDocuments')}</Link>
    </section>
  );
}
