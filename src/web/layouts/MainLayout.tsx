import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { PATHS } from '../../engine/routes';
import { useProfile } from '../auth/profile';
import { prefetchSystemDialogs } from '../system/SystemModals';
import { Button } from '../ui/Button';
import { Loading } from '../ui/Feedback';
import { toast } from '../ui/toast/store';
import { Brand } from './Brand';
import { followOrganization } from './followOrganization';
import { LanguageSwitch } from './LanguageSwitch';
import { OrganizationSwitch } from './OrganizationSwitch';
import { SideMenu } from './SideMenu';
import './layout.css';
import { headerItems } from '../documents/extensions';

/**
 * The sticky header's real height as `--header-height` on the layout: it wraps to two or three lines
 * on a phone (brand, language, organisation), so a fixed guess let the side menu and what is scrolled
 * into view (the checks panel) start under it.
 */
function useHeaderHeight() {
  const layout = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = layout.current;
    const bar = header.current;
    if (!box || !bar || typeof ResizeObserver === 'undefined') return;
    const measure = () => box.style.setProperty('--header-height', `${Math.ceil(bar.offsetHeight)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return { layout, header };
}

export function MainLayout() {
  const { t } = useTranslation('common');
  const measured = useHeaderHeight();
  const profile = useProfile();
  const [menuOpen, setMenuOpen] = useState(false);
  // The outage dialogs must not depend on loading their code during the outage.
  useEffect(prefetchSystemDialogs, []);
  const client = useQueryClient();
  const navigate = useNavigate();
  // Another organisation (chosen here or in another tab): nothing of the previous one stays on screen.
  useEffect(
    () =>
      followOrganization(client, (next, chosenHere) => {
        navigate(PATHS.incoming);
        const name = next.organizationName || next.fullName || '';
        void i18next
          .loadNamespaces('organizations')
          .then(() =>
            chosenHere
              ? toast.info(i18next.t('organizations:switch.switched', { name }))
              : toast.warning(i18next.t('organizations:switch.changedElsewhere', { name })),
          );
      }),
    [client, navigate],
  );
  return (
    <div className="main-layout" ref={measured.layout}>
      <a href="#main" className="visually-hidden">
        {t('skipToContent')}
      </a>
      <header className="main-header" ref={measured.header}>
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
        <OrganizationSwitch />
        {headerItems.map((Item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list declared once
          <Item key={index} />
        ))}
        <LanguageSwitch id="language-switch-main" />
      </header>
      <SideMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      <main id="main" className="main-content" tabIndex={-1}>
        {/* Screens mount again for another organisation: no form filled for the previous one survives. */}
        <Suspense key={profile?.organizationId} fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
