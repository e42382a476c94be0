import { apiFetch } from './client';

// Document attachments (issue 27.6; server routes/DocumentAttachments.ts).

export interface Attachment {
  id: string;
  fileName: string;
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
  size: number;
  sha256: string;
  createdAt: string;
}

export async function listAttachments(documentId: string, signal?: AbortSignal): Promise<Attachment[]> {
  return (
    await apiFetch<{ data: Attachment[] }>('Document/getAttachments', { query: { documentId }, signal })
  ).data;
}

export function downloadAttachment(documentId: string, attachmentId: string): Promise<Blob> {
  return apiFetch<Blob>('Document/getAttachment', {
    query: { documentId, attachmentId },
    responseType: 'blob',
  });
}

export async function uploadAttachment(documentId: string, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (
    await apiFetch<{ data: Attachment }>(
      `/api/Document/fileScan?documentId=${encodeURIComponent(documentId)}`,
      {
        method: 'POST',
        body: form,
      },
    )
  ).data;
}

export function deleteAttachment(documentId: string, attachmentId: string) {
  return apiFetch('Document/deleteAttachment', { method: 'DELETE', query: { documentId, attachmentId } });
}
