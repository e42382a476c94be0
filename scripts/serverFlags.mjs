// The V8 flags the server's process runs with (npm start, the ops cluster, the resilience walks,
// bench:sync).
//
// A young generation of up to 64 MB a semi-space (V8's default is 16 on 64-bit): the server makes
// many short-lived large values — an operator's answer of ~120 KB per document, its JSON, the
// statement's parameters — and with the default most scavenges copied live documents in flight.
// bench:sync (3,000 documents, PostgreSQL, 2026-11-29, alternating runs): the server's process 6.78
// ms of CPU a document against 8.30, and 7.44 against 8.16 in an earlier pair; RSS ~100 MB higher.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** The arguments of `node` that start the server (scripts/serve.ts) with those flags, from the project's root. */
export function serverArgs(root) {
  return [...SERVER_NODE_FLAGS, '--import', 'tsx', `${root}/scripts/serve.ts`];
}
