/** Reads a value by a slash-separated path ("FacturaDoc/FacturaDate", leading slash optional). */
export function readPath(data: unknown, path: string): unknown {
  let node: any = data;
  for (const part of path.split('/')) {
    if (part === '') continue;
    if (node === null || typeof node !== 'object') return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** JSON-pointer form of a relative path, for error locations. */
export function toPointer(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}
