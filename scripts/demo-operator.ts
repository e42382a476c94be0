// Demo mode of `npm start`: the stand-in exchange operator (src/emulator/operator) beside the server,
// its store in DATA_DIR. Never in production (services/operators/config.ts refuses it there).
import { startOperatorStandIn } from '../src/emulator/operator';
import type { Config } from '../src/server/config';

export async function startDemoOperator(config: Config) {
  const wanted = config.operator?.standInPort ?? 0;
  const start = (port: number) => startOperatorStandIn({ dataDir: config.dataDir, host: '127.0.0.1', port });
  const messages: string[] = [];
  let standIn: Awaited<ReturnType<typeof start>>;
  try {
    standIn = await start(wanted);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    standIn = await start(0);
    messages.push(
      `stand-in operator: port ${wanted} is in use; using a free port (OPERATOR_STANDIN_PORT chooses)`,
    );
  }
  messages.push(`stand-in operator (demo, Didox API subset): ${standIn.url}`);
  const next: Config = {
    ...config,
    operator: { standIn: true, standInPort: wanted, standInUrl: standIn.url },
  };
  return { config: next, messages, close: () => standIn.close() };
}
