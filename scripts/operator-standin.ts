// npm run operator:standin — the stand-in exchange operator alone (demo and tests): Didox's API
// subset over its own store in DATA_DIR (default .data), port OPERATOR_STANDIN_PORT (default 64660).
import path from 'node:path';
import { startOperatorStandIn } from '../src/emulator/operator';
import { DEFAULT_OPERATOR_STANDIN_PORT } from '../src/server/services/operators/config';
import { ensureDemoPki } from './demo-pki';

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  await ensureDemoPki(dataDir);
  const port = Number(process.env.OPERATOR_STANDIN_PORT || DEFAULT_OPERATOR_STANDIN_PORT);
  const standIn = await startOperatorStandIn({
    dataDir,
    port,
    persist: process.env.OPERATOR_STANDIN_PERSIST !== 'off',
  });
  console.log(`stand-in operator (demo): ${standIn.url}`);
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.on(sig, () => void standIn.close().then(() => process.exit(0)));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
