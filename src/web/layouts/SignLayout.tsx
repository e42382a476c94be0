import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { PATHS } from '../../engine/routes';
import { Loading } from '../ui/Feedback';
import { LinkTabs } from '../ui/Tabs';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import './layout.css';

/** The login shell: logo and title, and on the two sign-in screens the two tabs that follow the route. */
export function SignLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const signIn = pathname === PATHS.authInn || pathname === PATHS.authLogin;
  return (
    <main className="sign-layout">
      <div className="sign-card">
        <div className="sign-head">
          <Brand to={PATHS.authInn} />
          <LanguageSwitch />
        </div>
        {signIn && (
          <LinkTabs
            label={t('signIn.methods')}
            items={[
              { key: 'cert', label: t('signIn.byCertificate'), to: PATHS.authInn },
              { key: 'password', label: t('signIn.byPassword'), to: PATHS.authLogin },
            ]}
          />
        )}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
        <p className="legal-note">{t('legalNotice')}</p>
      </div>
    </main>
  );
}
