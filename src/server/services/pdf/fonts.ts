import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Noto Sans (SIL Open Font License 1.1: embedding allowed) from the npm package
 * @expo-google-fonts/noto-sans: Cyrillic, Uzbek Latin (oʻ, gʻ — U+02BB) and the narrow no-break
 * space that groups digits (U+202F). pdfmake's bundled Roboto has no U+02BB. Read once per process;
 * pdfkit embeds only the glyphs a document uses.
 */
const require = createRequire(import.meta.url);
const FILES = {
  normal: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  italics: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  bolditalics: '@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf',
} as const;

export const PDF_FONT = 'NotoSans';

let cache: Record<keyof typeof FILES, Buffer> | null = null;

/** The font files by style (normal, bold, italics, bolditalics). */
export function fontFiles(): Record<keyof typeof FILES, Buffer> {
  if (!cache) {
    cache = Object.fromEntries(
      Object.entries(FILES).map(([style, file]) => [style, readFileSync(require.resolve(file))]),
    ) as Record<keyof typeof FILES, Buffer>;
  }
  return cache;
}

interface FontkitGlyph {
  codePoints: number[];
}
interface FontkitFont {
  getGlyph(id: number, characters?: number[]): FontkitGlyph | null;
}

/**
 * fontkit caches each glyph with the characters it was first asked for, and a subset asks for the
 * components of composite glyphs with none (Noto Sans builds Cyrillic А, Е, Т … from the Latin
 * ones). In a font shared between documents, a later document's Latin "SENT" then had no Unicode
 * mapping: its text could not be searched or copied. A glyph asked for with characters takes them
 * when it has none yet.
 */
function keepCodePoints(font: FontkitFont): FontkitFont {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && characters.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = characters;
    return glyph;
  };
  return font;
}

interface GlyphRun {
  glyphs: unknown[];
  positions: object[];
}
type Layout = (text: string, features?: unknown, ...rest: unknown[]) => GlyphRun;

/** Distinct words whose shaping a font keeps between documents (then it starts over). */
export const SHARED_LAYOUTS = 20_000;

/**
 * Shaping a word (fontkit's layout: the font's substitution and positioning lookups) was the largest
 * single cost of a PDF — a 1000-line invoice shapes thousands of words. pdfkit remembers a word's
 * shaping for one document only; the same words (labels, units, codes, line numbers, names) come back
 * in the next one. The font keeps them for every document: a word's shaping depends only on its text
 * (pdfkit asks without features, script or direction), and each caller gets its own copy of the
 * positions, which pdfkit scales in place.
 */
function shareLayouts<T extends object>(font: T): T {
  const target = font as T & { layout: Layout };
  const layout: Layout = target.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  target.layout = (text, features, ...rest) => {
    if (features !== undefined || rest.length > 0) return layout(text, features, ...rest);
    let run = runs.get(text);
    if (!run) {
      run = layout(text);
      if (runs.size >= SHARED_LAYOUTS) runs.clear();
      runs.set(text, run);
    }
    const copy = Object.assign(Object.create(Object.getPrototypeOf(run)), run) as GlyphRun;
    copy.glyphs = run.glyphs.slice();
    copy.positions = run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p)), p));
    return copy;
  };
  return font;
}

/**
 * pdfkit parses a TrueType font anew for every document (fontkit.create): for Noto Sans that parse
 * and the garbage it leaves were most of a small PDF's time. The parsed font is read-only to pdfkit
 * (each document makes its own subset), so one parse per font file serves every document.
 */
export function shareParsedFonts(): void {
  // fontkit's exports are read-only getters: pdfkit (loaded after this) gets a copy whose `create`
  // remembers what it parsed.
  const id = require.resolve('fontkit');
  const original = require('fontkit') as Record<string, unknown> & {
    create(buffer: Uint8Array, name?: string): unknown;
  };
  if (original.__shared) return;
  const parsed = new Map<string, unknown>();
  const entry = require.cache[id];
  if (!entry) return;
  entry.exports = {
    ...original,
    __shared: true,
    create(buffer: Uint8Array, name?: string) {
      const key = `${buffer.length}:${createHash('sha1').update(buffer).digest('hex')}:${name ?? ''}`;
      let font = parsed.get(key);
      if (!font) {
        font = shareLayouts(keepCodePoints(original.create(buffer, name) as FontkitFont));
        parsed.set(key, font);
      }
      return font;
    },
  };
}
