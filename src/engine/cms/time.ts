// E-IMZO prints dates in Tashkent local time (UTC+5, no daylight saving) without a zone.
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

function pad(n: number, width = 2) {
  return String(n).padStart(width, '0');
}

/** `yyyy-MM-dd HH:mm:ss` (E-IMZO-Server JSON) or, with '.', `yyyy.MM.dd HH:mm:ss` (aliases). */
export function formatTashkent(date: Date, dateSeparator: '-' | '.' = '-'): string {
  const t = new Date(date.getTime() + TASHKENT_OFFSET_MS);
  const d = [t.getUTCFullYear(), pad(t.getUTCMonth() + 1), pad(t.getUTCDate())].join(dateSeparator);
  return `${d} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/** Parses `yyyy-MM-dd HH:mm:ss` or `yyyy.MM.dd HH:mm:ss` as Tashkent time; null when malformed. */
export function parseTashkent(text: string): Date | null {
  const m = /^(\d{4})[-.](\d{2})[-.](\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - TASHKENT_OFFSET_MS);
}
