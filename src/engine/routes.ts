// Route names and paths of the SPA (spec §2). Names are part of the contract; paths the spec does not
// give are ours and marked so.

export const ROUTE_NAMES = {
  authInn: 'auth-inn',
  authLogin: 'auth-login',
  registration: 'registration',
  home: 'home',
  documents: 'documents',
  incoming: 'incoming',
  outgoing: 'outgoing',
  drafts: 'drafts',
  templates: 'templates',
  deleted: 'deleted',
  view: 'view',
  create: 'create',
  update: 'update',
  invoice: 'invoice',
  waybill: 'waybill',
  statistics: 'statistics',
  turnover: 'statistics.turnover',
  settings: 'settings',
  settingsAccount: 'settings.account',
  settingsRequisite: 'settings.requisite',
  settingsStaff: 'settings.staff',
  settingsSubscriptionFee: 'settings.subscriptionFee',
  settingsOperator: 'settings.operator', // not given by the spec
  settingsApiKeys: 'settings.apiKeys', // not given by the spec
  settingsWebhooks: 'settings.webhooks', // not given by the spec
  newdoc: 'newdoc',
  help: 'help',
  gnccatalog: 'gnccatalog',
  balance: 'balance',
  contacts: 'contacts',
  logout: 'logout',
  maintenance: 'maintenance',
  inProgress: 'in-progress',
  print: 'print', // not given by the spec
  verify: 'verify', // not given by the spec
} as const;

export const CATALOGUE_TABS = [
  'tasnifGetWithoutVat',
  'getZeroVatServices',
  'enterprisesSellingWithoutOrZeroVAT',
  'enterprisesPurchasingWithoutOrZeroVAT',
  'tasnifGetNotConsidered',
  'tasnifGetRefinanced',
] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

export const PATHS = {
  authInn: '/auth-inn',
  authLogin: '/auth-login',
  registration: '/registration',
  home: '/',
  documents: '/documents',
  incoming: '/documents/incoming',
  outgoing: '/documents/outgoing',
  drafts: '/documents/drafts',
  templates: '/documents/templates', // not given by the spec
  deleted: '/documents/deleted',
  view: '/documents/:id',
  create: '/documents/create',
  update: '/documents/update/:id',
  statistics: '/statistics', // not given by the spec
  turnover: '/turnover',
  settings: '/settings',
  settingsAccount: '/settings/account',
  settingsRequisite: '/settings/requisite',
  settingsStaff: '/settings/staff',
  settingsSubscriptionFee: '/settings/subscriptionFee',
  settingsOperator: '/settings/operator', // not given by the spec: the exchange operator (Synchronize/bindProvider)
  settingsApiKeys: '/settings/apiKeys', // not given by the spec: API keys for programs (issue 30)
  settingsWebhooks: '/settings/webhooks', // not given by the spec: webhook endpoints and their delivery log (issue 30)
  newdoc: '/newdoc',
  help: '/help',
  gnccatalog: '/gnccatalog',
  balance: '/balance', // not given by the spec
  contacts: '/contacts', // not given by the spec
  logout: '/logout', // not given by the spec
  maintenance: '/maintenance', // not given by the spec
  print: '/documents/:id/print', // not given by the spec: the printed form of a stored document
  verify: '/verify/:id', // not given by the spec: the public verification page (the printed QR's target)
} as const;

/** The printed form of a stored document. */
export const printPath = (documentId: string) => `/documents/${encodeURIComponent(documentId)}/print`;

/** The query parameter of the verification page that carries the document's key. */
export const VERIFY_KEY_PARAM = 'k';

/** The public verification page of a document (the QR's target), relative to the site's origin. */
export const verifyPath = (documentId: string, key: string) =>
  `/verify/${encodeURIComponent(documentId)}?${VERIFY_KEY_PARAM}=${encodeURIComponent(key)}`;

export const catalogueTabPath = (tab: CatalogueTab) => `${PATHS.gnccatalog}/${tab}`;

/** Routes of the sign layout; a signed-in user opening one of the first two goes to incoming. */
export const AUTH_PATHS: readonly string[] = [PATHS.authInn, PATHS.authLogin, PATHS.registration];
/** Reachable without a token besides the sign-in screens. */
export const PUBLIC_PATHS: readonly string[] = [PATHS.registration, PATHS.maintenance];
/** Reachable without a token: every path under these (the verification page of any document). */
export const PUBLIC_PATH_PREFIXES: readonly string[] = ['/verify/'];
