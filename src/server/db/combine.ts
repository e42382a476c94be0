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
