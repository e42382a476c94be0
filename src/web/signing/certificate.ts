// A certificate as the sign-in and signing screens see it (spec §3 Certificate), parsed from the
// plug-in's alias exactly as the official e-imzo-client.js does (reference/eimzo.md §5.2).

export type CertificateType = 'pfx' | 'ftjc';

export interface Certificate {
  type: CertificateType;
  disk: string;
  path: string;
  name: string;
  alias: string;
  /** Upper-case hex, as the official client returns it. */
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
  CN: string;
  /** Legal TIN, falling back to the personal TIN (UID). */
  TIN: string;
  UID: string;
  PINFL: string;
  O: string;
  T: string;
  /** Tokens only. */
  cardUID?: string;
  statusInfo?: string;
  ownerName?: string;
  info?: string;
}

/**
 * Value of one attribute of an upper-cased alias. The alias is split before every `,LETTERS=` so that
 * commas inside values survive; numeric OIDs never start a piece, which is why the caller renames
 * the TIN and PINFL OIDs first.
 */
export function aliasValue(upperAlias: string, field: string): string {
  const pieces: string[] = [];
  let last = 0;
  for (const match of upperAlias.matchAll(/,[A-Z]+=/g)) {
    pieces.push(upperAlias.slice(last, match.index));
    last = match.index ?? 0;
  }
  pieces.push(upperAlias.slice(last));
  for (let i = 0; i < pieces.length; i++) {
    const prefix = `${i > 0 ? ',' : ''}${field}=`;
    if (pieces[i].startsWith(prefix)) return pieces[i].slice(prefix.length);
  }
  return '';
}

/** "2022.04.25 17:42:58" in local time, as the plug-in writes validity. */
function aliasDate(raw: string): Date {
  return new Date(raw.replace(/\./g, '-').replace(' ', 'T'));
}

type AliasFields = Pick<
  Certificate,
  'serialNumber' | 'validFrom' | 'validTo' | 'CN' | 'TIN' | 'UID' | 'PINFL' | 'O' | 'T'
>;

export function parseAlias(alias: string, parseDate: (raw: string) => Date = aliasDate): AliasFields {
  const x = alias.toUpperCase().replace('1.2.860.3.16.1.1=', 'INN=').replace('1.2.860.3.16.1.2=', 'PINFL=');
  return {
    serialNumber: aliasValue(x, 'SERIALNUMBER'),
    validFrom: parseDate(aliasValue(x, 'VALIDFROM')),
    validTo: parseDate(aliasValue(x, 'VALIDTO')),
    CN: aliasValue(x, 'CN'),
    TIN: aliasValue(x, 'INN') || aliasValue(x, 'UID'),
    UID: aliasValue(x, 'UID'),
    PINFL: aliasValue(x, 'PINFL'),
    O: aliasValue(x, 'O'),
    T: aliasValue(x, 'T'),
  };
}

/** A file key from `pfx.list_all_certificates`; null when it names neither TIN nor PINFL. */
export function certificateFromPfx(item: {
  disk: string;
  path: string;
  name: string;
  alias: string;
}): Certificate | null {
  const fields = parseAlias(item.alias);
  if (!fields.TIN && !fields.PINFL) return null;
  return { type: 'pfx', disk: item.disk, path: item.path, name: item.name, alias: item.alias, ...fields };
}

/** A token from `ftjc.list_all_keys`: the alias-like `info`, validity parsed as-is. */
export function certificateFromToken(item: {
  cardUID: string;
  statusInfo: string;
  ownerName: string;
  info: string;
}): Certificate | null {
  const fields = parseAlias(item.info, (raw) => new Date(raw));
  if (!fields.TIN && !fields.PINFL) return null;
  return {
    type: 'ftjc',
    disk: '',
    path: '',
    name: item.cardUID,
    alias: item.info,
    ...fields,
    cardUID: item.cardUID,
    statusInfo: item.statusInfo,
    ownerName: item.ownerName,
    info: item.info,
  };
}

export function isExpired(cert: Pick<Certificate, 'validTo'>, now = new Date()): boolean {
  return cert.validTo.getTime() < now.getTime();
}

/** TIN or PINFL, the identity shown first. */
export const certificateIdentity = (cert: Pick<Certificate, 'TIN' | 'PINFL'>) => cert.TIN || cert.PINFL;

/** "(TIN) CN" as the spec labels options. */
export const certificateLabel = (cert: Pick<Certificate, 'TIN' | 'PINFL' | 'CN'>) =>
  `(${certificateIdentity(cert)}) ${cert.CN}`;

/** One entry per serial number (a key both on disk and on a token is one certificate), sorted by TIN. */
export function uniqueSortedCertificates(list: Certificate[]): Certificate[] {
  const seen = new Set<string>();
  const unique = list.filter((cert) => {
    const key = cert.serialNumber.toUpperCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (a, b) =>
      certificateIdentity(a).localeCompare(certificateIdentity(b)) ||
      // Within one TIN the usable keys come before expired ones.
      Number(isExpired(a)) - Number(isExpired(b)) ||
      a.CN.localeCompare(b.CN) ||
      a.serialNumber.localeCompare(b.serialNumber),
  );
}
