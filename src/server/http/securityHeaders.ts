import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { pluginSocketUrls } from './pluginUrls';
import { signOriginOf } from './signHost';

// Headers of every answer (OWASP ASVS V14.4): a Content-Security-Policy that lets pages run only
// this server's scripts and styles and talk only to this server and the E-IMZO plug-in; no framing;
// no MIME sniffing; no referrer; no powerful browser features; HSTS when served over https; and
// `Cache-Control: no-store` on API answers (tokens, personal data) unless a route chose otherwise.

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** Origins of the plug-in's WebSocket addresses, for connect-src. */
function pluginOrigins(config: Config): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(pluginSocketUrls(config))) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      /* a malformed address was refused by the configuration already */
    }
  }
  return [...origins];
}

/**
 * The policy of the app's pages. `styleSource` is widened only for the API documentation, whose
 * Swagger UI injects <style> elements (its scripts still come from this server only).
 */
export function pagePolicy(config: Config, styleSource = "'self'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styleSource}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${pluginOrigins(config).join(' ')}`.trim(),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of everything else (JSON, files): nothing may run or load in it, nobody may frame it. */
export const RESOURCE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The headers every answer carries (also the raw answers of src/server/http/clientErrors.ts). */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Where the Swagger UI lives (app.ts). */
export const API_DOCS_PREFIX = '/api/docs';

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const page = pagePolicy(config);
  const docs = pagePolicy(config, "'self' 'unsafe-inline'");
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    reply.headers(BASE_HEADERS);
    // A 304 carries no content type, and the browser copies its headers onto the cached answer: a
    // policy guessed here would replace the page's own (a reloaded app would load no script).
    // A download that must never run (document attachments) sets its own sandboxed policy: kept.
    const own = reply.getHeader('content-security-policy');
    const sandboxed = typeof own === 'string' && own.startsWith('sandbox');
    if (reply.statusCode !== 304 && !sandboxed) {
      const html = type.startsWith('text/html');
      const policy = !html ? RESOURCE_POLICY : request.url.startsWith(API_DOCS_PREFIX) ? docs : page;
      // A page may also call the sign host of its own name (SIGN_SUBDOMAIN; http/signHost.ts).
      const signOrigin = html ? signOriginOf(config, request) : null;
      reply.header(
        'content-security-policy',
        signOrigin ? policy.replace("connect-src 'self'", `connect-src 'self' ${signOrigin}`) : policy,
      );
    }
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
