// The E-IMZO emulator: the plug-in's WebSocket API over the demo keys, and an E-IMZO-Server
// stand-in with a demo TSA. Demo and tests only; scripts/serve.ts never starts it in production.

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { certificatesFromPem } from '../engine/cms';
import { apidocHtml } from './apidoc';
import { KeyStore } from './keystore';
import { type DemoPkiManifest, readManifest, resolveInPki } from './manifest';
import { type DialogScript, PasswordDialog } from './passwordDialog';
import { dispatch, type PluginState, type PluginVersion } from './plugin';
import { createStandIn } from './standin';
import { DemoTsa } from './tsa';

export { createDemoSignature } from './demoSignature';
export { type DemoKey, type DemoPkiManifest, findDemoKey, readManifest } from './manifest';
export type { DialogMode, DialogScript } from './passwordDialog';

export const CRYPTAPI_PATH = '/service/cryptapi';

export interface EmulatorOptions {
  dataDir: string;
  host?: string;
  /** Plug-in WebSocket port (default 64646; 0 picks a free one). */
  wsPort?: number;
  /** E-IMZO-Server stand-in, TSA and control port (default 64647; 0 picks a free one). */
  httpPort?: number;
  /** `x.y.z` or `x.y`; null answers `version` without numbers (a broken plug-in). Default 6.4.7. */
  version?: string | null;
  /** API keys by domain; default the vendor's published development keys. null accepts any key. */
  apiKeys?: Record<string, string> | null;
}

export interface EmulatorControl {
  /** Scripts the password/PIN dialog: the next prompt(s) enter the demo password, cancel, or fail. */
  password(script: DialogScript): void;
  reset(): void;
  /** How many times the dialog was shown. */
  readonly prompts: number;
  setVersion(version: string | null): void;
  manifest: DemoPkiManifest;
}

export interface RunningEmulator {
  wsUrl: string;
  serverUrl: string;
  /** RFC 3161 endpoint of the demo TSA (for LocalSignatureService's TSA_URL). */
  tsaUrl: string;
  control: EmulatorControl;
  close(): Promise<void>;
}

const DEFAULT_API_KEYS: Record<string, string> = {
  localhost:
    '96D0C1491615C82B9A54D9989779DF825B690748224C2B04F500F370D51827CE2644D8D4A82C18184D73AB8530BB8ED537269603F61DB0D03D2104ABF789970B',
  '127.0.0.1':
    'A7BCFA5D490B351BE0754130DF03A068F855DB4333D43921125B9CF2670EF6A40370C646B90401955E1F7BC9CDBF59CE0B2C5467D820BE189C845D0B79CFC96F',
  null: 'E0A205EC4E7B78BBB56AFF83A733A1BB9FD39D562E67978CC5E7D73B0951DB1954595A20672A63332535E13CC6EC1E1FC8857BB09E0855D7E76E411B6FA16E9D',
};

export function parseVersion(version: string | null): PluginVersion | null {
  if (version === null) return null;
  const [major = '0', minor = '0', patch = '0'] = version.split('.');
  return { major, minor, patch, edition: 'Standard (Hujjat emulator)' };
}

/** The domain the plug-in derives from a handshake's Origin ('null' when absent or unparseable). */
export function originDomain(origin: string | undefined): string {
  if (!origin || origin === 'null') return 'null';
  try {
    const url = new URL(origin);
    return url.protocol === 'file:' || !url.hostname ? 'null' : url.hostname.toLowerCase();
  } catch {
    return 'null';
  }
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const manifest = readManifest(options.dataDir);
  if (!manifest) throw new Error(`no demo PKI in ${options.dataDir} (run ensureDemoPki / npm run demo-pki)`);
  const host = options.host ?? '127.0.0.1';
  const dialog = new PasswordDialog();
  const state: PluginState = {
    version: parseVersion(options.version === undefined ? '6.4.7' : options.version),
    apiKeys: options.apiKeys === undefined ? DEFAULT_API_KEYS : options.apiKeys,
    verifiedDomains: new Set(),
    keys: new KeyStore(manifest),
    dialog,
  };
  const trusted = certificatesFromPem(fs.readFileSync(resolveInPki(manifest, manifest.rootCaFile), 'utf8'));

  const wsHttp = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/apidoc.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(apidocHtml());
      return;
    }
    res
      .writeHead(426, { 'content-type': 'text/plain' })
      .end(`E-IMZO emulator: connect with a WebSocket to ${CRYPTAPI_PATH}`);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  wsHttp.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== CRYPTAPI_PATH) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const keep = url.searchParams.has('keepConnection');
      const origin = req.headers.origin ?? null;
      const connection = { origin, domain: originDomain(origin ?? undefined) };
      // Requests on one connection are answered in order.
      let queue = Promise.resolve();
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        queue = queue.then(async () => {
          const reply = await dispatch(data.toString(), connection, state);
          if (ws.readyState !== ws.OPEN) return;
          ws.send(JSON.stringify(reply));
          if (!keep) ws.close(1000, 'Done');
        });
      });
    });
  });

  const tsaPort = options.httpPort ?? 64647;
  const serverHttp = http.createServer();
  const actualHttpPort = await listen(serverHttp, tsaPort, host);
  const serverUrl = `http://${host}:${actualHttpPort}`;
  const tsa = await DemoTsa.load(
    resolveInPki(manifest, manifest.tsa.certificateFile),
    resolveInPki(manifest, manifest.tsa.keyFile),
    `${serverUrl}/tsa`,
  );
  serverHttp.on(
    'request',
    createStandIn({
      trusted,
      tsa,
      scriptDialog: (s) => dialog.script(s),
      resetDialog: () => dialog.reset(),
    }),
  );
  let wsPort: number;
  try {
    wsPort = await listen(wsHttp, options.wsPort ?? 64646, host);
  } catch (err) {
    serverHttp.close();
    throw err;
  }

  const close = async () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
    serverHttp.closeAllConnections();
    wsHttp.closeAllConnections();
    await Promise.all([
      new Promise<void>((r) => serverHttp.close(() => r())),
      new Promise<void>((r) => wsHttp.close(() => r())),
    ]);
  };

  return {
    wsUrl: `ws://${host}:${wsPort}${CRYPTAPI_PATH}`,
    serverUrl,
    tsaUrl: `${serverUrl}/tsa`,
    control: {
      password: (script) => dialog.script(script),
      reset: () => dialog.reset(),
      get prompts() {
        return dialog.prompts;
      },
      setVersion: (version) => {
        state.version = parseVersion(version);
      },
      manifest,
    },
    close,
  };
}
