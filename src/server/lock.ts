import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from './config';

/** The lock file in DATA_DIR: the pid (and start time) of the one server that owns the directory. */
export const LOCK_FILE = 'hujjat.pid';
/** Held only while a stale lock is being replaced, so that two takeovers cannot interleave. */
const TAKEOVER_FILE = 'hujjat.pid.takeover';
/** A takeover guard older than this belongs to a process that died mid-takeover. */
const STALE_TAKEOVER_MS = 10_000;

/** Checks that the data directory exists or can be made, and is writable. */
export function ensureWritableDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    throw new ConfigError(
      `DATA_DIR ${dir} is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** When a process started (Linux clock ticks since boot), so a reused pid is not taken for the owner. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the parenthesized command name (which may contain spaces).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Holder {
  pid: number;
  started: string | null;
  text: string;
}

function readHolder(file: string): Holder | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const [pid, started] = text.trim().split('\n');
  return { pid: Number(pid), started: started || null, text };
}

/** A holder that is this process (a restarted container reusing the pid), dead, or another process. */
function holderIsGone(holder: Holder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return true;
  if (holder.pid === process.pid) return true;
  if (!isAlive(holder.pid)) return true;
  const started = startTimeOf(holder.pid);
  return Boolean(holder.started && started && holder.started !== started);
}

/** Creates `file` with `text`, atomically and only if it does not exist (never half-written). */
function createExclusive(file: string, text: string): boolean {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temp, text);
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Removes a stale lock, holding the takeover guard so that only one process replaces it. */
function removeStaleLock(dir: string, stale: Holder) {
  const guard = path.join(dir, TAKEOVER_FILE);
  if (!createExclusive(guard, String(process.pid))) {
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > STALE_TAKEOVER_MS) fs.rmSync(guard, { force: true });
    } catch {
      /* released meanwhile */
    }
    return;
  }
  try {
    // Still the same stale holder? (Another process may have replaced it since it was read.)
    if (readHolder(path.join(dir, LOCK_FILE))?.text === stale.text) {
      fs.rmSync(path.join(dir, LOCK_FILE), { force: true });
    }
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/**
 * One process at a time may own a data directory — two PGlite instances on one directory corrupt it,
 * as two postmasters would (PostgreSQL refuses a second one the same way). The lock file is created
 * exclusively (link(2) of a written file: atomic, never seen half-written); a lock whose process is
 * gone (kill -9, a reused pid) is taken over under a guard. Take it before anything is written to
 * the directory. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const mine = `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createExclusive(file, mine)) {
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
        } catch {
          /* already gone */
        }
      };
    }
    const holder = readHolder(file);
    if (holder && !holderIsGone(holder)) {
      throw new ConfigError(`DATA_DIR ${dir} is in use by another Hujjat process (pid ${holder.pid})`);
    }
    if (holder) removeStaleLock(dir, holder);
    sleep(5 + Math.floor(Math.random() * 20));
  }
  throw new ConfigError(`DATA_DIR ${dir}: could not take the lock ${file}`);
}

/**
 * Claims DATA_DIR before anything writes to it: checks it is writable and, for the embedded
 * database, takes its lock — a second server on the same directory stops here with one line.
 * Returns the release function.
 */
/** The pid of the live process that owns the data directory, or null when none does. */
export function ownerOfDataDir(dir: string): number | null {
  const holder = readHolder(path.join(dir, LOCK_FILE));
  return holder && !holderIsGone(holder) ? holder.pid : null;
}

export function claimDataDir(config: Pick<Config, 'dataDir' | 'databaseUrl'>): () => void {
  ensureWritableDir(config.dataDir);
  return config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
}
