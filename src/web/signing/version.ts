import { EIMZO_MIN_VERSION } from '../../engine/constants';

/** major*100 + minor, as the official client compares plug-in versions; null when either is missing. */
export function versionNumber(reply: { major?: unknown; minor?: unknown }): number | null {
  const major = Number.parseInt(String(reply.major ?? ''), 10);
  const minor = Number.parseInt(String(reply.minor ?? ''), 10);
  if (Number.isNaN(major) || Number.isNaN(minor)) return null;
  return major * 100 + minor;
}

export const MIN_VERSION_NUMBER = (() => {
  const [major, minor] = EIMZO_MIN_VERSION.split('.');
  return Number(major) * 100 + Number(minor);
})();

export type VersionCheck =
  | { ok: true; version: string }
  | { ok: false; reason: 'undefined' | 'tooOld'; version?: string };

export function checkVersion(reply: { major?: unknown; minor?: unknown; patch?: unknown }): VersionCheck {
  const n = versionNumber(reply);
  if (n === null) return { ok: false, reason: 'undefined' };
  const version = [reply.major, reply.minor, reply.patch]
    .filter((p) => p !== undefined && p !== '')
    .join('.');
  return n < MIN_VERSION_NUMBER ? { ok: false, reason: 'tooOld', version } : { ok: true, version };
}
