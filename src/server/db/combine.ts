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
 * The parameters of statements being combined: each statement's $n renumbered after those before it;
 * a SharedParam met again keeps the number it was first given.
 */
class ParamNumbering {
  readonly params: unknown[] = [];
  private readonly shared = new Map<SharedParam, number>();

  /** The new numbers of one statement's parameters (its $1, $2, … in order). */
  numbers(statementParams: unknown[]): number[] {
    return statementParams.map((param) => {
      if (!(param instanceof SharedParam)) return this.params.push(param);
      const known = this.shared.get(param);
      if (known) return known;
      const number = this.params.push(param.value);
      this.shared.set(param, number);
      return number;
    });
  }

  /** `text` with its $n as `numbers` say. */
  static apply(text: string, numbers: number[]): string {
    return text.replace(/\$(\d+)/g, (_, n: string) => `$${numbers[Number(n) - 1]}`);
  }

  renumber(text: string, statementParams: unknown[]): string {
    return ParamNumbering.apply(text, this.numbers(statementParams));
  }

  /** The texts as one statement: all but the last as WITH parts, with the parameters numbered so far. */
  combined(texts: string[]): Statement {
    const last = texts.pop() ?? '';
    if (texts.length === 0) return { sql: last, params: this.params };
    const parts = texts.map((text, index) => `w${index} as (${text})`);
    return { sql: `with ${parts.join(', ')} ${last}`, params: this.params };
  }
}

/**
 * One statement doing all of `statements` (in order of writing; none may read another's rows), their
 * parameters numbered by ParamNumbering.
 */
export function combineStatements(statements: Statement[]): Statement {
  const numbering = new ParamNumbering();
  return numbering.combined(
    statements.map((statement) => numbering.renumber(statement.sql, statement.params)),
  );
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
  const numbering = new ParamNumbering();
  const merged = new Map<string, { head: string; tail: string; tuples: string[] }>();
  const others: string[] = [];
  for (const group of groups)
    for (const statement of group) {
      const numbers = numbering.numbers(statement.params);
      const parts = insertParts(statement.sql);
      // Only the rows may carry parameters: a head or tail with one is the statement's own.
      if (!parts || /\$\d/.test(parts.head + parts.tail)) {
        others.push(ParamNumbering.apply(statement.sql, numbers));
        continue;
      }
      const key = `${parts.head}\u0000${parts.tail}`;
      const rows = merged.get(key) ?? { head: parts.head, tail: parts.tail, tuples: [] };
      merged.set(key, rows);
      for (const tuple of parts.tuples) rows.tuples.push(ParamNumbering.apply(tuple, numbers));
    }
  return numbering.combined([
    ...[...merged.values()].map((m) => `${m.head}${m.tuples.join(', ')}${m.tail}`),
    ...others,
  ]);
}
