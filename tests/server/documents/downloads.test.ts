// What a person downloads about a document is right (issue 26): the list's Excel export holds real
// date cells on Tashkent clocks and names (kind, subtype, status) in the caller's language; every
// download keeps a Cyrillic file name (RFC 6266 filename* with an ASCII fallback).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { getLifecycle, writeOne } from '../../../src/engine/lifecycle';
import { contentDisposition } from '../../../src/server/http/contentDisposition';
import { withDatabases } from '../harness';
import { get, invoiceCase, signedInvoice } from '../print/printed';
import {
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  type SignedIn,
  signIn,
} from './exchange';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
}, 120_000);
afterAll(() => fixture?.dispose());

const NUMBER = 'СФ-0471';

/** The name a client reads from a Content-Disposition header (filename* first, as RFC 6266 says). */
function fileNameOf(header: string | undefined): { utf8: string | null; ascii: string | null } {
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(header ?? '')?.[1];
  const ascii = /filename="([^"]*)"/.exec(header ?? '')?.[1];
  return { utf8: utf8 ? decodeURIComponent(utf8) : null, ascii: ascii ?? null };
}

/** yyyy-MM-dd hh:mm of a moment on Tashkent clocks (UTC+5 all year), computed apart from the code. */
function tashkent(iso: string): string {
  const at = new Date(new Date(iso).getTime() + 5 * 3_600_000).toISOString();
  return `${at.slice(8, 10)}.${at.slice(5, 7)}.${at.slice(0, 4)} ${at.slice(11, 16)}`;
}

describe('contentDisposition', () => {
  it('gives the UTF-8 name in filename* and an ASCII copy in filename', () => {
    const header = contentDisposition('invoice_СФ-0471 (копия).pdf');
    expect(header.startsWith('attachment; ')).toBe(true);
    expect(fileNameOf(header)).toEqual({
      utf8: 'invoice_СФ-0471 (копия).pdf',
      ascii: 'invoice___-0471 (_____).pdf',
    });
    // RFC 8187 value characters only: no raw quote, parenthesis or space after filename*=.
    expect(header.split("filename*=UTF-8''")[1]).toMatch(/^[A-Za-z0-9%._~-]+$/);
    expect(contentDisposition('a"b\\c.pdf', true)).toBe(
      `inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
  });
});

withDatabases(
  'downloads',
  (ctx) => {
    let seller: SignedIn;
    let buyer: SignedIn;
    let id: string;

    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      buyer = await signIn(ctx, fixture, ORG2);
      const c = await invoiceCase();
      const pointer = getLifecycle('invoice').document.number as string;
      const signed = await signedInvoice(ctx, fixture, seller, buyer, {
        ...c,
        content: writeOne(structuredClone(c.content), pointer, NUMBER),
      });
      id = signed.id;
    }, 120_000);

    it('the PDF, the signed archive and the Excel export keep the Cyrillic name', async () => {
      const pdf = await get(ctx, seller, `/api/Document/generateDocumentToPdf?documentId=${id}`);
      expect(pdf.statusCode).toBe(200);
      expect(fileNameOf(pdf.headers['content-disposition'] as string)).toEqual({
        utf8: `invoice_${NUMBER}.pdf`,
        ascii: 'invoice___-0471.pdf',
      });
      const archive = await get(ctx, seller, `/api/Document/getArchive?documentId=${id}`);
      expect(archive.statusCode).toBe(200);
      expect(fileNameOf(archive.headers['content-disposition'] as string).utf8).toBe(`invoice_${NUMBER}.zip`);
      const excel = await get(ctx, seller, '/api/Document/getAllDocumentsExcel?DocDirection=outgoing');
      expect(excel.statusCode).toBe(200);
      expect(fileNameOf(excel.headers['content-disposition'] as string).utf8).toMatch(/\.xlsx$/);
    });

    it('the Excel export: dates as date cells on Tashkent clocks, kind, subtype and status by name', async () => {
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/Document/getList?DocDirection=outgoing',
        headers: auth(seller),
      });
      const row = list.json().rows.find((r: { id: string }) => r.id === id);
      const res = await get(ctx, seller, '/api/Document/getAllDocumentsExcel?DocDirection=outgoing', {
        'accept-language': 'ru',
      });
      expect(res.statusCode).toBe(200);
      const book = XLSX.read(res.rawPayload, { cellNF: true });
      const sheet = book.Sheets[book.SheetNames[0]];
      const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
      const r = cells.findIndex((line) => line[0] === NUMBER);
      expect(r).toBeGreaterThan(0);
      const cell = (c: number) => sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject;
      const shown = (c: number) => XLSX.SSF.format(cell(c).z as string, cell(c).v);

      // The document date: a number with a date format, the day of the document.
      expect(cell(1).t).toBe('n');
      const [y, m, d] = (row.date as string).split('-');
      expect(shown(1)).toBe(`${d}.${m}.${y}`);
      // Created and updated: date-time cells showing Tashkent time (the screen's), not UTC.
      for (const [c, iso] of [
        [8, row.createdAt],
        [9, row.updatedAt],
      ] as const) {
        expect(cell(c).t).toBe('n');
        expect(shown(c)).toBe(tashkent(iso));
      }
      // Names, not codes.
      expect(cell(2).v).toBe('Счёт-фактура');
      expect(cell(3).v).toBe('Стандартный');
      expect(cell(7).v).toBe('Подписан');
      // The total: a number with two decimals.
      expect(cell(6).t).toBe('n');
      expect(cell(6).z).toBe('#,##0.00');
      // Identities stay text (no lost leading zeros, no exponent).
      expect(cell(5)).toMatchObject({ t: 's', v: ORG2.identity });

      const uz = await get(ctx, seller, '/api/Document/getAllDocumentsExcel?DocDirection=outgoing', {
        'accept-language': 'uz',
      });
      const uzSheet = XLSX.read(uz.rawPayload).Sheets[XLSX.read(uz.rawPayload).SheetNames[0]];
      const uzType = uzSheet[XLSX.utils.encode_cell({ r, c: 3 })] as XLSX.CellObject;
      expect(uzType.v).not.toBe('Стандартный');
      expect(String(uzType.v)).not.toMatch(/^\d+$/);
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
