// One writer per data directory (issue 18): the lock is taken atomically, a stale lock of a dead
// process is taken over, and of many servers started at once on one directory exactly one runs.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from '../../src/server/lock';

const root = path.resolve(__dirname, '../..');
const temps: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-lock-'));
  temps.push(d);
  return d;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const d of temps) fs.rmSync(d, { recursive: true, force: true });
});

/** A process that claims `dataDir` on each "go" (dataDirClaim.ts); `next()` is its next answer. */
function claimer(dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'dataDirClaim.ts'), dataDir],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  let out = '';
  const queued: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  child.stdout!.on('data', (d) => {
    out += d;
    for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      const resolve = waiting.shift();
      if (resolve) resolve(line);
      else queued.push(line);
    }
  });
  const next = () =>
    queued.length
      ? Promise.resolve(queued.shift()!)
      : new Promise<string>((resolve) => waiting.push(resolve));
  const send = (command: string) => child.stdin!.write(`${command}\n`);
  return { child, next, send };
}

/**
 * `count` processes, loaded and waiting, told to claim at the same moment, `rounds` times (the
 * winner gives the claim back between rounds): every round must have exactly one winner.
 */
async function race(dataDir: string, count: number, rounds: number, before?: () => void) {
  const claimers = Array.from({ length: count }, () => claimer(dataDir));
  await Promise.all(claimers.map(async (c) => expect(await c.next()).toBe('ready')));
  const winnersPerRound: number[] = [];
  const refusals = new Set<string>();
  for (let round = 0; round < rounds; round++) {
    before?.();
    for (const c of claimers) c.send('go');
    const outcomes = await Promise.all(claimers.map((c) => c.next()));
    const winners = claimers.filter((_, i) => outcomes[i].startsWith('claimed'));
    winnersPerRound.push(winners.length);
    for (const o of outcomes) if (o.startsWith('refused')) refusals.add(o.replace(/\(pid \d+\)/, '(pid N)'));
    for (const w of winners) w.send('release');
    await Promise.all(winners.map((w) => w.next()));
  }
  for (const c of claimers) c.child.stdin!.end();
  await Promise.all(claimers.map((c) => exited(c.child)));
  return { winnersPerRound, refusals };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));

describe('the data directory lock', () => {
  it('of 30 processes claiming one directory at once, exactly one gets it (50 times over)', async () => {
    const dataDir = tempDir();
    const { winnersPerRound, refusals } = await race(dataDir, 30, 50);
    expect(winnersPerRound).toEqual(Array(50).fill(1));
    expect([...refusals]).toEqual([
      `refused DATA_DIR ${dataDir} is in use by another Hujjat process (pid N)`,
    ]);
    // Released by the last winner: nothing left behind.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 300_000);

  it('takes over the lock of a process that is gone, once, even when many try at once', async () => {
    const dataDir = tempDir();
    // A pid that cannot be running (beyond pid_max), as kill -9 leaves it behind, before each round.
    const stale = () => fs.writeFileSync(path.join(dataDir, LOCK_FILE), '4194999\n123\n');
    const { winnersPerRound } = await race(dataDir, 10, 30, stale);
    expect(winnersPerRound).toEqual(Array(30).fill(1));
  }, 300_000);

  it('refuses a live holder and releases only its own lock', () => {
    const dataDir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${other.pid}\n`);
      expect(() => lockDataDir(dataDir)).toThrow(`is in use by another Hujjat process (pid ${other.pid})`);
    } finally {
      other.kill();
    }
    fs.rmSync(path.join(dataDir, LOCK_FILE));
    const release = lockDataDir(dataDir);
    // Someone else's lock written over ours is not removed by our release.
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), '1\n');
    release();
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe('1\n');
  });
});
