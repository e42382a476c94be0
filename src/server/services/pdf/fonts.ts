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
