import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../auth';
import { ApiError } from '../errors';
import { contentDisposition } from '../http/contentDisposition';
import { ATTACHMENT_BODY_LIMIT, ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_DOCUMENT } from '../limits';
import {
  addAttachment,
  deleteAttachment,
  listAttachments,
  readAttachment,
} from '../services/attachments/attachments';
import { callerOf, loadVisible } from '../services/documents';
import { envelope, uuid } from './documentSchemas';

// Attachments of a document (spec §7 Document/fileScan and pdfByString, multipart; issue 27.6;
// docs/documents-api.md "Attachments"): PDF, JPEG or PNG — decided from the bytes — of at most
// ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_DOCUMENT per document. Served as a download that the
// browser never runs: Content-Disposition attachment, nosniff, and a CSP sandbox.

const TAGS = ['Document'];
const security = [{ bearer: [] }];
const MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);

const attachment = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    fileName: { type: 'string' },
    contentType: { type: 'string', enum: ['application/pdf', 'image/jpeg', 'image/png'] },
    size: { type: 'integer' },
    sha256: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

const documentQuery = {
  type: 'object',
  required: ['documentId'],
  additionalProperties: false,
  properties: { documentId: uuid },
} as const;
const attachmentQuery = {
  type: 'object',
  required: ['documentId', 'attachmentId'],
  additionalProperties: false,
  properties: { documentId: uuid, attachmentId: uuid },
} as const;

/** The parts of an upload: the file (field `file`), or a PDF as Base64 text (field `pdf`, pdfByString). */
async function readUpload(request: FastifyRequest): Promise<{ name: string; data: Uint8Array } | null> {
  let upload: { name: string; data: Uint8Array } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!upload) upload = { name: part.filename || 'attachment', data };
      } else if (part.fieldname === 'pdf' && typeof part.value === 'string' && !upload) {
        const text = part.value.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text))
          throw new ApiError(400, 'ATTACHMENT_BASE64', 'errors:attachmentBase64');
        upload = { name: 'document.pdf', data: new Uint8Array(Buffer.from(text, 'base64')) };
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ApiError(413, 'ATTACHMENT_TOO_LARGE', 'errors:attachmentTooLarge', { mb: MB });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new ApiError(400, 'ATTACHMENT_REQUIRED', 'errors:attachmentRequired');
    throw err;
  }
  return upload;
}

export default async function documentAttachmentRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    // One file of at most the limit (a byte more is "too large", not cut), or its Base64 as a field.
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: ATTACHMENT_BODY_LIMIT },
    throwFileSizeLimit: true,
  });

  const upload = (summary: string) => ({
    // The session is checked before the body (up to ATTACHMENT_BODY_LIMIT) is read.
    onRequest: authenticate,
    bodyLimit: ATTACHMENT_BODY_LIMIT,
    schema: {
      tags: TAGS,
      security,
      summary,
      consumes: ['multipart/form-data'],
      querystring: documentQuery,
      response: envelope(attachment),
    },
  });

  const add =
    (only?: 'application/pdf') =>
    async (request: FastifyRequest<{ Querystring: { documentId: string } }>) => {
      // A document the caller may not see is a 404 before anything of the body is read or judged.
      await loadVisible(app.db, callerOf(request), request.query.documentId);
      const file = await readUpload(request);
      if (!file) throw new ApiError(400, 'ATTACHMENT_REQUIRED', 'errors:attachmentRequired');
      return {
        success: true,
        data: await addAttachment(app.db, callerOf(request), request.query.documentId, file, only),
      };
    };

  app.post<{ Querystring: { documentId: string } }>(
    '/fileScan',
    upload(
      `Attaches a scan or PDF to your draft (multipart field \`file\`): PDF, JPEG or PNG by content, ≤ ${MB} MB, ≤ ${ATTACHMENTS_PER_DOCUMENT} per document`,
    ),
    add(),
  );

  app.post<{ Querystring: { documentId: string } }>(
    '/pdfByString',
    upload(
      `Attaches a PDF given as Base64 text (multipart field \`pdf\`) to your draft; the same checks as fileScan, PDF only`,
    ),
    add('application/pdf'),
  );

  app.get<{ Querystring: { documentId: string } }>(
    '/getAttachments',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary: 'The attachments of a document you may view',
        querystring: documentQuery,
        response: envelope({ type: 'array', items: attachment }),
      },
    },
    async (request) => ({
      success: true,
      data: await listAttachments(app.db, callerOf(request), request.query.documentId),
    }),
  );

  app.get<{ Querystring: { documentId: string; attachmentId: string } }>(
    '/getAttachment',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary: 'One attachment, as a download (never shown or run in the browser)',
        querystring: attachmentQuery,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
      },
    },
    async (request, reply) => {
      const file = await readAttachment(
        app.db,
        callerOf(request),
        request.query.documentId,
        request.query.attachmentId,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'none'")
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.data));
    },
  );

  app.delete<{ Querystring: { documentId: string; attachmentId: string } }>(
    '/deleteAttachment',
    {
      preHandler: authenticate,
      schema: {
        tags: TAGS,
        security,
        summary: 'Removes an attachment of your draft',
        querystring: attachmentQuery,
        response: envelope({ type: 'object', properties: {} }),
      },
    },
    async (request) => {
      await deleteAttachment(app.db, callerOf(request), request.query.documentId, request.query.attachmentId);
      return { success: true, data: {} };
    },
  );
}
