// The stand-in operator (issue 28): Didox's integrator API subset over its own store, beside the
// E-IMZO emulator. Started by `npm start` in demo mode (never in production; OPERATOR_STANDIN=off
// turns it off), by `npm run operator:standin` alone, and by tests.
import path from 'node:path';
import { readManifest, resolveInPki } from '../manifest';
import { DemoTsa } from '../tsa';
import { buildStandIn, type StandInFaults } from './server';
import { DemoSigner } from './signer';
import { StandInStore } from './store';

export { type StandInFaults, TOKEN_MINUTES } from './server';

/** The password every demo company has at the stand-in (demo data, labelled so). */
export const STANDIN_DEMO_PASSWORD = 'demo';

export interface OperatorStandInOptions {
  /** Holds the demo PKI (the counterparty side signs with it) and, when `persist`, the store file. */
  dataDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Keep the store in `<dataDir>/operator-standin/store.jsonl` (default true). */
  persist?: boolean;
}

export interface RunningOperatorStandIn {
  url: string;
  store: StandInStore;
  faults: StandInFaults;
  close(): Promise<void>;
}

export async function startOperatorStandIn(options: OperatorStandInOptions): Promise<RunningOperatorStandIn> {
  const manifest = readManifest(options.dataDir);
  const file =
    options.persist === false ? null : path.join(options.dataDir, 'operator-standin', 'store.jsonl');
  const store = new StandInStore(file);
  // Every demo identity is a company (or person) at the operator, password "demo".
  for (const key of manifest?.keys ?? []) {
    const login = key.kind === 'organization' || key.id.startsWith('org-') ? key.tin : key.pinfl;
    if (!login || store.companies.has(login) || !/^(org|ind)-/.test(key.id)) continue;
    store.putCompany({
      login,
      password: STANDIN_DEMO_PASSWORD,
      name: key.organization ?? key.cn,
      offerSigned: true,
      noAuthority: [],
    });
  }
  const tsa = manifest
    ? await DemoTsa.load(
        resolveInPki(manifest, manifest.tsa.certificateFile),
        resolveInPki(manifest, manifest.tsa.keyFile),
        'operator-standin',
      )
    : null;
  const { app, faults } = buildStandIn({
    store,
    signer: manifest ? new DemoSigner(options.dataDir) : null,
    tsa,
  });
  const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    url: url.replace('localhost', '127.0.0.1'),
    store,
    faults,
    close: () => app.close(),
  };
}
