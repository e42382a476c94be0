// Vitest global set-up of the node project: one migrated PGlite database and one migrated and seeded,
// made once per run and written as data-directory tarballs. Every test file's PGlite database starts
// from one of them (harness.ts) instead of paying initdb, the migrations and the demo seed again:
// ~5 s of initdb and ~2 s of migrations and seed per database on the 2-core machines, ~100 databases
// per run, on each of CI's two Node lines. Made fresh each run, so a migration or seed change is in.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seeds';
import { databaseKinds } from './databaseKinds';

export interface PgliteTemplates {
  /** Tarball of a migrated database. */
  migrated: string;
  /** Tarball of a migrated database with the demo seed. */
  seeded: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    pgliteTemplates: PgliteTemplates | null;
  }
}

async function makeTemplate(file: string, seed: boolean): Promise<void> {
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    await migrate(db);
    if (seed) await seedDemo(db);
    writeFileSync(file, await db.snapshot!({ compress: false }));
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // No API test runs on PGlite (TEST_DATABASES=postgresql): nothing to make.
  if (!databaseKinds().includes('pglite')) {
    project.provide('pgliteTemplates', null);
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'hujjat-pglite-templates-'));
  const templates: PgliteTemplates = {
    migrated: join(dir, 'migrated.tar'),
    seeded: join(dir, 'seeded.tar'),
  };
  await makeTemplate(templates.migrated, false);
  await makeTemplate(templates.seeded, true);
  project.provide('pgliteTemplates', templates);
  return () => rmSync(dir, { recursive: true, force: true });
}
