import type { FastifyRequest } from 'fastify';
import type { LogLevel } from '../config';

// What the request log may hold. A query parameter that looks like a credential (a refresh token a
// client put in a URL, a password, a key) is masked wherever a URL is logged; headers are not logged
// at all, and the ones that carry credentials are redacted should anything log them.

const SECRET_PARAM = /token|passw|secret|signature|pkcs7|api_?key|session/i;
export const MASK = '***';

/** The URL with the value of every credential-like query parameter replaced by `***`. */
export function maskUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* keep the raw name */
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, equals)}=${MASK}` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/** pino options of the server: level, masked URLs, redacted credential headers. */
export function loggerOptions(level: LogLevel) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: MASK,
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: maskUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
