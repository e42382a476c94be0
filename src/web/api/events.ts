// What the API client reports to the shell: a server problem opens the server-problem modal,
// technical work opens its own modal. Plain pub/sub so the client needs no React.
export type ApiEvent = { type: 'server-problem'; status: number | null } | { type: 'technical-work' };

const listeners = new Set<(e: ApiEvent) => void>();

export function onApiEvent(listener: (e: ApiEvent) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitApiEvent(e: ApiEvent) {
  for (const l of listeners) l(e);
}
