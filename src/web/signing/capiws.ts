// The plug-in's WebSocket transport (CAPIWS, reference/eimzo.md §1–2): one JSON request and one JSON
// reply per connection, as the official e-imzo.js does. No timeout: the plug-in may be waiting for the
// user to type a key password.

export interface CapiwsRequest {
  plugin?: string;
  name: string;
  arguments?: string[];
}

export type CapiwsReply = Record<string, unknown> & { success?: boolean; status?: number; reason?: string };

export const EIMZO_WS_URL = 'ws://127.0.0.1:64646/service/cryptapi';
export const EIMZO_WSS_URL = 'wss://127.0.0.1:64443/service/cryptapi';

/** The plug-in's address for this page: wss on https pages, ws otherwise. */
export function defaultCapiwsUrl(
  protocol = typeof window === 'undefined' ? 'http:' : window.location.protocol,
): string {
  return protocol === 'https:' ? EIMZO_WSS_URL : EIMZO_WS_URL;
}

/** The socket failed before any reply: nothing listens there, or the connection broke. */
export class CapiwsConnectionError extends Error {
  override name = 'CapiwsConnectionError';
  constructor(readonly closeCode: number | null) {
    super(`E-IMZO connection failed${closeCode ? ` (${closeCode})` : ''}`);
  }
}

/** How long an error waits for its close event (which carries the code) before failing the call. */
const CLOSE_GRACE_MS = 100;

export function callCapiws(
  url: string,
  request: CapiwsRequest,
  WebSocketImpl: typeof WebSocket = WebSocket,
): Promise<CapiwsReply> {
  return new Promise((resolve, reject) => {
    let socket: WebSocket;
    try {
      socket = new WebSocketImpl(url);
    } catch {
      reject(new CapiwsConnectionError(null));
      return;
    }
    let settled = false;
    socket.onopen = () => socket.send(JSON.stringify(request));
    socket.onmessage = (event) => {
      if (settled || typeof event.data !== 'string') return;
      settled = true;
      try {
        resolve(JSON.parse(event.data) as CapiwsReply);
      } catch {
        resolve({ success: false, status: 0, reason: 'Invalid reply' });
      } finally {
        socket.close();
      }
    };
    socket.onclose = (event) => {
      if (settled) return;
      settled = true;
      reject(new CapiwsConnectionError(event.code || null));
    };
    socket.onerror = () => {
      // onclose normally follows with the code. A connection the page's Content-Security-Policy
      // refuses (an address the server did not list) gets no close event in Chromium: fail anyway.
      setTimeout(() => {
        if (settled) return;
        settled = true;
        reject(new CapiwsConnectionError(null));
      }, CLOSE_GRACE_MS);
    };
  });
}
