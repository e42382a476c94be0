import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialKeyOf, OPERATOR_KEY_FILE } from '../../../src/server/services/operators/credentialKey';
import { testConfig } from '../harness';

describe('the operator credentials key', () => {
  it('outside production, when unset, is generated once and kept in DATA_DIR (a restart reads it back)', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-opkey-'));
    const first = credentialKeyOf(testConfig({ dataDir }));
    expect(first?.key.length).toBe(32);
    expect((fs.statSync(path.join(dataDir, OPERATOR_KEY_FILE)).mode & 0o777).toString(8)).toBe('600');
    const again = credentialKeyOf(testConfig({ dataDir }));
    expect(again?.id).toBe(first?.id);
    expect(Buffer.from(again!.key)).toEqual(Buffer.from(first!.key));
  });

  it('configured: that key, nothing written', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-opkey-'));
    const key = new Uint8Array(32).fill(9);
    expect(credentialKeyOf(testConfig({ dataDir, operatorCredentialsKey: key }))?.key).toBe(key);
    expect(fs.existsSync(path.join(dataDir, OPERATOR_KEY_FILE))).toBe(false);
  });

  it('in production without OPERATOR_CREDENTIALS_KEY: none (nothing can be bound), no file made', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-opkey-'));
    expect(credentialKeyOf(testConfig({ dataDir, production: true, demo: false }))).toBeNull();
    expect(fs.existsSync(path.join(dataDir, OPERATOR_KEY_FILE))).toBe(false);
  });
});
