// Issue 27.6: scans and PDFs attached to a document (Document/fileScan, pdfByString). Types are read
// from the bytes, not the name or the declared type; the size limit is ATTACHMENT_MAX_BYTES; another
// organisation's document is a 404; downloads are never run by the browser.
import { beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { ATTACHMENT_MAX_BYTES } from '../../../src/server/limits';
import { bearer, director, type Session } from '../access/helpers';
import { type TestContext, withDatabases } from '../harness';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'),
  Buffer.alloc(64, 0x20),
  Buffer.from('%%EOF'),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
const BOUNDARY = '----hujjat-attachments';

function multipart(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

withDatabases('document attachments', (ctx: TestContext) => {
  let owner: Session;
  let stranger: Session;
  let documentId: string;

  const upload = (who: Session, id: string, data: Buffer, filename = 'scan.pdf', type = 'application/pdf') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/Document/fileScan?documentId=${id}`,
      headers: {
        ...bearer(who),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'accept-language': 'en',
      },
      payload: multipart([{ name: 'file', filename, type, data }]),
    });
  const get = (who: Session, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(who) });

  beforeAll(async () => {
    owner = await director(ctx, 1);
    stranger = await director(ctx, 2);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/Document/add?kind=invoice',
      headers: bearer(owner),
      payload: {
        ...invoice,
        FacturaId: '',
        FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: 'ATT-1' },
        SellerTin: '302000001',
        ProductList: { ...invoice.ProductList, Tin: '302000001' },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    documentId = added.json().data.id;
  });

  it('keeps a PDF, a PNG and a JPEG and serves each as a download the browser never runs', async () => {
    for (const [data, name, type] of [
      [PDF, 'Akt sverki.pdf', 'application/pdf'],
      [PNG, 'scan.png', 'image/png'],
      [JPEG, '../../etc/scan.jpeg', 'image/jpeg'],
    ] as const) {
      const res = await upload(owner, documentId, data, name, type);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ contentType: type, size: data.length });
    }
    const list = (await get(owner, `/api/Document/getAttachments?documentId=${documentId}`)).json().data;
    expect(list.map((a: { fileName: string }) => a.fileName)).toEqual([
      'Akt sverki.pdf',
      'scan.png',
      'scan.jpg',
    ]);
    const file = await get(
      owner,
      `/api/Document/getAttachment?documentId=${documentId}&attachmentId=${list[0].id}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toMatch(/sandbox/);
  });

  it('refuses what the bytes say is not PDF, JPEG or PNG, whatever the name and declared type', async () => {
    const lies = [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('MZ\x90\x00 an executable'),
      Buffer.from(' %PDF-1.4 (not at the start)'),
    ];
    for (const data of lies) {
      const res = await upload(owner, documentId, data, 'scan.pdf', 'application/pdf');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ code: 'ATTACHMENT_TYPE' });
      expect(res.json().message).toMatch(/Only PDF, JPEG or PNG/);
    }
    // pdfByString takes PDFs only, as Base64 text.
    const asText = (data: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/Document/pdfByString?documentId=${documentId}`,
        headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart([{ name: 'pdf', data: data.toString('base64') }]),
      });
    expect((await asText(PNG)).statusCode).toBe(415);
    const pdf = await asText(PDF);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().data).toMatchObject({ fileName: 'document.pdf', contentType: 'application/pdf' });
  });

  it('refuses a file over the limit (a byte more), before storing anything', async () => {
    const before = (await get(owner, `/api/Document/getAttachments?documentId=${documentId}`)).json().data
      .length;
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(ATTACHMENT_MAX_BYTES + 1 - 9, 0x20)]);
    expect(big.length).toBe(ATTACHMENT_MAX_BYTES + 1);
    const res = await upload(owner, documentId, big);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(res.json()).toMatchObject({ code: 'ATTACHMENT_TOO_LARGE' });
    expect(res.json().message).toMatch(/10 MB/);
    const exact = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(ATTACHMENT_MAX_BYTES - 9, 0x20)]);
    expect((await upload(owner, documentId, exact)).statusCode).toBe(200);
    const after = (await get(owner, `/api/Document/getAttachments?documentId=${documentId}`)).json().data
      .length;
    expect(after).toBe(before + 1);
  });

  it('another organisation’s document: 404 for reading, listing, adding and removing', async () => {
    const list = (await get(owner, `/api/Document/getAttachments?documentId=${documentId}`)).json().data;
    const one = `documentId=${documentId}&attachmentId=${list[0].id}`;
    expect((await get(stranger, `/api/Document/getAttachments?documentId=${documentId}`)).statusCode).toBe(
      404,
    );
    const read = await get(stranger, `/api/Document/getAttachment?${one}`);
    expect(read.statusCode).toBe(404);
    expect(read.rawPayload.includes(PDF.subarray(0, 12))).toBe(false);
    expect((await upload(stranger, documentId, PDF)).statusCode).toBe(404);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/Document/deleteAttachment?${one}`,
      headers: bearer(stranger),
    });
    expect(removed.statusCode).toBe(404);
    expect(
      (await get(owner, `/api/Document/getAttachments?documentId=${documentId}`)).json().data,
    ).toHaveLength(list.length);
  });

  it('only a draft takes or loses attachments; the owner removes one', async () => {
    const list = (await get(owner, `/api/Document/getAttachments?documentId=${documentId}`)).json().data;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/Document/deleteAttachment?documentId=${documentId}&attachmentId=${list.at(-1).id}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await ctx.db.query('update documents set status = 1 where id = $1', [documentId]);
    try {
      const res = await upload(owner, documentId, PDF);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('NOT_A_DRAFT');
    } finally {
      await ctx.db.query('update documents set status = 0 where id = $1', [documentId]);
    }
  });
});
