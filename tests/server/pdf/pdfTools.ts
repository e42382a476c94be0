// Reading a PDF back as a person or a program would: its text (pdftotext), its pages as pictures
// (pdftoppm → PNG → the QR decoded with jsqr) and its attached files (pdfdetach). poppler-utils is a
// Debian package (.ci/run installs it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

function withFile<T>(pdf: Uint8Array, fn: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    return fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text in content order (a table cell's wrapped lines stay together), spaces normalised (pdftotext keeps U+202F and NBSP of grouped digits). */
export function pdfText(pdf: Uint8Array): string {
  return withFile(pdf, (file) =>
    execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
      /[\u202f\u00a0]/g,
      ' ',
    ),
  );
}

/**
 * The QR codes found on the first page, decoded. jsQR misses about one code in a thousand at one
 * resolution (two of 1,500 random verification links at 150 dpi, both read at 300 dpi), as a phone
 * sometimes needs a second look: a code not found at 150 dpi is looked for again at 300 dpi.
 */
export function pdfQrCodes(pdf: Uint8Array): string[] {
  return withFile(pdf, (file, dir) => {
    for (const dpi of QR_RESOLUTIONS) {
      const found = qrOnFirstPage(file, dir, dpi);
      if (found) return [found];
    }
    return [];
  });
}

const QR_RESOLUTIONS = [150, 300];

function qrOnFirstPage(file: string, dir: string, dpi: number): string | null {
  const prefix = path.join(dir, `page${dpi}`);
  execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-png', file, prefix]);
  const image = fs.readdirSync(dir).find((name) => name.startsWith(`page${dpi}`) && name.endsWith('.png'));
  if (!image) return null;
  const png = PNG.sync.read(fs.readFileSync(path.join(dir, image)));
  // The header's right-hand quarter, where the layout puts the code (a whole page of table rules
  // can mislead the finder).
  const left = Math.floor(png.width * 0.7);
  const height = Math.floor(png.height * 0.35);
  const width = png.width - left;
  const crop = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    crop.set(png.data.subarray((y * png.width + left) * 4, (y * png.width + png.width) * 4), y * width * 4);
  }
  return jsQR(crop, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The files attached to the PDF, by name. */
export function pdfAttachments(pdf: Uint8Array): Record<string, Buffer> {
  return withFile(pdf, (file, dir) => {
    const out = path.join(dir, 'files');
    fs.mkdirSync(out);
    execFileSync('pdfdetach', ['-saveall', '-o', out, file]);
    return Object.fromEntries(
      fs.readdirSync(out).map((name) => [name, fs.readFileSync(path.join(out, name))]),
    );
  });
}

export function pdfPageCount(pdf: Uint8Array): number {
  return withFile(pdf, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  });
}
