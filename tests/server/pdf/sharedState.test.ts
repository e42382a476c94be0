// What one PDF leaves behind for the next (the fonts' shared word shapes, the batched content streams,
// the style lookup — src/server/services/pdf/fonts.ts, contentStreams.ts, styleLookup.ts) must not
// change a byte of the next: the signed archive hashes its PDF, and the same document prints to the
// same bytes whatever was printed before it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../src/engine/constants';
import { computeLine } from '../../../src/engine/lines';
import { buildPrintModel } from '../../../src/engine/print';
import { translate } from '../../../src/server/i18n';
import { renderPdf } from '../../../src/server/services/pdf';
import { pdfText } from './pdfTools';

const base = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));
const template = base.ProductList.Products[0];
const createdAt = new Date('2025-05-15T10:00:00Z');

function invoice(lines: number, variant: string) {
  return {
    ...base,
    ProductList: {
      ...base.ProductList,
      Products: Array.from({ length: lines }, (_, i) =>
        computeLine({
          ...template,
          OrdNo: i + 1,
          Name: `${template.Name} ${variant} ${i + 1} oʻgʻ`,
          Count: (i % 7) + 0.5,
          Summa: 1000 + i * 0.37,
        }),
      ),
    },
  };
}

const pdfOf = (content: Record<string, unknown>, lang: Locale) =>
  renderPdf(
    buildPrintModel({
      kind: 'invoice',
      content,
      lang,
      t: (key, params) => translate(lang, key, params),
      signatures: [],
      verifyUrl: 'https://hujjat.example/verify/5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d?k=Xq3vR9tLm2PzW8',
      document: { id: '5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d' },
    }),
    { createdAt },
  );

describe('PDFs printed one after another', () => {
  it('print a document to the same bytes before and after other documents', async () => {
    const first = await pdfOf(invoice(40, 'Альфа'), 'ru');
    // Others in between: the same words and new ones, other languages, another size.
    const other = await pdfOf(invoice(120, 'Beta'), 'uz');
    await pdfOf(invoice(15, 'Альфа Gamma'), 'en');
    const again = await pdfOf(invoice(40, 'Альфа'), 'ru');
    expect(Buffer.compare(again, first)).toBe(0);
    expect(Buffer.compare(other, first)).not.toBe(0);

    // And what was printed is what was asked for: each line's name, in order.
    const text = (await pdfText(again)).replace(/\s+/g, ' ');
    for (const n of [1, 20, 40]) expect(text).toContain(`Альфа ${n} oʻgʻ`);
  }, 60_000);
});
