import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';
import {
  bulkAction,
  copyDocument,
  type DocumentAction,
  type DocumentView,
  deleteDraft,
  invalidateDocuments,
  newIdempotencyKey,
} from '../../api/documents';
import { toast } from '../../ui';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * The draft actions that are the same for every kind (docs/documents-api.md §1): edit, copy, bin,
 * restore, delete a draft, delete forever. Irreversible ones ask first.
 */
export function useLocalActions(document: DocumentView | undefined) {
  const { t } = useTranslation(['workspace', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'deleteDraft' | 'deleteForever' | null>(null);

  async function perform(name: string) {
    if (!document) return;
    setBusy(name);
    try {
      switch (name) {
        case 'copy': {
          const copy = await copyDocument(document.id, newIdempotencyKey());
          invalidateDocuments(client);
          toast.success(t('workspace:view.copied'));
          navigate(PATHS.update.replace(':id', copy.id));
          break;
        }
        case 'bin':
        case 'restore': {
          const [result] = await bulkAction(name === 'bin' ? 'bulkBin' : 'bulkRestore', [document.id]);
          if (result && !result.success) throw new Error(result.message ?? result.code);
          toast.success(t(name === 'bin' ? 'workspace:view.binned' : 'workspace:view.restored'));
          invalidateDocuments(client, document.id);
          break;
        }
        case 'deleteDraft':
          await deleteDraft(document.id);
          toast.success(t('workspace:view.draftDeleted'));
          invalidateDocuments(client);
          navigate(PATHS.drafts, { replace: true });
          break;
        case 'deleteForever': {
          const [result] = await bulkAction('bulkDelete', [document.id]);
          if (result && !result.success) throw new Error(result.message ?? result.code);
          toast.success(t('workspace:view.deletedForever'));
          invalidateDocuments(client);
          navigate(PATHS.deleted, { replace: true });
          break;
        }
      }
    } catch (error) {
      toast.error((error as Error).message);
      invalidateDocuments(client, document.id);
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  }

  const run = (action: DocumentAction) => {
    if (!document) return;
    if (action.name === 'edit') navigate(PATHS.update.replace(':id', document.id));
    else if (action.name === 'deleteDraft' || action.name === 'deleteForever') setConfirm(action.name);
    else void perform(action.name);
  };

  const element = (
    <ConfirmDialog
      open={confirm !== null}
      title={t(
        confirm === 'deleteDraft' ? 'workspace:view.deleteDraftTitle' : 'workspace:view.deleteForeverTitle',
      )}
      confirmLabel={t(`workspace:actions.${confirm ?? 'deleteForever'}`)}
      danger
      busy={busy === confirm}
      onConfirm={() => confirm && void perform(confirm)}
      onCancel={() => setConfirm(null)}
    >
      <p>{t('workspace:view.cannotUndo')}</p>
    </ConfirmDialog>
  );
  return { run, busy, element };
}
