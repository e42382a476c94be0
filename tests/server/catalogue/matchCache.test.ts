import { describe, expect, it } from 'vitest';
import { matchAt, matchCount, newMatchCache } from '../../../src/server/services/catalogue/matchCache';

describe('catalogue match cache', () => {
  it('reads a range and a list of positions alike', () => {
    expect(matchCount({ from: 10, to: 15 })).toBe(5);
    expect(matchAt({ from: 10, to: 15 }, 2)).toBe(12);
    const positions = Int32Array.from([3, 8, 40]);
    expect(matchCount(positions)).toBe(3);
    expect(matchAt(positions, 1)).toBe(8);
  });

  it('keeps the positions it holds within its bound, dropping the least recently used first', () => {
    const cache = newMatchCache();
    const big = () => new Int32Array(1_500_000);
    cache.set('a', big());
    cache.set('b', big());
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', big()); // 4.5 M positions: over the bound, b goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.heldWeight).toBe(3_000_000);
  });

  it('counts a replaced entry once', () => {
    const cache = newMatchCache();
    cache.set('a', new Int32Array(10));
    cache.set('a', new Int32Array(4));
    cache.set('r', { from: 0, to: 50_000 });
    expect(cache.heldWeight).toBe(4);
  });

  it('remembers a bounded number of filters', () => {
    const cache = newMatchCache();
    for (let i = 0; i < 2100; i++) cache.set(`f${i}`, { from: 0, to: i });
    expect(cache.get('f0')).toBeUndefined();
    expect(cache.get('f2099')).toEqual({ from: 0, to: 2099 });
  });
});
