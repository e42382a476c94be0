/**
 * Backup → wipe → restore, on PGlite and on PostgreSQL, as an administrator does it (part of
 * `npm run test:ops`): a real server with the demo exchange's signed documents; `npm run backup` while
 * the server runs and a client keeps writing drafts; the server stopped, its database wiped;
 * `npm run restore`; then the restored database holds every document, signature, party, version and
 * event of the exchange row for row, every event chain verifies, each draft written during the backup
 * is there whole or not at all, and a signed archive made by the restarted server passes
 * `npm run verify:archive`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { verifyEventChain } from '../../src/server/services/documents/chain';
import { type Instance, ready, startInstance } from './cluster';
import {
  checks,
  createDraft,
  databaseEnv,
  dropDatabase,
  fingerprint,
  freshDatabase,
  runScript,
  signIn,
} from './lib';

const PORT = Number(process.env.OPS_PORT || 20810);
const LOAD = 'OPS-LOAD-';
/** The exchange's rows; drafts written during the backup are checked apart. */
const TABLES = {
  documents: `number is null or number not like '${LOAD}%'`,
  document_signatures: '',
  document_parties: `document_id not in (select id from documents where number like '${LOAD}%')`,
  document_versions: `document_id not in (select id from documents where number like '${LOAD}%')`,
  document_events: `document_id not in (select id from documents where number like '${LOAD}%')`,
  organizations: '',
  users: '',
};

const t = checks('backup');

async function withDb<T>(dataDir: string, databaseUrl: string | undefined, fn: (db: any) => Promise<T>) {
  const db = await openDatabase({
    databaseUrl: databaseUrl ?? null,
    dataDir: databaseUrl ? null : path.join(dataDir, 'pgdata'),
  });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function walk(kind: 'pglite' | 'postgresql', port: number) {
  console.log(`\n== ${kind}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hujjat-ops-backup-${kind}-`));
  const databaseUrl = kind === 'postgresql' ? await freshDatabase('backup') : undefined;
  const env = databaseEnv(dataDir, databaseUrl);
  let server: Instance | null = null;
  const start = async () => {
    server = await startInstance({ name: kind, port, dataDir, databaseUrl: databaseUrl ?? '' });
    await ready([server]);
    return server;
  };
  try {
    server = await start();
    await runScript('scripts/demo-exchange.ts', [], { HUJJAT_URL: server.base });

    // A client keeps writing while the backup is taken.
    const base = server.base;
    const auth = await signIn(base, '998901000001');
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        await createDraft(base, auth, `${LOAD}${written + 1}`);
        written++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const backupOut = await runScript('scripts/backup.ts', ['--dir', path.join(dataDir, 'backups')], env);
    writing = false;
    await load;
    const file = /backup: (\S+)/.exec(backupOut)?.[1] ?? '';
    t.check(
      fs.existsSync(file),
      'npm run backup wrote a file while the server ran and took writes',
      backupOut.trim(),
    );
    const mode = fs.existsSync(file) ? (fs.statSync(file).mode & 0o777).toString(8) : 'none';
    t.check(mode === '600', 'the backup is readable by its owner only', `mode ${mode}`);
    await server.stop();
    server = null;

    const before = await withDb(dataDir, databaseUrl, (db) => fingerprint((sql) => db.query(sql), TABLES));

    // Wipe.
    if (databaseUrl) {
      await dropDatabase(databaseUrl);
      await freshDatabase('backup');
    } else {
      fs.rmSync(path.join(dataDir, 'pgdata'), { recursive: true, force: true, maxRetries: 5 });
    }
    const restoreOut = await runScript('scripts/restore.ts', [file], env);
    t.check(true, 'npm run restore', restoreOut.trim().split('\n')[0]);

    await withDb(dataDir, databaseUrl, async (db) => {
      const after = await fingerprint((sql) => db.query(sql), TABLES);
      for (const table of Object.keys(TABLES)) {
        t.check(after[table] === before[table], `${table}: the same rows after restore`, after[table]);
      }
      const docs = await db.query('select id from documents');
      let broken = 0;
      for (const { id } of docs.rows) if (!(await verifyEventChain(db, id)).valid) broken++;
      t.check(
        docs.rows.length > 0 && broken === 0,
        `every event chain verifies (${docs.rows.length} documents)`,
      );
      const drafts = await db.query(
        `select count(*)::int as n,
                count(*) filter (where not exists (select 1 from document_parties p where p.document_id = d.id)
                                  or not exists (select 1 from document_events e where e.document_id = d.id))::int as partial
           from documents d where number like '${LOAD}%'`,
      );
      const { n, partial } = drafts.rows[0];
      t.check(
        partial === 0 && n <= written,
        'drafts written during the backup: each whole or absent',
        `${n} of ${written} in the backup, ${partial} partial`,
      );
    });

    // The restored server serves them, and a signed archive made now verifies offline.
    server = await start();
    const signed = await withDbReadOnly(server.base);
    t.check(
      signed.listed > 0,
      'the restarted server lists the restored sent and received documents',
      `${signed.listed} rows`,
    );
    const zip = path.join(dataDir, 'restored-archive.zip');
    fs.writeFileSync(zip, signed.archive);
    const report = await runScript('scripts/verify-archive.ts', [zip], {});
    t.check(/result: VALID/.test(report), 'an archive made after the restore passes verify:archive');
  } finally {
    await server?.stop().catch(() => {});
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Through the API as demo organisation 1: its document list, and the archive of a signed document. */
async function withDbReadOnly(base: string) {
  const auth = await signIn(base, '998901000001');
  // The sent and received lists: the drafts written during the backup (128 on PostgreSQL) filled a
  // list of every direction's first 90 rows, none of them signed.
  let listed = 0;
  for (const direction of ['outgoing', 'incoming']) {
    const url = `${base}/api/Document/getList?DocDirection=${direction}&Size=90`;
    const rows: Array<{ id: string }> = (await (await fetch(url, { headers: auth })).json()).rows ?? [];
    listed += rows.length;
    for (const row of rows) {
      const res = await fetch(`${base}/api/Document/getArchive?documentId=${row.id}`, { headers: auth });
      if (res.ok) return { listed, archive: new Uint8Array(await res.arrayBuffer()) };
    }
  }
  throw new Error(`none of ${listed} sent or received documents has a signed archive`);
}

const kinds = (process.env.OPS_KINDS ?? 'pglite,postgresql').split(',');
const started = Date.now();
try {
  if (kinds.includes('pglite')) await walk('pglite', PORT);
  if (kinds.includes('postgresql')) await walk('postgresql', PORT + 10);
} catch (err) {
  t.check(false, 'the walk ran to its end', (err as Error).message);
}
console.log(`backup walk: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(t.finish());
