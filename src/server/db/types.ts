// Value parsing shared by both drivers: dates stay 'yyyy-MM-dd' strings, numeric stays an exact
// decimal string, bigint counts become numbers.
export const PG_OID = { int8: 20, date: 1082, numeric: 1700 } as const;

export const parseDate = (v: string) => v;
export const parseNumeric = (v: string) => v;
export const parseInt8 = (v: string) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
};
