import { useQuery } from '@tanstack/react-query';
import { documentFileName } from '../../engine/fileName';
import { ApiRequestError, apiFetch } from './client';
import { unwrap } from './documents';

// /api/Document (PDF, archives), /api/DocumentQr, /api/DocumentContent and the public /api/Verify
// (docs/print.md): what the print page, the view page's print buttons and the verification page use.

/** One signature as the public verification judged it now. */
export interface SignatureCheckView {
  action: string;
  role: string;
  signerName: string | null;
  organization: string | null;
  tin: string | null;
  serialHex: string;
  serialDec: string;
  signedAt: string | null;
  timestampAt: string | null;
  valid: boolean;
  problem: { code: string; message: string } | null;
}

/** GET /api/Verify/document/{id}?k= — the particulars of a signed document and its signatures. */
export interface PublicVerification {
  id: string;
  kind: string;
  nationalId: string | null;
  number: string | null;
  date: string | null;
  total: string | null;
  status: { code: number; key: string; final: boolean };
  parties: Array<{ roles: string[]; name: string | null; identity: string }>;
  signatures: SignatureCheckView[];
  historyIntact: boolean;
  valid: boolean;
  checkedAt: string;
}

/** The verification link of a signed document (what its QR encodes); null for a draft. */
export function useVerifyUrl(documentId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['DocumentQr', 'url', documentId],
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiFetch(`DocumentQr/url/${documentId}`, { signal });
        return unwrap<{ url: string }>(answer).url;
      } catch (error) {
        // A draft has no verification page: it prints without a QR.
        if (error instanceof ApiRequestError && error.code === 'NOT_SIGNED') return null;
        throw error;
      }
    },
    enabled: Boolean(documentId) && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export type PrintFile = 'pdf' | 'protocol' | 'archive';

const FILES: Record<PrintFile, { path: string; suffix: string }> = {
  pdf: { path: 'Document/generateDocumentToPdf', suffix: '.pdf' },
  protocol: { path: 'DocumentQr/generateDocumentToPdf', suffix: '.protocol.pdf' },
  archive: { path: 'Document/getArchive', suffix: '.zip' },
};

/** A document's PDF, signing protocol or signed archive, in the given language. */
export async function downloadPrintFile(
  file: PrintFile,
  document: { id: string; kind: string; number: string | null },
  lang: string,
): Promise<{ blob: Blob; name: string }> {
  const { path, suffix } = FILES[file];
  const blob = await apiFetch<Blob>(path, {
    query: { documentId: document.id, lang },
    responseType: 'blob',
  });
  return { blob, name: documentFileName(document, suffix.slice(1)) };
}

/** Signed archives of selected documents: the .zip at once, or the job that builds it. */
export async function requestArchives(ids: string[]): Promise<{ blob: Blob } | { jobId: string }> {
  const answer = await apiFetch<Blob>('Document/getArchives', {
    method: 'POST',
    body: { ids },
    responseType: 'blob',
  });
  if (answer.type.startsWith('application/json')) {
    const json = JSON.parse(await answer.text()) as { data: { jobId: string } };
    return { jobId: json.data.jobId };
  }
  return { blob: answer };
}

export interface JobProgress {
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number | null;
  failed: number;
  result: { name: string; size: number; documents: number; failed: number } | null;
  error: { code: string; message: string } | null;
}

export async function fetchJob(id: string): Promise<JobProgress> {
  return unwrap<JobProgress>(await apiFetch('Job/get', { query: { id } }));
}

export async function downloadArchiveFile(jobId: string): Promise<Blob> {
  return apiFetch<Blob>('Document/getArchiveFile', { query: { jobId }, responseType: 'blob' });
}

/** The public verification of a document (no sign-in). */
export function useVerification(documentId: string | undefined, key: string | null, lang: string) {
  return useQuery({
    queryKey: ['Verify', documentId, key, lang],
    queryFn: async ({ signal }) =>
      unwrap<PublicVerification>(
        await apiFetch(`Verify/document/${encodeURIComponent(documentId ?? '')}`, {
          query: { k: key ?? '' },
          signal,
          quiet: true,
        }),
      ),
    enabled: Boolean(documentId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
