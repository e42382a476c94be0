/** The V8 flags the server's process runs with (serverFlags.mjs says why). */
export declare const SERVER_NODE_FLAGS: string[];
/** The arguments of `node` that start the server (scripts/serve.ts) with those flags. */
export declare function serverArgs(root: string): string[];
