import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/client';
import { snapshotPglite } from './pglite';

/**
 * An online backup of an embedded database that a running server has open (only that process may
 * open it): `npm run backup` writes a request into DATA_DIR and sends the server SIGUSR2; the server
 * writes the snapshot where asked and answers in a file named after the request. Requests come only
 * from someone who can write into DATA_DIR and signal the server's process: its own administrator.
 */
const REQUEST_FILE = 'backup-request.json';
const answerFile = (dataDir: string, id: string) => path.join(dataDir, `backup-answer-${id}.json`);

interface BackupRequest {
  id: string;
  out: string;
}

interface BackupAnswer {
  ok: boolean;
  bytes?: number;
  error?: string;
}

/** The server's side: answers the waiting request, if any (called on SIGUSR2). */
export async function answerBackupRequest(dataDir: string, db: Db): Promise<BackupRequest | null> {
  const file = path.join(dataDir, REQUEST_FILE);
  let request: BackupRequest;
  try {
    request = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.rmSync(file);
  } catch {
    return null;
  }
  if (!/^[0-9a-f-]{36}$/.test(request.id) || typeof request.out !== 'string') return null;
  let answer: BackupAnswer;
  try {
    const snapshot = await snapshotPglite(db);
    const partial = `${request.out}.partial`;
    fs.writeFileSync(partial, snapshot);
    fs.renameSync(partial, request.out);
    answer = { ok: true, bytes: snapshot.byteLength };
  } catch (err) {
    answer = { ok: false, error: (err as Error).message };
  }
  fs.writeFileSync(answerFile(dataDir, request.id), JSON.stringify(answer));
  return request;
}

/** The command's side: asks the server with pid `pid` for a snapshot into `out`, and waits. */
export async function requestOnlineBackup(
  dataDir: string,
  pid: number,
  out: string,
  timeoutMs = 10 * 60_000,
): Promise<{ bytes: number }> {
  const id = randomUUID();
  const file = path.join(dataDir, REQUEST_FILE);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ id, out: path.resolve(out) } satisfies BackupRequest));
  fs.renameSync(`${file}.tmp`, file);
  process.kill(pid, 'SIGUSR2');
  const answer = answerFile(dataDir, id);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(answer)) {
      const result: BackupAnswer = JSON.parse(fs.readFileSync(answer, 'utf8'));
      fs.rmSync(answer, { force: true });
      if (!result.ok) throw new Error(`the server could not write the backup: ${result.error}`);
      return { bytes: result.bytes ?? 0 };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fs.rmSync(file, { force: true });
  throw new Error(`the server (pid ${pid}) did not answer the backup request in ${timeoutMs / 1000} s`);
}
