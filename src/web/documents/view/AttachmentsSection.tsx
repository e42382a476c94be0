import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_MB } from '../../../engine/attachments';
import {
  type Attachment,
  deleteAttachment,
  downloadAttachment,
  listAttachments,
  uploadAttachment,
} from '../../api/attachments';
import { ApiRequestError } from '../../api/client';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast/store';
import type { ViewSectionProps } from '../extensions';
import { saveBlob } from '../saveBlob';

/**
 * Scans and PDFs attached to the document (issue 27.6): every party that may view it lists and
 * downloads them (a download, never opened in the page); the sender adds and removes them while the
 * document is its draft. PDF, JPEG or PNG of at most ATTACHMENT_MAX_MB — the server reads the type
 * from the bytes and refuses the rest with its message.
 */
export function AttachmentsSection({ document }: ViewSectionProps) {
  const { t, i18n } = useTranslation('organizations');
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const key = ['attachments', document.id];
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => listAttachments(document.id, signal) });
  const editable = document.box === 'drafts' && document.myRoles.includes('sender');
  const rows = list.data ?? [];
  if (!editable && rows.length === 0) return null;
  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? t('attachments.mb', {
          value: (bytes / (1024 * 1024)).toLocaleString(i18n.language, { maximumFractionDigits: 1 }),
        })
      : t('attachments.kb', { value: Math.max(1, Math.round(bytes / 1024)).toLocaleString(i18n.language) });
  const fail = (error: unknown) =>
    toast.error(error instanceof ApiRequestError ? error.message : String(error));
  const add = async (file: File) => {
    if (file.size > ATTACHMENT_MAX_MB * 1024 * 1024)
      return toast.error(t('attachments.tooLarge', { mb: ATTACHMENT_MAX_MB }));
    setBusy(true);
    try {
      await uploadAttachment(document.id, file);
      await client.invalidateQueries({ queryKey: key });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const save = async (a: Attachment) => {
    try {
      saveBlob(await downloadAttachment(document.id, a.id), a.fileName);
    } catch (error) {
      fail(error);
    }
  };
  const remove = async (a: Attachment) => {
    try {
      await deleteAttachment(document.id, a.id);
      await client.invalidateQueries({ queryKey: key });
    } catch (error) {
      fail(error);
    }
  };
  return (
    <section
      className="doc-section card"
      aria-labelledby="attachments-title"
      data-testid="attachments-section"
    >
      <h2 id="attachments-title">{t('attachments.title')}</h2>
      {rows.length > 0 ? (
        <ul className="attachment-list">
          {rows.map((a) => (
            <li key={a.id}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void save(a)}
                aria-label={t('attachments.download', { name: a.fileName })}
              >
                {a.fileName}
              </Button>
              <span className="muted"> {size(a.size)}</span>
              {editable && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void remove(a)}
                  aria-label={t('attachments.remove', { name: a.fileName })}
                >
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('attachments.none')}</p>
      )}
      {editable && (
        <>
          <input
            ref={input}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void add(file);
            }}
            data-testid="attachment-input"
          />
          <Button variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
            {t('attachments.add')}
          </Button>
          <p className="muted">{t('attachments.rule', { mb: ATTACHMENT_MAX_MB })}</p>
        </>
      )}
    </section>
  );
}
