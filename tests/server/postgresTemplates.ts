// Vitest global set-up of the node project, PostgreSQL side: when the API tests run on PostgreSQL
// (TEST_DATABASE_URL), one migrated database and one migrated and seeded are made once per run, and
// every API test file's database is a copy of one of them (`CREATE DATABASE … TEMPLATE`, ~0.3 s)
// instead of a new schema that runs the migrations and the demo seed again (~6 s per file on the
// 2-core machine). The tables live in a schema of their own (TEMPLATE_SCHEMA), which the copies keep:
// a test file's database is used through that schema as before (search_path, pg-boss's schema).
// Made fresh each run, so a migration or seed change is in; dropped, with any copy left behind, at
// the end of the run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seeds';
import { databaseKinds } from './databaseKinds';

/** The schema the templates' tables are in (and so every copy's). */
export const TEMPLATE_SCHEMA = 't_template';

export interface PostgresTemplates {
  /** Name of the migrated template database. */
  migrated: string;
  /** Name of the migrated and seeded template database. */
  seeded: string;
  /** Prefix of this run's databases (templates and copies), for names and the final clean-up. */
  prefix: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    postgresTemplates: PostgresTemplates | null;
  }
}

/** `url` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `fn` on a connection to TEST_DATABASE_URL's own database (CREATE and DROP DATABASE). */
export async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function makeTemplate(url: string, name: string, seed: boolean): Promise<void> {
  await withAdmin(url, (admin) => admin.query(`create database ${name}`));
  const db = await openDatabase({
    databaseUrl: databaseUrl(url, name),
    dataDir: null,
    schema: TEMPLATE_SCHEMA,
  });
  try {
    await migrate(db);
    if (seed) await seedDemo(db);
  } finally {
    await db.close();
  }
}

async function dropRunDatabases(url: string, prefix: string): Promise<void> {
  await withAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !databaseKinds().includes('postgresql')) {
    project.provide('postgresTemplates', null);
    return async () => {};
  }
  const prefix = `hujjat_t${randomBytes(4).toString('hex')}_`;
  const templates: PostgresTemplates = { migrated: `${prefix}migrated`, seeded: `${prefix}seeded`, prefix };
  try {
    await makeTemplate(url, templates.migrated, false);
    await makeTemplate(url, templates.seeded, true);
  } catch (err) {
    await dropRunDatabases(url, prefix).catch(() => {});
    throw err;
  }
  project.provide('postgresTemplates', templates);
  return () => dropRunDatabases(url, prefix);
}
