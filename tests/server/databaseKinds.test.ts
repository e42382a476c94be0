// The databases the API tests run on (databaseKinds.ts): CI narrows them per Node line, so a typo
// must not silently run none.
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './databaseKinds';

const URL = 'postgres://postgres@127.0.0.1:5432/test';

describe('databaseKinds', () => {
  it('is PGlite, and PostgreSQL too when TEST_DATABASE_URL is set', () => {
    expect(databaseKinds({})).toEqual(['pglite']);
    expect(databaseKinds({ TEST_DATABASE_URL: URL })).toEqual(['pglite', 'postgresql']);
  });

  it('TEST_DATABASES narrows to the names it lists', () => {
    expect(databaseKinds({ TEST_DATABASE_URL: URL, TEST_DATABASES: 'postgresql' })).toEqual(['postgresql']);
    expect(databaseKinds({ TEST_DATABASE_URL: URL, TEST_DATABASES: ' pglite , postgresql' })).toEqual([
      'pglite',
      'postgresql',
    ]);
    expect(databaseKinds({ TEST_DATABASES: 'pglite' })).toEqual(['pglite']);
  });

  it('refuses a name it cannot run, rather than running nothing', () => {
    expect(() => databaseKinds({ TEST_DATABASES: 'postgresql' })).toThrow('available here: pglite');
    expect(() => databaseKinds({ TEST_DATABASE_URL: URL, TEST_DATABASES: 'postgres' })).toThrow(
      'TEST_DATABASES names postgres',
    );
  });
});
