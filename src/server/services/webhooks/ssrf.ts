// Where a webhook may go (no server-side request forgery): http(s) only, and never to loopback,
// link-local, private, unique-local, multicast or unspecified addresses — IPv4 and IPv6, IPv4-mapped
// included — unless the configuration allows private networks. Checked when the admin saves the URL
// (every address the name resolves to) and again at connect time on the address actually connected
// to (the request's own `lookup`), so a name that resolves elsewhere later (DNS rebinding) is refused.
import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ApiError } from '../../errors';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an address is one a webhook must not reach. */
export function forbiddenAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return blocked.check(address, 'ipv4');
  if (version !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

const refused = () => new ApiError(400, 'WEBHOOK_URL_REFUSED', 'integrations:webhooks.urlRefused');

/** The URL as saved: http(s), no credentials, a host that resolves only to allowed addresses. */
export async function checkWebhookUrl(text: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw refused();
  if (allowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await dns.promises
        .lookup(host, { all: true, verbatim: true })
        .then((found) => found.map((a) => a.address))
        .catch(() => {
          throw refused();
        });
  if (!addresses.length || addresses.some(forbiddenAddress)) throw refused();
  return url.toString();
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http.request that refuses forbidden addresses at connect time. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '');
      const list = found as dns.LookupAddress[];
      const allowed = allowPrivate ? list : list.filter((a) => !forbiddenAddress(a.address));
      if (!allowed.length) {
        const refusal: NodeJS.ErrnoException = new Error('address refused');
        refusal.code = 'EADDRREFUSED';
        return callback(refusal, '');
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}
