// Several data-modifying statements sent as one: PostgreSQL runs the WITH parts and the last statement
// together, in one round trip (on this kind of machine a round trip costs more than the statement).

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * A parameter several statements of one combination pass: sent and bound once (a received
 * document's CMS is both the document's and, with one signer, its signature's — ~50 KB once
 * instead of twice). Statements that share one must use it as the same type.
 */
export class SharedParam {
  constructor(readonly value: unknown) {}
}

/**
 * One statement doing all of `statements` (in order of writing; none may read another's rows). Each
 * statement's $n is renumbered after the parameters of those before it; a SharedParam met again
 * keeps the number it was first given.
 */
export function combineStatements(statements: Statement[]): Statement {
  const params: unknown[] = [];
  const shared = new Map<SharedParam, number>();
  const texts = statements.map((statement) => {
    const numbers = statement.params.map((param) => {
      if (!(param instanceof SharedParam)) return params.push(param);
      const known = shared.get(param);
      if (known) return known;
      const number = params.push(param.value);
      shared.set(param, number);
      return number;
    });
    return statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${numbers[Number(n) - 1]}`);
  });
  const last = texts.pop() ?? '';
  if (texts.length === 0) return { sql: last, params };
  const parts = texts.map((text, index) => `w${index} as (${text})`);
  return { sql: `with ${parts.join(', ')} ${last}`, params };
}

/** An insert's text cut around its rows: `head` up to VALUES, each row's tuple, and what follows. */
interface InsertParts {
  head: string;
  tuples: string[];
  tail: string;
}

const insertPartsCache = new Map<string, InsertParts | null>();
/** Texts remembered at most (callers pass a handful of statement texts; any beyond is cut again). */
const INSERT_PARTS_CACHED = 256;

/** The end of the parenthesised tuple opening at `at` (quoted text skipped), or -1. */
function tupleEnd(sql: string, at: number): number {
  let depth = 0;
  for (let i = at; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'") {
      i = sql.indexOf("'", i + 1);
      if (i < 0) return -1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** `insert into … values (…)[, (…)] …` cut into its parts; null for any other statement. */
export function insertParts(sql: string): InsertParts | null {
  const cached = insertPartsCache.get(sql);
  if (cached !== undefined) return cached;
  let parts: InsertParts | null = null;
  const values = /^\s*insert\s+into\s[^']*?\bvalues\s*/i.exec(sql);
  if (values) {
    const tuples: string[] = [];
    let at = values[0].length;
    for (;;) {
      if (sql[at] !== '(') break;
      const end = tupleEnd(sql, at);
      if (end < 0) break;
      tuples.push(sql.slice(at, end));
      const comma = /^\s*,\s*/.exec(sql.slice(end));
      at = comma ? end + comma[0].length : end;
      if (!comma) break;
    }
    if (tuples.length) parts = { head: values[0], tuples, tail: sql.slice(at) };
  }
  if (insertPartsCache.size < INSERT_PARTS_CACHED) insertPartsCache.set(sql, parts);
  return parts;
}

/**
 * The statements of several writers as one (each group is one writer's, e.g. one document's): inserts
 * of one text — the same table, columns and what follows the rows — become one insert of all their
 * rows, so a statement-level trigger runs once for the lot and the whole is one round trip and one
 * commit. As with combineStatements, no statement may read another's rows; an insert's conflict
 * clause must not meet two of the lot's rows (the caller writes the groups one by one if it does).
 */
export function combineGroups(groups: Statement[][]): Statement {
  const params: unknown[] = [];
  const shared = new Map<SharedParam, number>();
  const merged = new Map<string, { head: string; tail: string; tuples: string[] }>();
  const others: string[] = [];
  for (const group of groups)
    for (const statement of group) {
      const numbers = statement.params.map((param) => {
        if (!(param instanceof SharedParam)) return params.push(param);
        const known = shared.get(param);
        if (known) return known;
        const number = params.push(param.value);
        shared.set(param, number);
        return number;
      });
      const renumber = (text: string) =>
        text.replace(/\$(\d+)/g, (_, n: string) => `$${numbers[Number(n) - 1]}`);
      const parts = insertParts(statement.sql);
      // Only the rows may carry parameters: a head or tail with one is the statement's own.
      if (!parts || /\$\d/.test(parts.head + parts.tail)) {
        others.push(renumber(statement.sql));
        continue;
      }
      const key = `${parts.head}\u0000${parts.tail}`;
      const rows = merged.get(key) ?? { head: parts.head, tail: parts.tail, tuples: [] };
      merged.set(key, rows);
      for (const tuple of parts.tuples) rows.tuples.push(renumber(tuple));
    }
  const texts = [...[...merged.values()].map((m) => `${m.head}${m.tuples.join(', ')}${m.tail}`), ...others];
  const last = texts.pop() ?? '';
  if (texts.length === 0) return { sql: last, params };
  return { sql: `with ${texts.map((text, index) => `w${index} as (${text})`).join(', ')} ${last}`, params };
}
