/**
 * Spells a whole number in the three languages' shared way: split into groups of three digits from
 * the top, spell each non-zero group, then its scale word ("thousand", "ming", "тысячи").
 */
export function spellByTriads(
  value: bigint,
  spellTriad: (triad: number, scale: number) => string[],
  scaleWord: (triad: number, scale: number) => string,
): string {
  const groups: Array<{ triad: number; scale: number }> = [];
  let rest = value;
  for (let scale = 0; rest > 0n; scale++) {
    groups.unshift({ triad: Number(rest % 1000n), scale });
    rest /= 1000n;
  }
  const words: string[] = [];
  for (const { triad, scale } of groups) {
    if (triad === 0) continue;
    words.push(...spellTriad(triad, scale));
    if (scale > 0) words.push(scaleWord(triad, scale));
  }
  return words.join(' ');
}
