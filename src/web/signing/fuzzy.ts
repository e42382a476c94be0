import Fuse from 'fuse.js';
import { CERTIFICATE_SEARCH_THRESHOLD } from '../../engine/constants';
import type { Certificate } from './certificate';

/** The spec's fuzzy filter over TIN, organisation and owner (threshold 0.1); empty query keeps all. */
export function filterCertificates(list: Certificate[], query: string): Certificate[] {
  const q = query.trim();
  if (!q) return list;
  const fuse = new Fuse(list, {
    keys: ['TIN', 'PINFL', 'O', 'CN'],
    threshold: CERTIFICATE_SEARCH_THRESHOLD,
    ignoreLocation: true,
  });
  // Keep the list's order (sorted by TIN) rather than Fuse's score order.
  const hits = new Set(fuse.search(q).map((r) => r.refIndex));
  return list.filter((_, i) => hits.has(i));
}
