// The schemas' own valid fixtures (schemas/<group>/<kind>/fixtures/valid/*.json), loaded on demand:
// the only sample data the form ever shows, and it is labelled demo wherever it appears.
const fixtures = import.meta.glob<Record<string, unknown>>('../../../schemas/*/*/fixtures/valid/*.json', {
  import: 'default',
});

export async function loadSample(kind: string): Promise<Record<string, unknown> | null> {
  const path = Object.keys(fixtures)
    .filter((p) => p.split('/').at(-4) === kind)
    .sort()[0];
  if (!path) return null;
  return structuredClone(await fixtures[path]());
}
