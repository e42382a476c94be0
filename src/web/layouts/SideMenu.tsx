import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { PATHS } from '../../engine/routes';
import { useDocumentCounts } from '../api/documents';
import { useHealth } from '../api/health';

interface MenuLink {
  to: string;
  label: string;
  badge?: string;
  /** A count beside the item, with its meaning for screen readers. */
  count?: { value: number; label: string };
}
interface MenuGroup {
  title: string;
  links: MenuLink[];
}

/** The side menu of spec §2, in its order. */
export function SideMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const health = useHealth();
  // Polled, and asked again when the window regains focus: a counterparty's action shows up here
  // without a reload.
  const counts = useDocumentCounts().data;
  const count = (value: number | undefined, key: string) =>
    value ? { value, label: t(key, { count: value }) } : undefined;
  const groups: MenuGroup[] = [
    {
      title: t('menu.documents'),
      links: [
        {
          to: PATHS.incoming,
          label: t('menu.incoming'),
          count: count(counts?.incomingAwaiting, 'menu.counts.awaiting'),
        },
        { to: PATHS.outgoing, label: t('menu.outgoing') },
        { to: PATHS.drafts, label: t('menu.drafts'), count: count(counts?.drafts, 'menu.counts.drafts') },
        { to: PATHS.templates, label: t('menu.templates') },
        { to: PATHS.deleted, label: t('menu.deleted') },
      ],
    },
    {
      title: t('menu.statistics'),
      links: [
        { to: PATHS.statistics, label: t('menu.statistics') },
        { to: PATHS.turnover, label: t('menu.turnover') },
      ],
    },
    {
      title: t('menu.settings'),
      links: [
        { to: PATHS.settingsRequisite, label: t('menu.companyDetails') },
        { to: PATHS.settingsStaff, label: t('menu.staff') },
        { to: PATHS.settingsAccount, label: t('menu.account') },
        { to: PATHS.settingsSubscriptionFee, label: t('menu.subscriptionFee') },
        { to: PATHS.settingsOperator, label: t('menu.operator') },
        { to: PATHS.settingsApiKeys, label: t('menu.apiKeys') },
        { to: PATHS.settingsWebhooks, label: t('menu.webhooks') },
      ],
    },
    {
      title: t('menu.other'),
      links: [
        { to: PATHS.gnccatalog, label: t('menu.catalogue') },
        { to: PATHS.create, label: t('menu.createDocument') },
        { to: PATHS.balance, label: t('menu.balance') },
        { to: PATHS.help, label: t('menu.help') },
        { to: PATHS.logout, label: t('menu.logout') },
      ],
    },
  ];
  return (
    <nav id="side-menu" className="side-menu" aria-label={t('menu.label')} data-open={open}>
      {groups.map((g) => (
        <div key={g.title}>
          <div className="group-title" aria-hidden="true">
            {g.title}
          </div>
          <ul aria-label={g.title}>
            {g.links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} onClick={onNavigate}>
                  <span>{l.label}</span>
                  {l.badge && <span className="badge">{l.badge}</span>}
                  {l.count && (
                    <span className="menu-count" data-testid={`menu-count-${l.to.split('/').pop()}`}>
                      <span aria-hidden="true">{l.count.value}</span>
                      <span className="visually-hidden">{l.count.label}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="menu-footer muted" data-testid="app-version">
        {health.data ? t('menu.version', { version: health.data.version }) : '\u00a0'}
      </p>
    </nav>
  );
}
