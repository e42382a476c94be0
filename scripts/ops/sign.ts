// Signs with a demo key through an instance's E-IMZO emulator, as the browser's plug-in API does
// (the same calls as scripts/demo-exchange.ts).
import WebSocket from 'ws';
import type { Instance } from './cluster';

function call(wsUrl: string, origin: string, message: object): Promise<any> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { origin } });
    ws.once('open', () => ws.send(JSON.stringify(message)));
    ws.once('message', (data) => {
      resolve(JSON.parse(data.toString()));
      ws.close();
    });
    ws.once('error', reject);
  });
}

/** An attached PKCS#7 over `bytes` with the demo key of `identity`, made by `instance`'s emulator. */
export async function signWithDemoKey(instance: Pick<Instance, 'base'>, identity: string, bytes: Uint8Array) {
  const config = await (await fetch(`${instance.base}/api/Config/client`)).json();
  const wsUrl: string = config.eimzo.wsUrl;
  const origin = new URL(instance.base).origin;
  if (config.eimzo.apiKey)
    await call(wsUrl, origin, {
      name: 'apikey',
      arguments: [new URL(instance.base).hostname, config.eimzo.apiKey],
    });
  const list = await call(wsUrl, origin, { plugin: 'pfx', name: 'list_all_certificates' });
  const entry = list.certificates.find((c: any) => c.path === 'DSKEYS' && c.name === `DS${identity}`);
  if (!entry) throw new Error(`no demo key for ${identity}`);
  const loaded = await call(wsUrl, origin, {
    plugin: 'pfx',
    name: 'load_key',
    arguments: [entry.disk, entry.path, entry.name, entry.alias],
  });
  if (!loaded.success) throw new Error(`load_key: ${loaded.reason}`);
  const signed = await call(wsUrl, origin, {
    plugin: 'pkcs7',
    name: 'create_pkcs7',
    arguments: [Buffer.from(bytes).toString('base64'), loaded.keyId, 'no'],
  });
  if (!signed.success) throw new Error(`create_pkcs7: ${signed.reason}`);
  return signed.pkcs7_64 as string;
}

/**
 * getModelSign → its exact bytes signed with `identity`'s demo key → run: one signed action, answered
 * as status and body. The idempotency key makes a retried run one action.
 */
export async function signedAction(
  instance: Pick<Instance, 'base'>,
  auth: Record<string, string>,
  identity: string,
  documentId: string,
  action: string,
  keyPrefix: string,
): Promise<{ status: number; body: any }> {
  const json = async (res: Response) => {
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const query = new URLSearchParams({ documentId, action });
  const model = await json(
    await fetch(`${instance.base}/api/DocumentSignAction/getModelSign?${query}`, { headers: auth }),
  );
  if (model.status !== 200) return model;
  const signature = await signWithDemoKey(
    instance,
    identity,
    new Uint8Array(Buffer.from(model.body.data.toSign, 'base64')),
  );
  return json(
    await fetch(`${instance.base}/api/DocumentSignAction/run`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        'idempotency-key': `${keyPrefix}-${documentId}-${action}`,
      },
      body: JSON.stringify({ documentId, action, signature }),
    }),
  );
}
