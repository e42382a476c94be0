// Node 25+ has Web Storage globals of its own (without --localstorage-file: unusable), which shadow
// jsdom's: the page's storage must be the document's, as in a browser, on every Node line.
const dom = (globalThis as { jsdom?: { window: Window } }).jsdom;
for (const name of ['localStorage', 'sessionStorage'] as const)
  if (dom && globalThis[name] !== dom.window[name])
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });

export {};
