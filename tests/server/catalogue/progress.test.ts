import { describe, expect, it } from 'vitest';
import { createProgress } from '../../../src/server/services/catalogue/import/progress';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, columns: 80, chunks, write: (c: string) => chunks.push(c) };
}

describe('import progress', () => {
  it('redraws one bar on a terminal and ends the line when done', () => {
    const s = stream(true);
    const progress = createProgress(s, 'Writing');
    for (const done of [0, 250, 500, 1000]) progress(done, 1000);
    expect(s.chunks.filter((c) => c.startsWith('\r'))).toHaveLength(4);
    expect(s.chunks[1]).toMatch(/^\rWriting \[#+-+\] {2}25% 250\/1000$/);
    expect(s.chunks.at(-2)).toMatch(/100% 1000\/1000$/);
    expect(s.chunks.at(-1)).toBe('\n');
  });

  it('prints a plain line per 10 % step in a pipe', () => {
    const s = stream(false);
    const progress = createProgress(s, 'Writing');
    for (let done = 0; done <= 1000; done += 50) progress(done, 1000);
    expect(s.chunks).toHaveLength(11);
    expect(s.chunks[0]).toBe('Writing 0% (0/1000)\n');
    expect(s.chunks.at(-1)).toBe('Writing 100% (1000/1000)\n');
  });
});
