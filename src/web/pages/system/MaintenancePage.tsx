import { useTranslation } from 'react-i18next';
import { Brand } from '../../layouts/Brand';
import { Button } from '../../ui';
import '../../layouts/layout.css';

/** Shown while the server is being repaired. */
export default function MaintenancePage() {
  const { t } = useTranslation('common');
  return (
    <main className="sign-layout">
      <div className="sign-card" role="status">
        <div className="sign-head">
          <Brand />
        </div>
        <h1>{t('maintenance.title')}</h1>
        <p>{t('maintenance.text')}</p>
        <p className="muted">{t('maintenance.later')}</p>
        <Button onClick={() => window.location.reload()}>{t('refresh')}</Button>
      </div>
    </main>
  );
}
