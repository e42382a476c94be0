import { describe, expect, it } from 'vitest';
import { combineStatements, SharedParam } from '../../../src/server/db/combine';

describe('combineStatements', () => {
  it('renumbers each statement after the parameters of those before it', () => {
    const combined = combineStatements([
      { sql: 'insert into a (x, y) values ($1, $2)', params: [1, 2] },
      { sql: 'update b set z = $2 where id = $1', params: ['id', 3] },
      { sql: 'insert into c (w) values ($1)', params: [4] },
    ]);
    expect(combined.sql).toBe(
      'with w0 as (insert into a (x, y) values ($1, $2)), w1 as (update b set z = $4 where id = $3) insert into c (w) values ($5)',
    );
    expect(combined.params).toEqual([1, 2, 'id', 3, 4]);
  });

  it('leaves a single statement as it is', () => {
    expect(combineStatements([{ sql: 'select $1', params: [1] }])).toEqual({ sql: 'select $1', params: [1] });
  });
});

describe('combineStatements with a shared parameter', () => {
  it('sends a SharedParam once: every statement passing it refers to its one number', () => {
    const cms = new SharedParam('MII…');
    const combined = combineStatements([
      { sql: 'insert into d (id, cms) values ($1, $2)', params: ['d1', cms] },
      { sql: 'insert into s (id, cms, at) values ($1, $2, $3)', params: ['s1', cms, 'now'] },
      { sql: 'insert into t (x) values ($1)', params: [new SharedParam('MII…')] },
    ]);
    expect(combined.sql).toBe(
      'with w0 as (insert into d (id, cms) values ($1, $2)), w1 as (insert into s (id, cms, at) values ($3, $2, $4)) insert into t (x) values ($5)',
    );
    // Another SharedParam of an equal value is a parameter of its own: sharing is said, not guessed.
    expect(combined.params).toEqual(['d1', 'MII…', 's1', 'now', 'MII…']);
  });
});
