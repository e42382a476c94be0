// Demo mode of `npm start`: the demo PKI in DATA_DIR and the E-IMZO emulator beside the server, so
// that certificate sign-in works on a machine without E-IMZO. Never used in production.

import { startEmulator } from '../src/emulator';
import type { Config } from '../src/server/config';
import { ensureDemoPki } from './demo-pki';

export interface DemoSigning {
  messages: string[];
  warnings: string[];
  close(): Promise<void>;
}

export async function startDemoSigning(config: Config): Promise<DemoSigning> {
  const manifest = await ensureDemoPki(config.dataDir);
  const messages = [`demo PKI: ${manifest.keys.length} demo keys in ${manifest.dir}`];
  const warnings: string[] = [];
  const wsPort = config.eimzo?.emulatorWsPort ?? 64646;
  const httpPort = config.eimzo?.emulatorServerPort ?? 64647;
  try {
    const emulator = await startEmulator({
      dataDir: config.dataDir,
      host: '127.0.0.1',
      wsPort,
      httpPort,
      // The plug-in accepts the same per-domain keys the server hands to browsers.
      apiKeys: config.eimzo?.apiKeys,
    });
    messages.push(`E-IMZO emulator: plug-in ${emulator.wsUrl}, E-IMZO-Server stand-in ${emulator.serverUrl}`);
    return { messages, warnings, close: () => emulator.close() };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A real E-IMZO (or another demo) may hold the port: keep serving, and say what happens.
    warnings.push(
      code === 'EADDRINUSE'
        ? `E-IMZO emulator not started: port ${wsPort} or ${httpPort} is in use (a real E-IMZO or another ` +
            'Hujjat demo?). Set EIMZO_WS_PORT / EIMZO_EMULATOR_SERVER_PORT to free ports to run it.'
        : `E-IMZO emulator not started: ${(err as Error).message}`,
    );
    return { messages, warnings, close: async () => {} };
  }
}
