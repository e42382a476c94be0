/** The analysts' form sandbox (not in the spec; reachable from help in demo mode). */
export const SANDBOX_PATH = '/newdoc/sandbox';
export const SANDBOX_ROUTE_NAME = 'newdoc.sandbox';
