// Child process of dataDirLock.test.ts: claims a data directory the way `npm start` does
// (claimDataDir) each time it reads "go" on stdin — so that all children race at the same moment —
// and answers "claimed <pid>" or "refused <message>"; "release" gives a held claim back.
import { ConfigError } from '../../src/server/config';
import { claimDataDir } from '../../src/server/lock';

const dataDir = process.argv[2];
let release: (() => void) | null = null;
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  pending += chunk;
  for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
    const command = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (command === 'go') {
      try {
        release = claimDataDir({ dataDir, databaseUrl: null });
        process.stdout.write(`claimed ${process.pid}\n`);
      } catch (error) {
        process.stdout.write(`refused ${error instanceof ConfigError ? error.message : String(error)}\n`);
      }
    } else if (command === 'release') {
      release?.();
      release = null;
      process.stdout.write('released\n');
    }
  }
});
process.stdin.on('end', () => {
  release?.();
  process.exit(0);
});
process.stdout.write('ready\n');
