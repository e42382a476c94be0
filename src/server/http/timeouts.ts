import type { Config, HttpTimeouts } from '../config';
import {
  HEADERS_TIMEOUT_MS,
  IDLE_SOCKET_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_CHECK_INTERVAL_MS,
} from '../limits';

/** The HTTP server's timeouts: src/server/limits.ts, unless the configuration overrides one (tests). */
export function serverTimeouts(config: Config): HttpTimeouts {
  return {
    requestMs: REQUEST_TIMEOUT_MS,
    headersMs: HEADERS_TIMEOUT_MS,
    keepAliveMs: KEEP_ALIVE_TIMEOUT_MS,
    idleSocketMs: IDLE_SOCKET_TIMEOUT_MS,
    checkIntervalMs: TIMEOUT_CHECK_INTERVAL_MS,
    ...config.timeouts,
  };
}
