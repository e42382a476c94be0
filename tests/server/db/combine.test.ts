import { describe, expect, it } from 'vitest';
import { combineGroups, combineStatements, insertParts, SharedParam } from '../../../src/server/db/combine';

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

describe('combineGroups', () => {
  const documentInsert = 'insert into d (id, note) values ($1, $2)';
  const partyUpsert =
    'insert into p (id, who) values ($1, $2), ($3, $4) on conflict (id, who) do update set who = excluded.who';

  it('writes the inserts of one text as one insert of all their rows, renumbered in order', () => {
    const cms = new SharedParam('MII…');
    const combined = combineGroups([
      [
        { sql: documentInsert, params: ['d1', cms] },
        { sql: 'insert into s (id, cms) values ($1, $2)', params: ['s1', cms] },
        { sql: partyUpsert, params: ['d1', 'A', 'd1', 'B'] },
      ],
      [
        { sql: documentInsert, params: ['d2', 'x'] },
        { sql: partyUpsert, params: ['d2', 'A', 'd2', 'C'] },
      ],
    ]);
    expect(combined.sql).toBe(
      'with w0 as (insert into d (id, note) values ($1, $2), ($8, $9)), ' +
        'w1 as (insert into s (id, cms) values ($3, $2)) ' +
        'insert into p (id, who) values ($4, $5), ($6, $7), ($10, $11), ($12, $13) on conflict (id, who) do update set who = excluded.who',
    );
    expect(combined.params).toEqual([
      'd1',
      'MII…',
      's1',
      'd1',
      'A',
      'd1',
      'B',
      'd2',
      'x',
      'd2',
      'A',
      'd2',
      'C',
    ]);
  });

  it('keeps apart what is not a plain insert of rows, or whose tail takes a parameter', () => {
    const tailed = 'insert into q (id) values ($1) on conflict (id) do update set n = $2';
    const combined = combineGroups([
      [
        { sql: tailed, params: ['a', 1] },
        { sql: 'update r set n = $1', params: [5] },
      ],
      [
        { sql: tailed, params: ['b', 2] },
        { sql: "insert into t (id, s) values ($1, 'a (quoted) text')", params: ['t1'] },
      ],
      [{ sql: "insert into t (id, s) values ($1, 'a (quoted) text')", params: ['t2'] }],
    ]);
    expect(combined.sql).toBe(
      "with w0 as (insert into t (id, s) values ($6, 'a (quoted) text'), ($7, 'a (quoted) text')), " +
        'w1 as (insert into q (id) values ($1) on conflict (id) do update set n = $2), w2 as (update r set n = $3) ' +
        'insert into q (id) values ($4) on conflict (id) do update set n = $5',
    );
    expect(combined.params).toEqual(['a', 1, 5, 'b', 2, 't1', 't2']);
  });

  it('cuts only inserts of listed rows', () => {
    expect(insertParts('insert into x (a) select a from y')).toBeNull();
    expect(insertParts('update x set a = 1')).toBeNull();
    expect(insertParts("insert into x (a, b) values ($1, 'it''s (one)'), ($2, 'b') returning a")).toEqual({
      head: 'insert into x (a, b) values ',
      tuples: ["($1, 'it''s (one)')", "($2, 'b')"],
      tail: ' returning a',
    });
  });
});
