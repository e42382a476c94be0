/** Calendar helpers shared by the date keywords (no Date parsing: it is locale and zone dependent). */

export function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** yyyy-MM-dd of a moment in Tashkent (UTC+5, no daylight saving): deadlines are local days. */
export function tashkentDay(moment: Date | string | undefined): string {
  const time = moment === undefined ? Date.now() : new Date(moment).getTime();
  return new Date(time + 5 * 3600_000).toISOString().slice(0, 10);
}

export function parseIsoDate(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}
