// Demo mode of `npm start`: the demo PKI in DATA_DIR and the E-IMZO emulator beside the server, so
// that certificate sign-in works on a machine without E-IMZO. Never used in production.

import { type RunningEmulator, startEmulator } from '../src/emulator';
import type { Config } from '../src/server/config';
import { ensureDemoPki } from './demo-pki';

export interface DemoSigning {
  /** The configuration with the emulator's actual addresses (they differ when ports were taken). */
  config: Config;
  messages: string[];
  warnings: string[];
  close(): Promise<void>;
}

function isPortTaken(err: unknown) {
  return (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
}

/**
 * Points the browser and the verifier at the running emulator. Addresses the operator set
 * explicitly (EIMZO_SERVER_URL, TSA_URL, EIMZO_WS_URL) are kept.
 */
export function withEmulator(config: Config, emulator: RunningEmulator, env: NodeJS.ProcessEnv): Config {
  const next: Config = { ...config };
  if (config.eimzo) {
    next.eimzo = {
      ...config.eimzo,
      wsUrl: env.EIMZO_WS_URL ? config.eimzo.wsUrl : emulator.wsUrl,
      emulatorControlUrl: `${emulator.serverUrl}/control`,
    };
  }
  if (config.signing) {
    next.signing = {
      ...config.signing,
      eimzoServerUrl: env.EIMZO_SERVER_URL ? config.signing.eimzoServerUrl : emulator.serverUrl,
      tsaUrl: env.TSA_URL ? config.signing.tsaUrl : emulator.tsaUrl,
    };
  }
  return next;
}

export async function startDemoSigning(
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DemoSigning> {
  const manifest = await ensureDemoPki(config.dataDir);
  const messages = [`demo PKI: ${manifest.keys.length} demo keys in ${manifest.dir}`];
  const warnings: string[] = [];
  const wsPort = config.eimzo?.emulatorWsPort ?? 64646;
  const httpPort = config.eimzo?.emulatorServerPort ?? 64647;
  const start = (ports: { wsPort: number; httpPort: number }) =>
    startEmulator({
      dataDir: config.dataDir,
      host: '127.0.0.1',
      ...ports,
      // The plug-in accepts the same per-domain keys the server hands to browsers.
      apiKeys: config.eimzo?.apiKeys,
    });
  let emulator: RunningEmulator;
  try {
    emulator = await start({ wsPort, httpPort });
  } catch (err) {
    if (!isPortTaken(err)) throw err;
    // A real E-IMZO or another Hujjat demo holds the port: the browser learns the emulator's address
    // from /api/Config/client, so free ports work as well.
    emulator = await start({ wsPort: 0, httpPort: 0 });
    warnings.push(
      `E-IMZO emulator: port ${wsPort} or ${httpPort} is in use (a real E-IMZO or another Hujjat demo?); ` +
        'using free ports instead. Set EIMZO_WS_PORT / EIMZO_EMULATOR_SERVER_PORT to choose them.',
    );
  }
  messages.push(`E-IMZO emulator: plug-in ${emulator.wsUrl}, E-IMZO-Server stand-in ${emulator.serverUrl}`);
  return { config: withEmulator(config, emulator, env), messages, warnings, close: () => emulator.close() };
}
