import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The import command as an operator runs it: exit codes, messages, and what lands in the database.
const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-import-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/import-lgota.ts'), ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
        LANG: 'en_US.UTF-8',
        HUJJAT_LANG: '',
      },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function file(name: string, content: string) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

describe('npm run import:lgota', () => {
  it('prints usage and exits 2 without arguments or with an unknown list', () => {
    const none = run();
    expect(none.code).toBe(2);
    expect(none.err).toContain('npm run import:lgota -- <list>');
    expect(none.err).toContain('without-vat');
    expect(run('nonsense', 'x.csv').code).toBe(2);
  });

  it('prints each bad row and exits 1, then imports a good file and exits 0', () => {
    const bad = run(
      'sellers',
      file(
        'bad.csv',
        'tin,name,newLgotaId,lgotaName,dateBegin\n30300000,Firm,1,B,2024-01-01\n303000001,Firm,1,B,31.02.2024\n',
      ),
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('row 2, column tin: A TIN is exactly 9 digits, got "30300000"');
    expect(bad.err).toContain(
      'row 3, column dateBegin: A date is YYYY-MM-DD or DD.MM.YYYY, got "31.02.2024"',
    );
    expect(bad.err).toContain('Nothing was changed');

    const good = run(
      'sellers',
      file('good.csv', 'tin,name,newLgotaId,lgotaName,dateBegin\n303000001,Firm (demo),1,B,01.02.2024\n'),
    );
    expect(good.code).toBe(0);
    expect(good.out).toContain('Writing 100% (1/1)');
    expect(good.out).toMatch(/Done: sellers — 1 rows received \(0 repeated\), 1 in the list/);
    // Two commands of up to 120 s each (run()); the second makes a new PGlite cluster and migrates it
    // (50 s on the 2-core machine under load, past vitest's 30 s).
  }, 240_000);

  it('refuses to refresh when no address is configured', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/import-lgota.ts'), 'refresh'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: path.join(dir, 'data'), LGOTA_REFRESH_URL: '', LANG: 'en_US.UTF-8' },
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Refresh is off');
  });
});
