import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { CATALOGUE_TABS, catalogueTabPath, PATHS, ROUTE_NAMES } from '../engine/routes';
import { AppRoot } from './AppRoot';
import { SignLayout } from './layouts/SignLayout';
import { SANDBOX_PATH, SANDBOX_ROUTE_NAME } from './pages/newdoc/paths';
import { preloadNewdocKind } from './pages/newdoc/preload';
import { RouteError } from './system/RouteError';
import { Loading } from './ui/Feedback';

// Every screen is its own chunk (spec §2: screens load lazily). `handle.name` is the spec's route name.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        element: <SignLayout />,
        children: [
          {
            path: PATHS.authInn,
            handle: { name: ROUTE_NAMES.authInn },
            lazy: page(() => import('./pages/auth/AuthInnPage')),
          },
          {
            path: PATHS.authLogin,
            handle: { name: ROUTE_NAMES.authLogin },
            lazy: page(() => import('./pages/auth/AuthLoginPage')),
          },
          {
            path: PATHS.registration,
            handle: { name: ROUTE_NAMES.registration },
            lazy: page(() => import('./pages/auth/RegistrationPage')),
          },
        ],
      },
      {
        path: PATHS.maintenance,
        handle: { name: ROUTE_NAMES.maintenance },
        lazy: page(() => import('./pages/system/MaintenancePage')),
      },
      // A sheet of paper without the app's shell: the printed form, and the public verification page.
      {
        path: PATHS.print,
        handle: { name: ROUTE_NAMES.print },
        lazy: page(() => import('./pages/print/PrintPage')),
      },
      {
        path: PATHS.verify,
        handle: { name: ROUTE_NAMES.verify },
        lazy: page(() => import('./pages/verify/VerifyPage')),
      },
      {
        // The signed-in shell (menu, counts, header items) is its own chunk: the sign-in screens
        // do not load it (their JavaScript budget, DESIGN §8).
        lazy: async () => ({ Component: (await import('./layouts/MainLayout')).MainLayout }),
        children: [
          {
            path: PATHS.home,
            handle: { name: ROUTE_NAMES.home },
            lazy: page(() => import('./pages/home/HomePage')),
          },
          {
            path: PATHS.documents,
            handle: { name: ROUTE_NAMES.documents },
            children: [
              { index: true, element: <Navigate to={PATHS.incoming} replace /> },
              {
                path: 'incoming',
                handle: { name: ROUTE_NAMES.incoming },
                lazy: page(() => import('./pages/documents/IncomingPage')),
              },
              {
                path: 'outgoing',
                handle: { name: ROUTE_NAMES.outgoing },
                lazy: page(() => import('./pages/documents/OutgoingPage')),
              },
              {
                path: 'drafts',
                handle: { name: ROUTE_NAMES.drafts },
                lazy: page(() => import('./pages/documents/DraftsPage')),
              },
              {
                path: 'templates',
                handle: { name: ROUTE_NAMES.templates },
                lazy: page(() => import('./pages/documents/TemplatesPage')),
              },
              {
                path: 'deleted',
                handle: { name: ROUTE_NAMES.deleted },
                lazy: page(() => import('./pages/documents/DeletedPage')),
              },
              {
                path: 'create',
                handle: { name: ROUTE_NAMES.create },
                lazy: page(() => import('./pages/documents/CreatePage')),
              },
              {
                path: 'update/:id',
                handle: { name: ROUTE_NAMES.update },
                lazy: page(() => import('./pages/documents/UpdatePage')),
              },
              {
                path: ':id',
                handle: { name: ROUTE_NAMES.view },
                lazy: page(() => import('./pages/documents/ViewPage')),
              },
            ],
          },
          {
            path: PATHS.statistics,
            handle: { name: ROUTE_NAMES.statistics },
            lazy: page(() => import('./pages/statistics/StatisticsPage')),
          },
          {
            path: PATHS.turnover,
            handle: { name: ROUTE_NAMES.turnover },
            lazy: page(() => import('./pages/turnover/TurnoverPage')),
          },
          {
            path: PATHS.settings,
            handle: { name: ROUTE_NAMES.settings },
            children: [
              { index: true, element: <Navigate to={PATHS.settingsAccount} replace /> },
              {
                path: 'account',
                handle: { name: ROUTE_NAMES.settingsAccount },
                lazy: page(() => import('./pages/settings/AccountPage')),
              },
              {
                path: 'requisite',
                handle: { name: ROUTE_NAMES.settingsRequisite },
                lazy: page(() => import('./pages/settings/RequisitePage')),
              },
              {
                path: 'staff',
                handle: { name: ROUTE_NAMES.settingsStaff },
                lazy: page(() => import('./pages/settings/StaffPage')),
              },
              {
                path: 'subscriptionFee',
                handle: { name: ROUTE_NAMES.settingsSubscriptionFee },
                lazy: page(() => import('./pages/settings/SubscriptionFeePage')),
              },
              {
                path: 'operator',
                handle: { name: ROUTE_NAMES.settingsOperator },
                lazy: page(() => import('./pages/settings/OperatorPage')),
              },
              {
                path: 'apiKeys',
                handle: { name: ROUTE_NAMES.settingsApiKeys },
                lazy: page(() => import('./pages/settings/ApiKeysPage')),
              },
              {
                path: 'webhooks',
                handle: { name: ROUTE_NAMES.settingsWebhooks },
                lazy: page(() => import('./pages/settings/WebhooksPage')),
              },
            ],
          },
          {
            path: PATHS.newdoc,
            handle: { name: ROUTE_NAMES.newdoc },
            lazy: page(() => import('./pages/newdoc/NewdocPage')),
          },
          {
            path: SANDBOX_PATH,
            handle: { name: SANDBOX_ROUTE_NAME },
            loader: preloadNewdocKind,
            lazy: page(() => import('./pages/newdoc/SandboxPage')),
          },
          {
            path: PATHS.help,
            handle: { name: ROUTE_NAMES.help },
            lazy: page(() => import('./pages/help/HelpPage')),
          },
          {
            path: PATHS.gnccatalog,
            handle: { name: ROUTE_NAMES.gnccatalog },
            children: [
              { index: true, element: <Navigate to={catalogueTabPath(CATALOGUE_TABS[0])} replace /> },
              ...CATALOGUE_TABS.map((tab) => ({
                path: tab,
                handle: { name: tab },
                lazy: page(() => import('./pages/catalogue/CataloguePage')),
              })),
            ],
          },
          {
            path: PATHS.balance,
            handle: { name: ROUTE_NAMES.balance },
            lazy: page(() => import('./pages/system/BalancePage')),
          },
          {
            path: PATHS.contacts,
            handle: { name: ROUTE_NAMES.contacts },
            lazy: page(() => import('./pages/system/ContactsPage')),
          },
          {
            path: PATHS.logout,
            handle: { name: ROUTE_NAMES.logout },
            lazy: page(() => import('./pages/system/LogoutPage')),
          },
          { path: '*', lazy: page(() => import('./pages/system/NotFoundPage')) },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
