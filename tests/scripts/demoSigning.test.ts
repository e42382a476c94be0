import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoSigning } from '../../scripts/demo-signing';
import { loadConfig } from '../../src/server/config';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-demo-signing-'));
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function occupy(): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe('demo signing in npm start', () => {
  it('starts the emulator on free ports when the configured ones are taken, and points the config at it', async () => {
    const taken = await occupy();
    closers.push(taken.close);
    const env = {
      DATA_DIR: dataDir,
      DEMO: 'on',
      EIMZO_WS_PORT: String(taken.port),
      EIMZO_EMULATOR_SERVER_PORT: String(taken.port),
    };
    const config = loadConfig(env, 'test', os.tmpdir());
    const demo = await startDemoSigning(config, env);
    closers.push(demo.close);
    expect(demo.warnings.join(' ')).toMatch(/in use/);
    expect(demo.config.eimzo!.wsUrl).not.toContain(`:${taken.port}/`);
    expect(demo.config.eimzo!.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/service\/cryptapi$/);
    expect(demo.config.signing!.eimzoServerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.config.signing!.eimzoServerUrl).not.toBe(config.signing!.eimzoServerUrl);
    expect(demo.config.eimzo!.emulatorControlUrl).toBe(`${demo.config.signing!.eimzoServerUrl}/control`);
    const ping = await fetch(`${demo.config.signing!.eimzoServerUrl}/ping`);
    expect(ping.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'demo-pki', 'manifest.json'))).toBe(true);
  });

  it('keeps addresses the operator set explicitly', async () => {
    const env = {
      DATA_DIR: dataDir,
      DEMO: 'on',
      EIMZO_WS_PORT: '0',
      EIMZO_EMULATOR_SERVER_PORT: '0',
      EIMZO_SERVER_URL: 'http://eimzo.internal:8080',
    };
    const demo = await startDemoSigning(loadConfig(env, 'test', os.tmpdir()), env);
    closers.push(demo.close);
    expect(demo.warnings).toEqual([]);
    expect(demo.config.signing!.eimzoServerUrl).toBe('http://eimzo.internal:8080');
    expect(demo.config.eimzo!.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/service\/cryptapi$/);
  });
});
