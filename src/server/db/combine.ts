// Several data-modifying statements sent as one: PostgreSQL runs the WITH parts and the last statement
// together, in one round trip (on this kind of machine a round trip costs more than the statement).

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * One statement doing all of `statements` (in order of writing; none may read another's rows). Each
 * statement's $n is renumbered after the parameters of those before it.
 */
export function combineStatements(statements: Statement[]): Statement {
  const params: unknown[] = [];
  const texts = statements.map((statement) => {
    const offset = params.length;
    params.push(...statement.params);
    return statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = texts.pop() ?? '';
  if (texts.length === 0) return { sql: last, params };
  const parts = texts.map((text, index) => `w${index} as (${text})`);
  return { sql: `with ${parts.join(', ')} ${last}`, params };
}
