import { describe, expect, it } from 'vitest';
import { pageCount, paginationWindow, rangeOf } from '../../../src/web/ui/paginationWindow';

describe('paginationWindow', () => {
  it('shows every page when there are at most 9', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(1, 0)).toEqual([1]);
    expect(paginationWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (let active = 1; active <= 9; active++)
      expect(paginationWindow(active, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shows the first 7 pages while the active page is 5 or less', () => {
    for (const active of [1, 2, 3, 4, 5])
      expect(paginationWindow(active, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-end', 10]);
    expect(paginationWindow(5, 18)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-end', 18]);
  });

  it('centres a window of five on the active page in the middle', () => {
    expect(paginationWindow(6, 18)).toEqual([1, 'gap-start', 4, 5, 6, 7, 8, 'gap-end', 18]);
    expect(paginationWindow(10, 18)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 18]);
    expect(paginationWindow(13, 18)).toEqual([1, 'gap-start', 11, 12, 13, 14, 15, 'gap-end', 18]);
  });

  it('shows the last 7 pages near the end', () => {
    expect(paginationWindow(14, 18)).toEqual([1, 'gap-start', 12, 13, 14, 15, 16, 17, 18]);
    expect(paginationWindow(18, 18)).toEqual([1, 'gap-start', 12, 13, 14, 15, 16, 17, 18]);
    expect(paginationWindow(6, 10)).toEqual([1, 'gap-start', 4, 5, 6, 7, 8, 9, 10]);
  });

  it('always has nine slots above nine pages and clamps an active page out of range', () => {
    for (let active = 1; active <= 40; active++) expect(paginationWindow(active, 40)).toHaveLength(9);
    expect(paginationWindow(99, 12)).toEqual(paginationWindow(12, 12));
    expect(paginationWindow(-3, 12)).toEqual(paginationWindow(1, 12));
  });
});

describe('pageCount and rangeOf', () => {
  it('counts pages and the rows shown', () => {
    expect(pageCount(320, 18)).toBe(18);
    expect(pageCount(0, 18)).toBe(1);
    expect(pageCount(36, 18)).toBe(2);
    expect(rangeOf(1, 1, 18, 320)).toEqual({ from: 1, to: 18 });
    expect(rangeOf(2, 3, 18, 320)).toEqual({ from: 19, to: 54 });
    expect(rangeOf(18, 18, 18, 320)).toEqual({ from: 307, to: 320 });
    expect(rangeOf(1, 1, 18, 0)).toEqual({ from: 0, to: 0 });
  });
});
