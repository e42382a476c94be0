// `npm run demo-pki [-- --force]`: creates (or with --force recreates) the demo PKI in DATA_DIR.
import path from 'node:path';
import { ensureDemoPki, generateDemoPki } from './index';

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  const force = process.argv.includes('--force');
  const manifest = force ? await generateDemoPki(dataDir) : await ensureDemoPki(dataDir);
  process.stdout.write(`demo PKI in ${manifest.dir} (${manifest.notice.split('.')[0]})\n`);
  process.stdout.write(`trusted root CA: ${path.join(manifest.dir, manifest.rootCaFile)}\n`);
  for (const key of manifest.keys) {
    const where = key.disk ? `${key.file}` : `${key.file} (not on an emulated disk)`;
    process.stdout.write(`  ${key.id.padEnd(26)} ${key.kind.padEnd(12)} ${where}\n`);
  }
  // Passwords stay in the manifest (demo only): the emulator types them, nobody needs them on screen.
  process.stdout.write(`key passwords (demo only): ${path.join(manifest.dir, 'manifest.json')}\n`);
}

main().catch((err) => {
  process.stderr.write(`demo-pki: ${(err as Error).message}\n`);
  process.exit(1);
});
