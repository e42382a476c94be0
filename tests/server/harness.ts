// API tests run on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set
// (databaseKinds.ts: TEST_DATABASES narrows it).
// One database per test file and kind: PGlite in memory, PostgreSQL in a schema of its own that is
// dropped afterwards, so files can run in parallel against one server.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seeds';

import { type DbKind, databaseKinds } from './databaseKinds';
import { databaseUrl, TEMPLATE_SCHEMA, withAdmin } from './postgresTemplates';

export { type DbKind, databaseKinds };

export interface TestContext {
  kind: DbKind;
  app: FastifyInstance;
  db: Db;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp/hujjat-test-unused',
    databaseUrl: null,
    demo: true,
    logLevel: 'silent',
    production: false,
    version: 'test',
    webRoot: null,
    ...overrides,
  };
}

/** A PGlite database already migrated (and seeded when asked) from the run's templates, when there are. */
async function openPgliteFromTemplate(seeded: boolean): Promise<Db | null> {
  const templates = inject('pgliteTemplates');
  if (!templates) return null;
  const snapshot = readFileSync(seeded ? templates.seeded : templates.migrated);
  return openDatabase({ databaseUrl: null, dataDir: null, pgliteSnapshot: snapshot });
}

/**
 * A PostgreSQL database of this file's own, copied from the run's migrated (and seeded) template
 * (postgresTemplates.ts, the node project's global set-up), when there are templates; dropped by dispose.
 */
async function openPostgresFromTemplate(
  seeded: boolean,
): Promise<{ db: Db; dispose(): Promise<void> } | null> {
  const templates = inject('postgresTemplates');
  const url = process.env.TEST_DATABASE_URL;
  if (!templates || !url) return null;
  const name = `${templates.prefix}${randomBytes(6).toString('hex')}`;
  const template = seeded ? templates.seeded : templates.migrated;
  await withAdmin(url, (admin) => admin.query(`create database ${name} template ${template}`));
  const db = await openDatabase({
    databaseUrl: databaseUrl(url, name),
    dataDir: null,
    schema: TEMPLATE_SCHEMA,
  });
  return {
    db,
    async dispose() {
      await db.close();
      await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`)).catch(
        () => {},
      );
    },
  };
}

export async function openTestDatabase(kind: DbKind): Promise<{ db: Db; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openDatabase({ databaseUrl: null, dataDir: null });
    return { db, dispose: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDatabase({ databaseUrl: url, dataDir: null, schema });
  return {
    db,
    async dispose() {
      await db.query(`drop schema if exists ${schema} cascade`).catch(() => {});
      await db.close();
    },
  };
}

export interface HarnessOptions {
  /** Load the demo seed (default true). */
  seed?: boolean;
  config?: Partial<Config>;
}

/**
 * Runs `suite` once per available database kind with a migrated (and by default seeded) app.
 * Use `ctx.app.inject()` inside the suite's tests.
 */
export function withDatabases(name: string, suite: (ctx: TestContext) => void, options: HarnessOptions = {}) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      const ctx = { kind } as TestContext;
      let dispose: () => Promise<void> = async () => {};
      beforeAll(async () => {
        const seeded = options.seed !== false;
        const pgliteTemplate = kind === 'pglite' ? await openPgliteFromTemplate(seeded) : null;
        const fromTemplate = pgliteTemplate
          ? { db: pgliteTemplate, dispose: () => pgliteTemplate.close() }
          : kind === 'postgresql'
            ? await openPostgresFromTemplate(seeded)
            : null;
        const opened = fromTemplate ?? (await openTestDatabase(kind));
        dispose = opened.dispose;
        if (!fromTemplate) {
          await migrate(opened.db);
          if (seeded) await seedDemo(opened.db);
        }
        ctx.db = opened.db;
        // The app must not close the shared db before dispose drops the schema.
        const appDb: Db = { ...opened.db, close: async () => {} };
        // HUJJAT_TEST_LOG=1 shows the server's errors (a 500's cause) on stderr.
        const logger = process.env.HUJJAT_TEST_LOG ? { stream: process.stderr } : false;
        ctx.app = await buildApp(
          testConfig({ logLevel: process.env.HUJJAT_TEST_LOG ? 'error' : 'silent', ...options.config }),
          {
            db: appDb,
            logger,
          },
        );
        await ctx.app.ready();
      });
      afterAll(async () => {
        await ctx.app?.close();
        await dispose();
      });
      suite(ctx);
    });
  }
}
