// The print routes on stored documents: PDF, signing protocol, QR, HTML, the signed JSON, archives of
// one document and of a selection (inline and as a job) — scoped to the caller's organisation.
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyArchive } from '../../../src/server/services/archive';
import { ARCHIVE_INLINE_MAX } from '../../../src/server/services/archive/selection';
import {
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  ORG3,
  type SignedIn,
  signIn,
} from '../documents/exchange';
import type { KindCase } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';
import { pdfAttachments, pdfQrCodes, pdfText } from '../pdf/pdfTools';
import {
  demoRoot,
  draftOf,
  get,
  HOST,
  invoiceCase,
  pngQr,
  type SignedInvoice,
  signedInvoice,
} from './printed';

let fixture: ExchangeFixture;
let invoice: KindCase;
beforeAll(async () => {
  fixture = await createExchangeFixture();
  invoice = await invoiceCase();
}, 120_000);
afterAll(() => fixture?.dispose());

const VERIFY_URL = new RegExp(`^http://${HOST}/verify/([0-9a-f-]{36})\\?k=([A-Za-z0-9_-]{32})$`);
const squeeze = (text: string) => text.replace(/\s+/g, '');

withDatabases(
  'print routes',
  (ctx: TestContext) => {
    let seller: SignedIn;
    let buyer: SignedIn;
    let outsider: SignedIn;
    let signed: SignedInvoice;
    let draftId: string;

    beforeAll(async () => {
      seller = await signIn(ctx, fixture, ORG1);
      buyer = await signIn(ctx, fixture, ORG2);
      outsider = await signIn(ctx, fixture, ORG3);
      signed = await signedInvoice(ctx, fixture, seller, buyer, invoice);
      draftId = await draftOf(ctx, seller, invoice);
    }, 120_000);

    const routes = (id: string) => [
      `/api/Document/generateDocumentToPdf?documentId=${id}`,
      `/api/Document/getArchive?documentId=${id}`,
      `/api/DocumentQr/generateDocumentToPdf?documentId=${id}`,
      `/api/DocumentQr/img/${id}`,
      `/api/DocumentQr/url/${id}`,
      `/api/DocumentContent/getHtml/${id}`,
      `/api/DocumentContent/getJson/${id}`,
    ];

    it('another organisation’s document is a 404 on every route, an unknown one too; no token is a 401', async () => {
      for (const url of routes(signed.id)) {
        const foreign = await get(ctx, outsider, url);
        expect(foreign.statusCode, url).toBe(404);
        expect(foreign.json().code, url).toBe('NOT_FOUND');
        expect((await get(ctx, seller, url.replace(signed.id, randomUUID()))).statusCode, url).toBe(404);
        expect((await get(ctx, null, url)).statusCode, url).toBe(401);
      }
      // The buyer's draft of the seller is not the buyer's to see either.
      expect(
        (await get(ctx, buyer, `/api/Document/generateDocumentToPdf?documentId=${draftId}`)).statusCode,
      ).toBe(404);
    });

    it('getJson answers exactly the bytes signed on send, as JSON, never cached', async () => {
      for (const who of [seller, buyer]) {
        const res = await get(ctx, who, `/api/DocumentContent/getJson/${signed.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.rawPayload.equals(signed.signedBytes)).toBe(true);
      }
      const draft = await get(ctx, seller, `/api/DocumentContent/getJson/${draftId}`);
      expect(draft.statusCode).toBe(409);
      expect(draft.json().code).toBe('NOT_SIGNED');
    });

    it('the QR (PNG) decodes to the verification page with the document’s key; the PDF’s QR is the same link', async () => {
      const img = await get(ctx, seller, `/api/DocumentQr/img/${signed.id}`);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['cache-control']).toBe('no-store');
      const url = pngQr(img.rawPayload);
      const match = VERIFY_URL.exec(url ?? '');
      expect(match, String(url)).not.toBeNull();
      expect(match![1]).toBe(signed.id);
      // One key per document: the buyer's print carries the same link; the link route says it too.
      const forBuyer = await get(ctx, buyer, `/api/DocumentQr/img/${signed.id}`);
      expect(pngQr(forBuyer.rawPayload)).toBe(url);
      const link = await get(ctx, buyer, `/api/DocumentQr/url/${signed.id}`);
      expect(link.json().data.url).toBe(url);
      const pdf = await get(ctx, seller, `/api/Document/generateDocumentToPdf?documentId=${signed.id}`);
      expect(pdfQrCodes(pdf.rawPayload)).toEqual([url]);
      // The key is not the id in another form.
      expect(match![2]).not.toContain(signed.id.replace(/-/g, '').slice(0, 8));

      const draft = await get(ctx, seller, `/api/DocumentQr/img/${draftId}`);
      expect(draft.statusCode).toBe(409);
      expect(draft.json().code).toBe('NOT_SIGNED');
      // Three QR decodes and a PDF rendered to pixels: 35 s on a CI runner at load 20 (30 s default).
    }, 120_000);

    it('the PDF: A4 form with both stamps in the asked language, the signed JSON and the joined CMS attached', async () => {
      const res = await get(
        ctx,
        buyer,
        `/api/Document/generateDocumentToPdf?documentId=${signed.id}&lang=ru`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="invoice_[A-Za-z0-9._-]+\.pdf"/,
      );
      const text = squeeze(pdfText(res.rawPayload));
      expect(text).toContain(squeeze('Счёт-фактура'));
      expect(text).toContain(squeeze(signed.number));
      expect(text).toContain('ОТПРАВЛЕН');
      expect(text).toContain('ПОДТВЕРЖДЁН');
      expect(text).toContain(squeeze('Подписан'));
      const files = pdfAttachments(res.rawPayload);
      expect(files['document.json'].equals(signed.signedBytes)).toBe(true);
      expect(files['document.p7s'].length).toBeGreaterThan(1000);

      const english = await get(ctx, buyer, `/api/Document/generateDocumentToPdf?documentId=${signed.id}`, {
        'accept-language': 'en',
      });
      const englishText = squeeze(pdfText(english.rawPayload));
      expect(englishText).toContain('SENT');
      expect(englishText).toContain('CONFIRMED');
    });

    it('a draft prints without stamps, QR or attachment', async () => {
      const res = await get(ctx, seller, `/api/Document/generateDocumentToPdf?documentId=${draftId}&lang=en`);
      expect(res.statusCode).toBe(200);
      expect(pdfText(res.rawPayload)).toContain('The document is not signed yet.');
      expect(pdfQrCodes(res.rawPayload)).toEqual([]);
      expect(pdfAttachments(res.rawPayload)).toEqual({});
    });

    it('DocumentQr/generateDocumentToPdf: the signing protocol — parties, every stamp, the QR and its link', async () => {
      const res = await get(
        ctx,
        seller,
        `/api/DocumentQr/generateDocumentToPdf?documentId=${signed.id}&lang=ru`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = pdfText(res.rawPayload);
      expect(text).toContain('ПРОТОКОЛ ПОДПИСАНИЯ ДОКУМЕНТА');
      expect(squeeze(text)).toContain('ОТПРАВЛЕН');
      expect(squeeze(text)).toContain('ПОДТВЕРЖДЁН');
      const [url] = pdfQrCodes(res.rawPayload);
      expect(url).toMatch(VERIFY_URL);
      expect(squeeze(text)).toContain(squeeze(url));
      const draft = await get(ctx, seller, `/api/DocumentQr/generateDocumentToPdf?documentId=${draftId}`);
      expect(draft.statusCode).toBe(409);
    });

    it('getHtml: the printed form as a page (its stylesheet linked, the QR inline), the print model’s text', async () => {
      const res = await get(ctx, buyer, `/api/DocumentContent/getHtml/${signed.id}?lang=uz`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      // The app-wide page policy: only this server's styles, images from data: URLs.
      expect(res.headers['content-security-policy']).toContain("style-src 'self'");
      const html = res.body;
      expect(html).toContain('<link rel="stylesheet" href="/api/DocumentContent/print.css">');
      expect(html).toContain('<article class="pf pf-landscape" lang="uz-Latn" data-kind="invoice"');
      expect(html).toContain('Hisob-faktura');
      expect(html).toContain(signed.number);
      expect(html).toContain('YUBORILGAN');
      expect(html).toContain('TASDIQLANGAN');
      expect(html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
      expect(html).not.toMatch(/ style="/);
      const css = await get(ctx, null, '/api/DocumentContent/print.css');
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.body).toContain('@page pf-landscape');
    });

    it('getArchive: the signed archive verifies offline against the demo root — both signatures over the stored bytes, the chain, the PDF', async () => {
      const res = await get(ctx, seller, `/api/Document/getArchive?documentId=${signed.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['cache-control']).toBe('no-store');
      const zip = new Uint8Array(res.rawPayload);
      const report = await verifyArchive(zip, { trusted: demoRoot(fixture) });
      expect(report.checks.filter((c) => !c.ok)).toEqual([]);
      const details = report.checks.map((c) => c.detail).join('\n');
      expect(details).toMatch(/01-send\.p7s \(send\):.*covers the stored bytes/);
      expect(details).toMatch(/02-accept\.p7s \(accept\):.*covers the stored bytes/);
      expect(details).toMatch(/\d+ events, hash chain intact/);
      const files = unzipSync(zip);
      expect(Buffer.from(files['document.json']).equals(signed.signedBytes)).toBe(true);
      expect(strFromU8(files['document.pdf'].slice(0, 5))).toBe('%PDF-');
      expect(report.document?.id).toBe(signed.id);

      const draft = await get(ctx, seller, `/api/Document/getArchive?documentId=${draftId}`);
      expect(draft.statusCode).toBe(409);
      expect(draft.json().code).toBe('NOT_SIGNED');
    });

    it('OpenAPI names each route with its answer: binary types, the verification', async () => {
      const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const answer = (path: string, method = 'get') => spec.paths[path]?.[method]?.responses?.['200'];
      expect(answer('/api/Document/generateDocumentToPdf').content).toHaveProperty('application/pdf');
      expect(answer('/api/Document/getArchive').content).toHaveProperty('application/zip');
      expect(answer('/api/Document/getArchives', 'post').content).toHaveProperty('application/zip');
      expect(answer('/api/Document/getArchiveFile').content).toHaveProperty('application/zip');
      expect(answer('/api/DocumentQr/generateDocumentToPdf').content).toHaveProperty('application/pdf');
      expect(answer('/api/DocumentQr/img/{documentId}').content).toHaveProperty('image/png');
      expect(answer('/api/DocumentContent/getHtml/{documentId}').content).toHaveProperty('text/html');
      expect(answer('/api/DocumentContent/getJson/{documentId}').content).toHaveProperty('application/json');
      expect(answer('/api/Verify/document/{documentId}')).toBeDefined();
    });

    const post = (who: SignedIn, ids: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Document/getArchives',
        headers: { host: HOST, ...auth(who) },
        payload: { ids },
      });

    it('getArchives, a few documents: one .zip at once — each signed document’s archive, and why the others have none', async () => {
      const foreign = randomUUID();
      const res = await post(seller, [signed.id, draftId, foreign, signed.id]);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const index = JSON.parse(strFromU8(files['index.json']));
      expect(index).toHaveLength(3);
      const byId = Object.fromEntries(index.map((entry: any) => [entry.id, entry]));
      expect(byId[signed.id].error).toBeNull();
      expect(byId[draftId].error.code).toBe('NOT_SIGNED');
      expect(byId[foreign].error.code).toBe('NOT_FOUND');
      const inner = files[byId[signed.id].file];
      expect((await verifyArchive(inner, { trusted: demoRoot(fixture) })).ok).toBe(true);
      // The buyer gets its own copy; the outsider gets nothing of the seller's documents.
      const outsiders = unzipSync(new Uint8Array((await post(outsider, [signed.id, draftId])).rawPayload));
      expect(JSON.parse(strFromU8(outsiders['index.json'])).map((e: any) => e.error.code)).toEqual([
        'NOT_FOUND',
        'NOT_FOUND',
      ]);
    });

    it('getArchives, many documents: a job with progress; its file for its owner only', async () => {
      const ids = [signed.id, ...Array.from({ length: ARCHIVE_INLINE_MAX }, () => randomUUID())];
      const res = await post(seller, ids);
      expect(res.statusCode).toBe(202);
      const jobId = res.json().data.jobId as string;
      // Not built yet: nothing to download.
      expect((await get(ctx, seller, `/api/Document/getArchiveFile?jobId=${jobId}`)).statusCode).toBe(404);
      await ctx.app.jobs.runPending('archive.documents');
      const job = (await get(ctx, seller, `/api/Job/get?id=${jobId}`)).json().data;
      expect(job).toMatchObject({
        state: 'done',
        done: ids.length,
        total: ids.length,
        failed: ARCHIVE_INLINE_MAX,
      });
      expect(job.result).toMatchObject({ documents: 1, failed: ARCHIVE_INLINE_MAX });
      const file = await get(ctx, seller, `/api/Document/getArchiveFile?jobId=${jobId}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/zip');
      expect(file.headers['content-disposition']).toContain(job.result.name);
      const index = JSON.parse(strFromU8(unzipSync(new Uint8Array(file.rawPayload))['index.json']));
      expect(index.filter((e: any) => e.file)).toHaveLength(1);
      // Another organisation, even the buyer of the document inside, cannot fetch it.
      expect((await get(ctx, buyer, `/api/Document/getArchiveFile?jobId=${jobId}`)).statusCode).toBe(404);
      expect((await get(ctx, buyer, `/api/Job/get?id=${jobId}`)).statusCode).toBe(404);
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
