/** The V8 flags the server's process runs with (serverFlags.mjs says why). */
export declare const SERVER_NODE_FLAGS: string[];
