// A message digest by its WebCrypto name. In Node, Node's own hash (reached without importing a Node
// module, so browsers load this file unchanged): the same bytes at a third of WebCrypto's time for a
// 50 KB document there, and no job on the thread pool — the operator sync hashes every document it
// receives (bench:sync profile, 2026-11-29). Browsers, and names Node's table lacks, use WebCrypto.
import { bufferSource } from './bytes';

interface NodeHash {
  update(data: Uint8Array): NodeHash;
  digest(): Uint8Array;
}
interface NodeCrypto {
  createHash(name: string): NodeHash;
}
type WithBuiltins = { process?: { getBuiltinModule?: (id: string) => unknown } };

const nodeCrypto = (globalThis as WithBuiltins).process?.getBuiltinModule?.('node:crypto') as
  | NodeCrypto
  | undefined;

const NODE_NAMES: Record<string, string> = {
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};

export async function digestOf(name: string, data: Uint8Array): Promise<Uint8Array> {
  const nodeName = NODE_NAMES[name.toUpperCase()];
  if (nodeCrypto && nodeName) return new Uint8Array(nodeCrypto.createHash(nodeName).update(data).digest());
  return new Uint8Array(await crypto.subtle.digest(name, bufferSource(data)));
}
