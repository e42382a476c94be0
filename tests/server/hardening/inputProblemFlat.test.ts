// The request rules' flat fast path (every query string and route params) answers exactly as the full
// walk does: the same problem at the same path, also when several keys or values break the rule.
import { describe, expect, it } from 'vitest';
import { inputProblem, walkProblem } from '../../../src/server/http/requestRules';

const NUL = '\u0000';
const inputs: unknown[] = [
  {},
  { page: 1, size: 18, tasnifName: 'чай' },
  { a: `x${NUL}`, b: 'y' },
  { a: `x${NUL}`, b: `y${NUL}` },
  { [`k${NUL}`]: 'v', b: `y${NUL}` },
  { a: 'v', [`k${NUL}`]: 'v', [`m${NUL}`]: 'w' },
  { a: null, b: undefined, c: true, d: 3.5, e: `${NUL}` },
  Object.assign(Object.create(null), { search: `a${NUL}b`, page: 2 }),
  // Not flat: the walk answers.
  { a: ['x', `y${NUL}`] },
  { a: { b: `c${NUL}` }, d: `e${NUL}` },
  [`a${NUL}`],
  `text${NUL}`,
  null,
  undefined,
  Buffer.from('a\u0000b'),
];

describe('request rules: the flat fast path', () => {
  it('answers as the full walk for every input', () => {
    for (const input of inputs) {
      expect(inputProblem(input, 'querystring')).toEqual(walkProblem(input, 'querystring'));
    }
  });

  it('still finds a NUL in a flat query, at its parameter', () => {
    expect(inputProblem({ page: 1, search: `a${NUL}` }, 'querystring')).toEqual({
      path: 'querystring/search',
      problem: 'nul',
    });
  });
});
