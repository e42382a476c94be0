import { apiFetch } from './client';

// Synchronize/importDocuments (docs/interop.md): documents made elsewhere, imported as received.

export type SignerMatch = 'tin' | 'pinfl' | 'member' | 'named' | 'unmatched';

export interface SignerReport {
  index: number;
  valid: boolean;
  code: string | null;
  /** The verdict's text in the caller's language (null when valid). */
  message?: string | null;
  name: string | null;
  organization: string | null;
  tin: string | null;
  pinfl: string | null;
  serialHex: string | null;
  signedAt: string | null;
  timestampAt: string | null;
  verifiedBy: 'local' | 'eimzo-server' | null;
  match: SignerMatch;
  role: string | null;
  identity: string | null;
}

export interface ImportResult {
  index: number;
  success: boolean;
  documentId?: string;
  kind?: string;
  created?: boolean;
  recognized?: boolean;
  unverified?: boolean;
  warnings?: Array<{ path: string; keyword: string; message: string }>;
  extensions?: Array<{ path: string; value: unknown }>;
  signers?: SignerReport[];
  code?: string;
  message?: string;
}

export interface ReceivedDocumentInput {
  /** The CMS: Base64 (of a .p7s) or PEM. */
  signature: string;
  json?: string;
  kind?: string;
}

export async function importReceivedDocuments(documents: ReceivedDocumentInput[]): Promise<ImportResult[]> {
  const answer = await apiFetch<{ data: { results: ImportResult[] } }>('/api/Synchronize/importDocuments', {
    method: 'POST',
    body: { documents },
  });
  return answer.data.results;
}

/** What Hujjat found reading a received document, as kept with it (the view's `warnings`). */
export interface ReceiptFindings {
  recognized: boolean;
  profile: Array<{ instancePath: string; keyword: string; params: Record<string, unknown> }>;
  extensions: Array<{ path: string; value: unknown }>;
  signers: SignerReport[];
  unverified: boolean;
}

export function receiptFindings(warnings: unknown): ReceiptFindings | null {
  const value = warnings as Partial<ReceiptFindings> | null | undefined;
  if (!value || typeof value !== 'object' || !Array.isArray(value.signers)) return null;
  return {
    recognized: value.recognized !== false,
    profile: value.profile ?? [],
    extensions: value.extensions ?? [],
    signers: value.signers,
    unverified: value.unverified === true,
  };
}

/** The signed JSON of a document, exactly as signed. */
export function fetchSignedJson(documentId: string): Promise<string> {
  return apiFetch<string>(`/api/DocumentContent/getJson/${documentId}`, { responseType: 'text' });
}
