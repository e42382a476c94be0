import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiFetch } from '../../api/client';
import { clearProfile } from '../../auth/profile';
import { Button } from '../../ui';

/** Logout confirmation. The server revokes the refresh token; the profile is cleared either way. */
export default function LogoutPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    await apiFetch('/api/Auth/logout', { method: 'POST', quiet: true }).catch(() => undefined);
    clearProfile();
  };
  return (
    <section className="page">
      <div className="card" role="alertdialog" aria-labelledby="logout-title" aria-describedby="logout-text">
        <h1 id="logout-title">{t('logout.title')}</h1>
        <p id="logout-text">{t('logout.text')}</p>
        <div className="row">
          <Button variant="secondary" onClick={() => navigate(-1)} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button onClick={logout} loading={busy} autoFocus>
            {t('logout.confirm')}
          </Button>
        </div>
      </div>
    </section>
  );
}
