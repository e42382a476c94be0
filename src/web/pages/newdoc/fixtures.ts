// The schemas' reference samples for the analysts' sandbox: valid ones as they are, invalid ones
// built from their base sample and JSON patch (schemas/<group>/<kind>/fixtures/invalid/*.json:
// {description, base, patch, expect}). Loaded on demand, one file at a time.

const valid = import.meta.glob<Record<string, unknown>>('../../../../schemas/*/*/fixtures/valid/*.json', {
  import: 'default',
});
const invalid = import.meta.glob<InvalidFixture>('../../../../schemas/*/*/fixtures/invalid/*.json', {
  import: 'default',
});

export interface InvalidFixture {
  description?: string;
  base: string;
  patch: Array<{ op: 'replace' | 'add' | 'remove'; path: string; value?: unknown }>;
  expect?: unknown;
}

export interface FixtureEntry {
  name: string;
  path: string;
  valid: boolean;
}

const kindOf = (path: string) => path.split('/').at(-4);
const nameOf = (path: string) => (path.split('/').pop() ?? '').replace(/\.json$/, '');

export function fixturesOf(kind: string): FixtureEntry[] {
  const list = (glob: Record<string, unknown>, ok: boolean) =>
    Object.keys(glob)
      .filter((path) => kindOf(path) === kind)
      .sort()
      .map((path) => ({ name: nameOf(path), path, valid: ok }));
  return [...list(valid, true), ...list(invalid, false)];
}

/** Applies a JSON patch's replace/add/remove operations to a copy. */
export function applyPatch(document: unknown, patch: InvalidFixture['patch']): unknown {
  const copy = structuredClone(document) as Record<string, unknown>;
  for (const { op, path, value } of patch) {
    const steps = path
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = steps.pop() as string;
    let node: any = copy;
    for (const step of steps) node = node?.[step];
    if (node === null || typeof node !== 'object') continue;
    if (op === 'remove') {
      if (Array.isArray(node)) node.splice(Number(last), 1);
      else delete node[last];
    } else if (Array.isArray(node) && op === 'add')
      node.splice(last === '-' ? node.length : Number(last), 0, value);
    else node[last] = value;
  }
  return copy;
}

/** The document of a fixture, and what an invalid one expects. */
export async function loadFixture(
  entry: FixtureEntry,
): Promise<{ data: Record<string, unknown>; expect?: unknown; description?: string }> {
  if (entry.valid) return { data: structuredClone(await valid[entry.path]()) };
  const fixture = await invalid[entry.path]();
  const basePath = entry.path.replace(/invalid\/[^/]+$/, `valid/${fixture.base}`);
  const base = valid[basePath] ? await valid[basePath]() : {};
  return {
    data: applyPatch(base, fixture.patch) as Record<string, unknown>,
    expect: fixture.expect,
    description: fixture.description,
  };
}
