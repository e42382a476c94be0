// The server configuration the signing benches run with: no database URL or web root of its own, and
// the local verifier trusting the demo PKI's root, timestamps from the emulator's TSA.
import path from 'node:path';
import { loadConfig } from '../../src/server/config';

export function localSigningConfig(pkiDir: string, tsaUrl: string) {
  return {
    ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', DEMO: 'off' }, 'bench'),
    databaseUrl: null,
    webRoot: null,
    signing: {
      service: 'local' as const,
      eimzoServerUrl: null,
      trustedCaFiles: [path.join(pkiDir, 'demo-pki', 'ca', 'root.pem')],
      tsaUrl,
      timeoutMs: 30_000,
    },
  };
}
