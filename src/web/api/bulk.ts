// Work in bulk (issue 16): Excel import, job progress, bulk signing, statistics, notifications, help.
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiRequestError, apiFetch, apiHeaders } from './client';

export interface JobView {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number | null;
  failed: number;
  result: any;
  error: { code: string; message: string } | null;
}

/**
 * Uploads a file with upload progress (fetch cannot report it), answering the server's JSON or
 * throwing ApiRequestError with its localized message.
 */
export function uploadWithProgress<T>(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  /** Receives the request, so that the caller can abort it (the promise then rejects with AbortError). */
  onStart?: (xhr: XMLHttpRequest) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    onStart?.(xhr);
    xhr.open('POST', url);
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiRequestError(0, i18next.t('common:errors.network')));
    xhr.onload = () => {
      let body: any;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiRequestError(xhr.status, body?.message ?? xhr.statusText, body?.code));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Follows a job's server-sent events (`/api/Job/stream`) until it is final. Read with fetch so the
 * bearer token goes along; falls back to polling `/api/Job/get` if the stream breaks.
 */
export async function followJob(
  id: string,
  onUpdate: (job: JobView) => void,
  signal?: AbortSignal,
): Promise<JobView> {
  const final = (j: JobView) => j.state === 'done' || j.state === 'failed' || j.state === 'cancelled';
  try {
    const res = await fetch(`/api/Job/stream?id=${id}`, {
      headers: apiHeaders(),
      signal,
    });
    if (res.ok && res.body) {
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let last: JobView | null = null;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (block.startsWith('event: progress') && data) {
            last = JSON.parse(data.slice(6)) as JobView;
            onUpdate(last);
          }
          cut = buffer.indexOf('\n\n');
        }
      }
      if (last && final(last)) return last;
    }
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
  }
  for (;;) {
    const job = (await apiFetch<{ data: JobView }>('/api/Job/get', { query: { id }, signal })).data;
    onUpdate(job);
    if (final(job)) return job;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Asks the server to stop a job (a queued one at once, a running one after its current item). */
export async function cancelJob(id: string): Promise<JobView> {
  return (await apiFetch<{ data: JobView }>('/api/Job/cancel', { method: 'POST', query: { id } })).data;
}

export interface ImportLog {
  id: string;
  kind: string;
  fileName: string;
  state: 'queued' | 'running' | 'invalid' | 'checked' | 'done' | 'failed' | 'cancelled';
  dryRun: boolean;
  rowsCount: number | null;
  documentsCount: number | null;
  createdCount: number;
  existingCount: number;
  errorsCount: number;
  /** The pre-sign checks' warnings and notes (issue 29): listed with the errors, not refusing. */
  warningsCount: number;
  documentIds: string[];
  createdAt: string;
}

export interface ImportError {
  id: number;
  row: number | null;
  column: string | null;
  message: string;
  rule: string | null;
  documentKey: string | null;
  /** A pre-sign check's level; null for an error of the file or the schema. */
  level?: 'block' | 'warn' | 'inform' | null;
}

export const fetchImportLog = (logId: string) =>
  apiFetch<{ data: ImportLog }>('/api/DocExcelImport/Get', { query: { logId } }).then((r) => r.data);

export const fetchImportErrors = (logId: string, page: number, size = 20) =>
  apiFetch<{ rows: ImportError[]; totalCount: number }>('/api/DocExcelImport/GetItemList', {
    query: { logId, pageNumber: page, pageSize: size },
  });

export const fetchImportKinds = () => apiFetch<{ data: string[] }>('/api/Import/kinds').then((r) => r.data);

export interface SignModel {
  documentId: string;
  action: string;
  success: boolean;
  toSign?: string;
  version?: number;
  code?: string;
  message?: string;
}

export interface RunResult {
  documentId: string;
  action: string;
  success: boolean;
  code: number | string;
  message: string;
}

export const startMultiSign = (action: string, documentIds: string[], reason?: string) =>
  apiFetch<{ data: { logId: string } }>('/api/MultiSignLog/start', {
    method: 'POST',
    body: { action, documentIds, ...(reason ? { reason } : {}) },
  }).then((r) => r.data.logId);

export const multiGetModelSign = (
  logId: string,
  items: { documentId: string; action: string; reason?: string }[],
) =>
  apiFetch<{ data: SignModel[] }>('/api/DocumentSignAction/multiGetModelSign', {
    method: 'POST',
    body: { logId, items },
  }).then((r) => r.data);

export const multiRun = async (
  items: { documentId: string; action: string; signature: string; reason?: string; version?: number }[],
  idempotencyKey: string,
) =>
  // Loaded on first use: the sign host's look-up stays out of the app's entry chunk (npm run size).
  apiFetch<{ data: RunResult[] }>(await (await import('./signHost')).signActionPath('multiRun'), {
    method: 'POST',
    body: { items },
    headers: { 'Idempotency-Key': idempotencyKey },
  }).then((r) => r.data);

export const reportMultiSign = (
  logId: string,
  items: { documentId: string; outcome: 'refused' | 'skipped'; code: string; message: string }[],
) => apiFetch('/api/MultiSignLog/report', { method: 'POST', body: { logId, items } });

export const finishMultiSign = (logId: string) =>
  apiFetch<{ data: { done: number; refused: number; skipped: number; notSigned: number } }>(
    '/api/MultiSignLog/finish',
    {
      method: 'POST',
      body: { logId },
    },
  ).then((r) => r.data);

/** The documents of one bulk signing with their numbers (the report names documents by number). */
export const fetchMultiSignNumbers = (logId: string) =>
  apiFetch<{ rows: { documentId: string; number: string | null }[] }>('/api/MultiSignLog/GetItemList', {
    query: { logId, pageNumber: 1, pageSize: 50000 },
  }).then((r) => new Map(r.rows.filter((x) => x.number).map((x) => [x.documentId, x.number as string])));

export interface Statistics {
  period: { monthFrom: string; monthTo: string };
  totals: Record<'incoming' | 'outgoing' | 'drafts', { count: number; sum: string }>;
  byKind: { direction: string; kind: string; count: number; sum: string }[];
  byStatus: { direction: string; status: string; count: number; sum: string }[];
  byMonth: { direction: string; month: string; count: number; sum: string }[];
  topCounterparties: { identity: string; name: string | null; count: number; sum: string }[];
  waitingForYou: number;
}

export function useStatistics(dateFrom: string, dateTo: string, lang: string) {
  return useQuery({
    queryKey: ['statistics', dateFrom, dateTo, lang],
    queryFn: ({ signal }) =>
      apiFetch<{ data: Statistics }>('/api/Statistics/getList', { query: { dateFrom, dateTo }, signal }).then(
        (r) => r.data,
      ),
  });
}

export interface Notification {
  id: string;
  type: string;
  documentId: string | null;
  message: string;
  createdAt: string;
  read: boolean;
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: ['notifications'],
    queryFn: ({ signal }) =>
      apiFetch<{ rows: Notification[]; unreadCount: number; totalCount: number }>(
        '/api/CabinetNotification/getList',
        {
          query: { size: 20 },
          signal,
        },
      ),
    enabled,
    refetchInterval: 60_000,
  });
}

export const markNotificationsRead = (ids?: string[]) =>
  apiFetch('/api/CabinetNotification/markRead', { method: 'POST', body: ids ? { ids } : {} });

export function useHelpLists(lang: string) {
  return useQuery({
    queryKey: ['help', lang],
    queryFn: async () => {
      const [faq, news] = await Promise.all([
        apiFetch<{ rows: { id: string; question: string; answer: string }[] }>('/api/Faq/getList'),
        apiFetch<{ rows: { id: string; date: string; title: string; body: string }[] }>('/api/News/getList'),
      ]);
      return { faq: faq.rows, news: news.rows };
    },
  });
}
