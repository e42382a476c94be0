// Standard Webhooks signatures (standardwebhooks.com): webhook-id, webhook-timestamp (Unix seconds) and
// webhook-signature = space-separated `v1,<base64 HMAC-SHA256 over "id.timestamp.body">`, one per
// secret in use (two during a rotation's overlap). Secrets are `whsec_` + base64 of 32 random bytes.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64');

function keyOf(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt, signed with every secret given. */
export function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  };
}
