// Which databases the API tests run on: embedded PGlite always, PostgreSQL too when TEST_DATABASE_URL
// is set — narrowed by TEST_DATABASES (a comma list of those names). CI runs each database once:
// PostgreSQL on Node 24 and PGlite on Node 26 (.ci/run), instead of PGlite on both lines.
export type DbKind = 'pglite' | 'postgresql';

export function databaseKinds(env: NodeJS.ProcessEnv = process.env): DbKind[] {
  const available: DbKind[] = env.TEST_DATABASE_URL ? ['pglite', 'postgresql'] : ['pglite'];
  const asked = (env.TEST_DATABASES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!asked.length) return available;
  const unknown = asked.filter((name) => !available.includes(name as DbKind));
  if (unknown.length)
    throw new Error(`TEST_DATABASES names ${unknown.join(', ')}; available here: ${available.join(', ')}`);
  return available.filter((kind) => asked.includes(kind));
}
