// Upgrades keep data: a database made by the previous release (5003122: its migrations, its demo
// data, the demo exchange's signed documents; tests/fixtures/release-5003122.sql.gz, made by
// scripts/ops/make-release-fixture.sh) is migrated to this version, and every document, signature and
// event chain is as it was: the same rows, each chain verifies, and a signed archive made now passes
// the offline verification. On PGlite and, with TEST_DATABASE_URL, on a PostgreSQL database of its own.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { type Db, openDatabase } from '../../../src/server/db/client';
import { migrate, readMigrations } from '../../../src/server/db/migrate';
import { verifyArchive } from '../../../src/server/services/archive';
import { verifyEventChain } from '../../../src/server/services/documents/chain';
import { type DbKind, databaseKinds, testConfig } from '../harness';
import { signIn } from '../jobs/jobApp';

const FIXTURE = path.join(__dirname, '../../fixtures/release-5003122.sql.gz');
const dump = () => gunzipSync(fs.readFileSync(FIXTURE)).toString('utf8');

/** What must survive an upgrade, in columns every later version still has. */
const KEPT = {
  documents: 'select id, kind, status, version, number, content_hash from documents order by id',
  signatures: 'select id, document_id, action, md5(cms) as cms from document_signatures order by id',
  events:
    'select document_id, count(*)::int as n from document_events group by document_id order by document_id',
  parties: 'select document_id, identity, roles from document_parties order by 1, 2',
};

async function kept(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(KEPT)) out[name] = (await db.query(sql)).rows;
  return out;
}

/** Loads the release's dump into a fresh database of the kind; answers it and how to dispose of it. */
async function releaseDatabase(kind: DbKind): Promise<{ db: Db; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openDatabase({ databaseUrl: null, dataDir: null });
    await db.exec(dump());
    // The dump empties the search path for its own statements; the session goes on with the default.
    await db.exec('set search_path to "$user", public');
    return { db, dispose: () => db.close() };
  }
  const server = new URL(process.env.TEST_DATABASE_URL!);
  const name = `hujjat_ops_upgrade_${process.pid}_${Date.now() % 100000}`;
  const adminUrl = new URL(server);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const loader = new pg.Client({ connectionString: url.toString() });
  await loader.connect();
  await loader.query(dump());
  await loader.end();
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    db,
    async dispose() {
      await db.close();
      const drop = new pg.Client({ connectionString: adminUrl.toString() });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

for (const kind of databaseKinds()) {
  describe(`upgrade from release 5003122 [${kind}]`, () => {
    let db: Db;
    let dispose = async () => {};
    let app: FastifyInstance;
    let before: Record<string, unknown[]>;
    let releaseVersions: string[];
    let applied: string[];

    beforeAll(async () => {
      ({ db, dispose } = await releaseDatabase(kind));
      releaseVersions = (
        await db.query<{ version: string }>('select version from schema_migrations')
      ).rows.map((r) => r.version);
      before = await kept(db);
      applied = await migrate(db);
      app = await buildApp(testConfig(), { db: { ...db, close: async () => {} }, logger: false });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await dispose();
    });

    it('holds the release: its migrations and signed documents of several kinds', () => {
      expect(releaseVersions).toContain('0095_temp_tokens');
      expect(releaseVersions.some((v) => v >= '0100')).toBe(false);
      expect((before.signatures as unknown[]).length).toBeGreaterThanOrEqual(5);
      expect(
        new Set((before.documents as Array<{ kind: string }>).map((d) => d.kind)).size,
      ).toBeGreaterThanOrEqual(3);
    });

    it('applies exactly the migrations the release did not have, once', async () => {
      const all = readMigrations().map((m) => m.version);
      expect(applied).toEqual(all.filter((v) => !releaseVersions.includes(v)));
      expect(await migrate(db)).toEqual([]);
    });

    it('keeps every document, signature, party and event', async () => {
      expect(await kept(db)).toEqual(before);
    });

    it('every event chain still verifies', async () => {
      const docs = before.documents as Array<{ id: string }>;
      for (const { id } of docs) expect((await verifyEventChain(db, id)).valid, id).toBe(true);
    });

    it('serves the documents, and their signed archives made now verify offline', async () => {
      const auth = await signIn(app, '998901000001');
      const list = await app.inject({ method: 'GET', url: '/api/Document/getList?Size=90', headers: auth });
      expect(list.statusCode).toBe(200);
      const signedIds = new Set(
        (before.signatures as Array<{ document_id: string }>).map((s) => s.document_id),
      );
      const rows = (list.json().rows as Array<{ id: string }>).filter((r) => signedIds.has(r.id));
      expect(rows.length).toBeGreaterThan(0);
      let verified = 0;
      // Two archives are enough to show signatures and chains verify; each renders a PDF.
      for (const row of rows.slice(0, 2)) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/Document/getArchive?documentId=${row.id}`,
          headers: auth,
        });
        if (res.statusCode !== 200) continue;
        const report = await verifyArchive(new Uint8Array(res.rawPayload));
        expect(report.checks.filter((c) => !c.ok)).toEqual([]);
        verified++;
      }
      expect(verified).toBeGreaterThan(0);
    }, 180_000);
  });
}
