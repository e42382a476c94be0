import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Texts people read on screen never carry developer words: shell commands, file paths of the source,
// "fixtures". The command-line tools' own help (printed in a terminal) and the analysts' form sandbox
// (demo mode only) are the exceptions, named here.

const DEVELOPER_WORDS =
  /\bnpm\b|\bnpx\b|fixtur|фикстур|\bdocs\/|\bsrc\/|\.tsx?\b|stack trace|undefined|\bnull\b/i;
/**
 * Keys whose text a terminal prints (importers' usage), only the analysts' sandbox shows, or spec §8
 * words literally ("version is undefined" when the plug-in gives no version).
 */
const EXEMPT = [
  /^catalogue:import\./,
  /^catalogue:cli\./,
  /^reference:import\./,
  /^reference:cli\./,
  /\.usage$/,
  /^form:sandbox\./,
  /^auth:(eimzo|signing)\.versionUndefined/,
];

function flatten(node: unknown, prefix: string, out: Array<[string, string]>) {
  if (typeof node === 'string') out.push([prefix, node]);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
}

describe('screen texts', () => {
  it.each(['ru', 'uz', 'en'])('carry no developer words (%s)', (lang) => {
    const found: string[] = [];
    for (const file of readdirSync(`locales/${lang}`)) {
      const ns = file.replace(/\.json$/, '');
      const texts: Array<[string, string]> = [];
      flatten(JSON.parse(readFileSync(`locales/${lang}/${file}`, 'utf8')), '', texts);
      for (const [key, text] of texts) {
        const full = `${ns}:${key}`;
        if (EXEMPT.some((rule) => rule.test(full))) continue;
        if (DEVELOPER_WORDS.test(text)) found.push(`${full}: ${text.slice(0, 80)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
