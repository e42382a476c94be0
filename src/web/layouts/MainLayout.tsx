import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PATHS } from '../../engine/routes';
import { useProfile } from '../auth/profile';
import { prefetchSystemDialogs } from '../system/SystemModals';
import { Button } from '../ui/Button';
import { Loading } from '../ui/Feedback';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { SideMenu } from './SideMenu';
import './layout.css';
import { headerItems } from '../documents/extensions';

export function MainLayout() {
  const { t } = useTranslation('common');
  const profile = useProfile();
  const [menuOpen, setMenuOpen] = useState(false);
  // The outage dialogs must not depend on loading their code during the outage.
  useEffect(prefetchSystemDialogs, []);
  const who = profile?.organizationName || profile?.fullName || '';
  return (
    <div className="main-layout">
      <a href="#main" className="visually-hidden">
        {t('skipToContent')}
      </a>
      <header className="main-header">
        <Button
          variant="ghost"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          aria-label={t('menu.toggle')}
          onClick={() => setMenuOpen((v) => !v)}
        >
          ☰
        </Button>
        <Brand to={PATHS.incoming} />
        <span className="spacer" />
        {profile?.isDemo === true && <span className="badge">{t('demoBadge')}</span>}
        {who && (
          <span className="org-name" title={who}>
            {who}
          </span>
        )}
        {headerItems.map((Item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list declared once
          <Item key={index} />
        ))}
        <LanguageSwitch id="language-switch-main" />
      </header>
      <SideMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      <main id="main" className="main-content" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
