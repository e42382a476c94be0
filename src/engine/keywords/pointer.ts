const partsCache = new Map<string, string[]>();

/** The segments of a slash path, parsed once (paths come from schemas, so there are few). */
function partsOf(path: string): string[] {
  let parts = partsCache.get(path);
  if (!parts) {
    parts = path
      .split('/')
      .filter((part) => part !== '')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    partsCache.set(path, parts);
  }
  return parts;
}

/** Reads a value by a slash-separated path ("FacturaDoc/FacturaDate", leading slash optional). */
export function readPath(data: unknown, path: string): unknown {
  const parts = partsOf(path);
  let node: any = data;
  for (let i = 0; i < parts.length; i++) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[parts[i]];
  }
  return node;
}

/**
 * Where a field named beside an object lies: a pointer (/FacturaDoc/FacturaDate) is the document's, a
 * name (CatalogCode) a field of the object at `parent`, each leading "../" one level up (a benefit
 * block's Id reads its line's code as ../CatalogCode).
 */
export function besidePath(parent: string, place: string): string {
  if (place.startsWith('/')) return place;
  const steps = parent.split('/').filter((part) => part !== '');
  let rest = place;
  while (rest.startsWith('../')) {
    steps.pop();
    rest = rest.slice(3);
  }
  return `/${[...steps, rest].join('/')}`;
}

/** JSON-pointer form of a relative path, for error locations. */
export function toPointer(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}
