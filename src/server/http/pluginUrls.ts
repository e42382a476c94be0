import type { Config } from '../config';
import { DEFAULT_EIMZO_WS_PORT, DEFAULT_EIMZO_WSS_PORT } from '../signing/config';

/**
 * Where browsers find the E-IMZO plug-in's WebSocket: on http pages `wsUrl`, on https pages
 * `wssUrl` — from the signing configuration (the demo emulator's actual ports), else the plug-in's
 * standard addresses. The client settings hand these out and the CSP allows connecting to them.
 */
export function pluginSocketUrls(config: Config): { wsUrl: string; wssUrl: string } {
  return {
    wsUrl: config.eimzo?.wsUrl ?? `ws://127.0.0.1:${DEFAULT_EIMZO_WS_PORT}/service/cryptapi`,
    wssUrl: config.eimzo?.wssUrl ?? `wss://127.0.0.1:${DEFAULT_EIMZO_WSS_PORT}/service/cryptapi`,
  };
}
