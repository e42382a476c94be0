import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function Brand({ to = '/' }: { to?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link to={to} className="brand" aria-label={t('brand.home')}>
      <img src="/favicon.svg" alt="" className="brand-logo" width={36} height={36} />
      <span>
        <span className="brand-title">Hujjat</span>
        <br />
        <span className="brand-sub">{t('brand.tagline')}</span>
      </span>
    </Link>
  );
}
