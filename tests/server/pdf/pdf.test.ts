import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listKinds, registerKind } from '../../../src/engine';
import type { Locale } from '../../../src/engine/constants';
import {
  buildPrintModel,
  type PrintLayout,
  printLayoutOf,
  registerPrintLayout,
  type SignatureEvent,
} from '../../../src/engine/print';
import { translate } from '../../../src/server/i18n';
import { renderPdf } from '../../../src/server/services/pdf';
import { pdfAttachments, pdfQrCodes, pdfText } from './pdfTools';

const LANGS: Locale[] = ['ru', 'uz', 'en'];
const SCHEMAS = join(__dirname, '../../../schemas/documents');

const firstFixture = (kind: string) => {
  const dir = join(SCHEMAS, kind, 'fixtures/valid');
  return readFileSync(join(dir, readdirSync(dir).sort()[0]), 'utf8');
};

const read = (data: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .filter(Boolean)
    .reduce<any>((node, part) => (node === null || node === undefined ? undefined : node[part]), data);

/** Text compared without any white space: table cells wrap their words over lines. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

const SIGNED: SignatureEvent[] = [
  {
    action: 'send',
    role: 'sender',
    signerName: 'Aliyev Akmal Karimovich',
    organization: 'OOO «Demo Savdo» (demo)',
    tin: '302000001',
    serialHex: '780f2065',
    serialDec: '2014257253',
    signedAt: '2025-05-15T09:55:23Z',
    timestampAt: '2025-05-15T09:55:24Z',
  },
];
const VERIFY_URL = 'https://hujjat.example/verify/5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d?k=Xq3vR9tLm2PzW8';

async function printed(kind: string, lang: Locale, signed: string) {
  const content = JSON.parse(signed);
  const model = buildPrintModel({
    kind,
    content,
    lang,
    t: (key, params) => translate(lang, key, params),
    signatures: SIGNED,
    verifyUrl: VERIFY_URL,
    document: { id: '5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d' },
  });
  const pdf = await renderPdf(model, {
    attachments: [
      {
        name: 'document.json',
        bytes: Buffer.from(signed, 'utf8'),
        mime: 'application/json',
        description: 'signed',
        relationship: 'Source',
      },
    ],
    createdAt: new Date('2025-05-16T00:00:00Z'),
  });
  return { content, model, pdf };
}

describe('the PDF of every kind in ru, uz and en', () => {
  const kinds = listKinds('documents').map((kind) => kind.kind);
  it('covers every document kind', () => {
    expect(kinds.length).toBeGreaterThanOrEqual(10);
  });

  for (const kind of kinds) {
    it.each(LANGS)(
      `${kind} (%s): title, number, parties, every line and the totals; QR; the signed JSON attached`,
      async (lang) => {
        const signed = firstFixture(kind);
        const { content, model, pdf } = await printed(kind, lang, signed);
        const layout = printLayoutOf(kind);
        const text = squeeze(pdfText(pdf));

        const title =
          typeof layout.title === 'string'
            ? layout.title
            : (layout.title.byValue[String(read(content, layout.title.pointer))] ?? layout.title.default);
        expect(text).toContain(squeeze(translate(lang, title)));
        expect(text).toContain(squeeze(String(read(content, layout.number))));

        const names = layout.parties
          .filter((party) => !party.each)
          .map((party) => read(content, party.name))
          .filter((name): name is string => typeof name === 'string' && name !== '');
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect(text).toContain(squeeze(name));

        // Every line of every table by its name (its first text column), and each table's totals.
        let lines = 0;
        for (const table of layout.tables ?? []) {
          const groups = table.each ? ((read(content, table.each) as unknown[] | null) ?? []) : [content];
          for (const group of groups) {
            for (const line of (read(group, table.rows) as unknown[] | null) ?? []) {
              const name = table.columns
                .map((column) => read(line, `/${column.fields[0]}`))
                .find(
                  (value) => typeof value === 'string' && value !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(value),
                );
              if (typeof name === 'string') {
                expect(text).toContain(squeeze(name));
                lines++;
              }
            }
          }
        }
        if ((layout.tables ?? []).length) expect(lines).toBeGreaterThan(0);
        for (const table of model.tables)
          for (const total of table.totals ?? []) if (total) expect(text).toContain(squeeze(total));

        // The stamp of the sender's signature.
        expect(text).toContain(squeeze(translate(lang, 'print:stamp.send')));
        expect(text).toContain('2014257253');

        expect(pdfQrCodes(pdf)).toEqual([VERIFY_URL]);
        expect(pdfAttachments(pdf)['document.json']?.toString('utf8')).toBe(signed);
      },
    );
  }
});

describe('printed figures', () => {
  it('money with two decimals, quantities as typed, Uzbek Latin oʻ with U+02BB, sum in words', async () => {
    const { pdf } = await printed('invoice', 'uz', firstFixture('invoice'));
    const text = pdfText(pdf);
    expect(text).toContain('12 500,50'); // Summa 12500.5 — never "12 500,5"
    expect(text).toContain('125 005,00');
    expect(text).toMatch(/\b2,5\b/); // Count 2.5 as typed
    expect(text).toContain('Yoʻq'); // U+02BB survives the font and the text layer
    expect(squeeze(text)).toContain(squeeze('Bir yuz qirq ikki ming sakkiz yuz besh soʻm 60 tiyin'));
  });

  it('an unsigned draft prints without stamps, and without a QR when it has no verification page', async () => {
    const content = JSON.parse(firstFixture('invoice'));
    const model = buildPrintModel({
      kind: 'invoice',
      content,
      lang: 'ru',
      t: (k, p) => translate('ru', k, p),
    });
    const pdf = await renderPdf(model);
    expect(pdfText(pdf)).toContain('Документ ещё не подписан');
    expect(pdfQrCodes(pdf)).toEqual([]);
    expect(pdfAttachments(pdf)).toEqual({});
  });
});

describe('a new kind prints from its folder alone', () => {
  it('a kind registered at run time from a temporary folder (schema, ui, print.json) prints its title, lines and totals', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hujjat-print-kind-'));
    writeFileSync(
      join(dir, 'schema.json'),
      JSON.stringify({
        title: 'documents:kinds.deliveryNote',
        type: 'object',
        properties: {
          NoteNo: { title: 'forms:deliveryNote.NoteNo', type: 'string' },
          NoteDate: { title: 'forms:deliveryNote.NoteDate', $ref: 'defs/isoDate.json' },
          SellerTin: { title: 'forms:party.TinOrPinfl', $ref: 'defs/tinOrPinfl.json' },
          SellerName: { title: 'forms:party.Name', type: 'string' },
          Lines: {
            title: 'forms:invoice.Products',
            type: 'array',
            items: {
              type: 'object',
              properties: {
                Name: { title: 'forms:line.Name', type: 'string' },
                Count: { title: 'forms:line.Count', $ref: 'defs/count.json' },
                Sum: { title: 'forms:line.DeliverySum', $ref: 'defs/money.json' },
              },
            },
          },
        },
      }),
    );
    writeFileSync(join(dir, 'ui.json'), JSON.stringify({ Lines: { 'ui:field': 'productTable' } }));
    const layout: PrintLayout = {
      title: 'print:title.waybill',
      number: '/NoteNo',
      date: '/NoteDate',
      parties: [{ role: 'sender', title: 'print:party.seller', identity: '/SellerTin', name: '/SellerName' }],
      tables: [
        {
          rows: '/Lines',
          columns: [
            { fields: ['Name'], width: 40 },
            { fields: ['Count'], width: 15 },
            { fields: ['Sum'], width: 20 },
          ],
          totals: ['Sum'],
          words: 'Sum',
        },
      ],
    };
    writeFileSync(join(dir, 'print.json'), JSON.stringify(layout));
    const readJson = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
    registerKind({ kind: 'deliveryNotePrint', schema: readJson('schema.json'), ui: readJson('ui.json') });
    registerPrintLayout('deliveryNotePrint', readJson('print.json'));

    const content = {
      NoteNo: 'DN-77',
      NoteDate: '2025-06-01',
      SellerTin: '301234567',
      SellerName: 'Temp Seller LLC',
      Lines: [
        { Name: 'Cement M400', Count: 3, Sum: 1500.1 },
        { Name: 'Sand, washed', Count: 0.5, Sum: 99.9 },
      ],
    };
    const model = buildPrintModel({
      kind: 'deliveryNotePrint',
      content,
      lang: 'en',
      t: (k, p) => translate('en', k, p),
    });
    const text = pdfText(await renderPdf(model));
    expect(text).toContain('Consignment note');
    expect(text).toContain('No. DN-77 of 06/01/2025');
    expect(text).toContain('Temp Seller LLC');
    expect(text).toContain('Cement M400');
    expect(text).toContain('Sand, washed');
    expect(text).toContain('1 600.00');
    expect(text).toContain('One thousand six hundred');
  });
});
