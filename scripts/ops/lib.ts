// Shared pieces of the operations scenarios (npm run test:ops): child commands, demo sign-in, a
// PostgreSQL database of their own, table fingerprints, checks that count.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The PostgreSQL server the scenarios create their databases on (OPS_PG_URL, no database name). */
export const PG_SERVER = (process.env.OPS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');

/** A fresh, empty database hujjat_ops_<name> (dropped first if a former run left it). */
export async function freshDatabase(name: string): Promise<string> {
  const db = `hujjat_ops_${name}`;
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${db} with (force)`);
    await admin.query(`create database ${db}`);
  } finally {
    await admin.end();
  }
  return `${PG_SERVER}/${db}`;
}

export async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** Runs `node --import tsx <script> …args` in the project with `env` added; resolves to its stdout. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      err += String(d);
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} exited ${code}: ${(err || out).slice(-800)}`)),
    );
  });
}

/** The environment that points the project's commands at one database. */
export function databaseEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DEMO: 'on', LOG_LEVEL: 'error' };
}

/** Signs a demo user in with the demo password; answers the authorization header. */
export async function signIn(
  base: string,
  phone: string,
  forwardedFor?: string,
): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/Auth/Login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ phone, password: 'Demo#2026' }),
  });
  if (!res.ok) throw new Error(`sign-in ${phone}: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).data.accessToken}` };
}

/** The demo organisations by the phone of their first user (the demo seed). */
export const DEMO_TIN: Record<string, string> = {
  '998901000001': '302000001',
  '998901000002': '302000002',
  '998901000003': '302000003',
};

/** An invoice draft body from the kind's valid fixture, numbered `number`, from `seller` to `buyer`. */
export function invoiceDraft(
  number: string,
  seller = '302000001',
  buyer = seller === '302000002' ? '302000001' : '302000002',
) {
  const base = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'schemas/documents/invoice/fixtures/valid/01-standard.json'), 'utf8'),
  );
  return {
    ...base,
    FacturaId: '',
    FacturaDoc: { FacturaNo: number, FacturaDate: new Date().toISOString().slice(0, 10) },
    SellerTin: seller,
    Seller: { ...base.Seller, Name: `${seller} (demo)` },
    BuyerTin: buyer,
    Buyer: { ...base.Buyer, Name: `${buyer} (demo)` },
    ProductList: { ...base.ProductList, Tin: seller },
  };
}

export async function createDraft(
  base: string,
  auth: Record<string, string>,
  number: string,
  seller = '302000001',
): Promise<string> {
  const res = await fetch(`${base}/api/Document/add?kind=invoice`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(invoiceDraft(number, seller)),
  });
  if (!res.ok) throw new Error(`add ${number}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()).data.id;
}

/**
 * A digest of every row of each table (its text form, sorted), optionally without some rows: two
 * databases with equal digests hold the same rows.
 */
export async function fingerprint(
  query: (sql: string) => Promise<{ rows: any[] }>,
  tables: Record<string, string>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, where] of Object.entries(tables)) {
    const r = await query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
         from ${table} t ${where ? `where ${where}` : ''}`,
    );
    out[table] = `${r.rows[0].n} rows ${r.rows[0].h}`;
  }
  return out;
}

/** Counts the checks of a scenario; `finish` prints "ops-<name>: N passed, N failed" and the exit code. */
export function checks(name: string) {
  let passed = 0;
  let failed = 0;
  return {
    check(ok: boolean, what: string, detail = '') {
      if (ok) passed++;
      else failed++;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` — ${detail}` : ''}`);
    },
    finish() {
      console.log(`ops-${name}: ${passed} passed, ${failed} failed`);
      return failed ? 1 : 0;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server's /metrics text, read with its bearer token. */
export async function metricsText(base: string, token: string): Promise<string> {
  return (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
}

/** A server's replica metrics (/metrics behind `token`): lists read by outcome, and whether the replica takes reads. */
export async function replicaMetrics(base: string, token: string) {
  const text = await metricsText(base, token);
  const reads: Record<string, number> = {};
  for (const m of text.matchAll(/^hujjat_replica_reads_total\{outcome="(\w+)"\} (\d+)/gm))
    reads[m[1]] = Number(m[2]);
  const up = /^hujjat_replica_up (\d)/m.exec(text)?.[1];
  return { reads, up: up === undefined ? null : Number(up) };
}
