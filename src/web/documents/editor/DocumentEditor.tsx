import type Form from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ValidationMode } from '../../../engine/draft';
import { getLifecycle, hasLifecycle, readOne } from '../../../engine/lifecycle';
import type { KindDefinition } from '../../../engine/registry';
import { PATHS } from '../../../engine/routes';
import { ApiRequestError, apiFetch } from '../../api/client';
import {
  addDocument,
  type DocumentView,
  documentKeys,
  invalidateDocuments,
  newIdempotencyKey,
  unwrap,
  updateDocument,
} from '../../api/documents';
import { changeTemplate, templateKeys } from '../../api/templates';
import { useProfile } from '../../auth/profile';
import { DocumentForm } from '../../form/DocumentForm';
import { MarkingDocumentContext } from '../../form/marking/documentKind';
import { type ServerFieldError, toErrorSchema } from '../../form/serverErrors';
import { type RequisitesAsOf, RequisitesAsOfContext } from '../../form/widgets/requisitesAsOf';
import { Button, toast } from '../../ui';
import { ChecksPanel } from '../checks/ChecksPanel';
import { useDraftChecks } from '../checks/useDraftChecks';
import { useSendChecks } from '../checks/useSendChecks';
import { useDocumentSigning } from '../signing/useDocumentSigning';
import { CorrectionPicker } from './CorrectionPicker';
import { correctionRule, needsOriginal, originalBlock } from './correction';
import { TemplateNameDialog } from './TemplateNameDialog';
import { useDuplicateWarning } from './useDuplicateWarning';
import { useLeaveGuard } from './useLeaveGuard';

type Content = Record<string, unknown>;
type Intent = 'draft' | 'send';

/** The first other party's name (a template's default name: "Invoice — Buyer LLC"). */
function counterpartyName(kind: string, content: Content): string {
  if (!hasLifecycle(kind)) return '';
  const [, other] =
    Object.entries(getLifecycle(kind).parties).find(([role, p]) => role !== 'sender' && p?.name) ?? [];
  const name = other?.name ? readOne(content, other.name.replace('/*/', '/0/')) : undefined;
  return typeof name === 'string' ? name : '';
}

export interface DocumentEditorProps {
  definition: KindDefinition;
  mode: 'create' | 'update';
  initial: Content;
  /** The draft being edited (update), with the version it edits. */
  documentId?: string;
  version?: number;
  /** A line under the title: where the content came from (a template, a copy). */
  note?: string;
}

/**
 * Create and edit (spec §2 create, update): the kind's form, and "Save draft", "Save as template",
 * "Sign and send". Saving validates in the browser with the same schema the server uses, then the
 * server checks again (its field errors appear at the fields). Sign and send saves first, then signs
 * the server's bytes. Leaving with unsaved changes asks first.
 */
export function DocumentEditor({
  definition,
  mode,
  initial,
  documentId,
  version,
  note,
}: DocumentEditorProps) {
  const { t } = useTranslation(['workspace', 'documents', 'checks']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const profile = useProfile();
  const identity = (profile?.tin as string | undefined) || (profile?.pinfl as string | undefined) || null;
  const kind = definition.kind;

  const formRef = useRef<Form | null>(null);
  const latest = useRef<Content>(initial);
  const intent = useRef<Intent>('draft');
  // A draft saves incomplete; signing and sending checks everything (the server does the same).
  const validationMode = useRef<ValidationMode>('complete');
  const addKey = useRef(newIdempotencyKey());
  const saved = useRef<{ id?: string; version?: number }>({ id: documentId, version });
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<Intent | 'template' | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [templateDialog, setTemplateDialog] = useState(false);
  const guard = useLeaveGuard(dirty);
  const duplicates = useDuplicateWarning(kind);
  // The marking-code editor's registry check needs the kind (and the stored id) of this document.
  const markingDocument = useMemo(() => ({ kind, documentId }), [kind, documentId]);
  // Issue 29: the pre-sign checks, as the person types (debounced, never on the keystroke) and at the send.
  const draftChecks = useDraftChecks(kind, documentId);
  const sendChecks = useSendChecks(kind);
  const scheduleChecks = draftChecks.schedule;
  useEffect(() => scheduleChecks(initial), [scheduleChecks, initial]);
  const signing = useDocumentSigning({
    onDone: () => {
      guard.allow();
      if (saved.current.id) navigate(PATHS.view.replace(':id', saved.current.id), { replace: true });
    },
  });

  const correction = useMemo(() => correctionRule(kind, definition.schema as never), [kind, definition]);
  const typeOf = useCallback(
    (data: Content) => (correction ? data[correction.typeField] : undefined),
    [correction],
  );
  const [type, setType] = useState<unknown>(() => typeOf(initial));
  const [original, setOriginal] = useState<string | null>(() =>
    correction
      ? ((readOne(
          initial,
          `/${correction.block}/${correction.fields.find((f) => /Id$/.test(f))}`,
        ) as string) ?? null)
      : null,
  );

  const onChange = useCallback(
    (data: unknown) => {
      latest.current = data as Content;
      scheduleChecks(latest.current);
      const next = typeOf(latest.current);
      setType((current: unknown) => (current === next ? current : next));
    },
    [typeOf, scheduleChecks],
  );

  async function save(data: Content, how: Intent) {
    setBusy(how);
    setServerErrors(undefined);
    try {
      if (!saved.current.id) {
        const created = await addDocument(kind, data, addKey.current);
        saved.current = { id: created.id, version: 1 };
        addKey.current = newIdempotencyKey();
      } else {
        const updated = await updateDocument(saved.current.id, saved.current.version ?? 1, data);
        saved.current = { id: updated.id ?? saved.current.id, version: updated.version };
      }
      const id = saved.current.id as string;
      setDirty(false);
      invalidateDocuments(client, id);
      if (how === 'draft') {
        toast.success(t('workspace:editor.saved'));
        if (mode === 'create') {
          guard.allow();
          navigate(PATHS.update.replace(':id', id), { replace: true });
        }
        return;
      }
      const view = await client.fetchQuery({
        queryKey: documentKeys.view(id),
        queryFn: async () =>
          unwrap<DocumentView>(await apiFetch('Document/getById', { query: { documentId: id } })),
        staleTime: 0,
      });
      const send = view.actions.find((a) => a.kind === 'sign' && a.shape === 'document');
      if (!send) {
        toast.info(t('workspace:editor.savedCannotSend'));
        guard.allow();
        navigate(PATHS.view.replace(':id', id), { replace: true });
        return;
      }
      signing.start({ id, partyIds: identity ? [identity] : [] }, send);
    } catch (error) {
      const errors =
        error instanceof ApiRequestError ? (error.body as { errors?: ServerFieldError[] })?.errors : null;
      if (error instanceof ApiRequestError && error.status === 400 && errors?.length) {
        setServerErrors(toErrorSchema(errors));
        toast.error(t('workspace:editor.serverErrors', { count: errors.length, message: error.message }));
      } else toast.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  /** A document the organisation already sent is warned of first (issue 26; the server refuses its send). */
  async function saveChecked(data: Content, how: Intent) {
    setBusy(how);
    let go = await duplicates.confirm(data, saved.current.id, how);
    if (go && how === 'send') go = await sendChecks.confirm(data, saved.current.id);
    setBusy(null);
    if (go) await save(data, how);
  }

  const submit = (how: Intent) => {
    intent.current = how;
    validationMode.current = how === 'draft' ? 'draft' : 'complete';
    formRef.current?.submit();
  };

  async function saveTemplate(name: string) {
    setBusy('template');
    try {
      await changeTemplate({ kind, name, content: latest.current });
      void client.invalidateQueries({ queryKey: templateKeys.all });
      toast.success(t('workspace:templates.saved', { name }));
      setTemplateDialog(false);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const kindName = t(definition.titleKey);
  const counterparty = counterpartyName(kind, latest.current);
  const showCorrection = correction && needsOriginal(correction, type);
  // The original chosen in this visit: parties are looked up as it holds them (its id is known only
  // from the picker; a draft reopened looks parties up as of today until the original is chosen again).
  const [originalDocument, setOriginalDocument] = useState<RequisitesAsOf | null>(null);
  const requisitesAsOf = showCorrection ? originalDocument : null;

  return (
    <section className="page doc-editor" aria-labelledby="doc-editor-title">
      <header className="doc-editor-head">
        <h1 id="doc-editor-title">
          {mode === 'create'
            ? t('workspace:editor.createTitle', { kind: kindName })
            : t('workspace:editor.updateTitle', { kind: kindName })}
        </h1>
        {note && <p className="muted">{note}</p>}
      </header>
      {showCorrection && correction && (
        <CorrectionPicker
          kind={kind}
          chosenId={original}
          onChoose={(doc) => {
            formRef.current?.setFieldValue([correction.block], originalBlock(correction, doc) as never);
            setOriginal(doc.nationalId ?? null);
            setOriginalDocument({ documentId: doc.id, date: doc.date?.slice(0, 10) ?? null });
            setDirty(true);
            toast.info(t('workspace:editor.correction.chosen', { number: doc.number ?? '—' }));
          }}
        />
      )}
      <div className="doc-editor-form" onInput={() => setDirty(true)} onChange={() => setDirty(true)}>
        <MarkingDocumentContext.Provider value={markingDocument}>
          <RequisitesAsOfContext.Provider value={requisitesAsOf}>
            <DocumentForm
              schema={definition.schema as never}
              uiSchema={definition.ui}
              mode={mode}
              initialData={initial}
              onChange={onChange}
              onSubmit={(data) => void saveChecked(data as Content, intent.current)}
              extraErrors={serverErrors}
              formRef={formRef}
              validationMode={validationMode}
              hideSubmit
            />
          </RequisitesAsOfContext.Provider>
        </MarkingDocumentContext.Provider>
      </div>
      <ChecksPanel
        title={t('checks:panel.title')}
        hint={t('checks:panel.editorHint')}
        checks={draftChecks.checks}
        loading={draftChecks.loading}
        failed={draftChecks.failed}
        onRefresh={draftChecks.refresh}
      />
      <div className="doc-editor-bar" role="toolbar" aria-label={t('workspace:editor.actions')}>
        <Button
          variant="secondary"
          onClick={() => submit('draft')}
          aria-describedby="doc-editor-draft-hint"
          loading={busy === 'draft'}
          disabled={busy !== null}
        >
          {t('workspace:editor.saveDraft')}
        </Button>

        <Button variant="ghost" onClick={() => setTemplateDialog(true)} disabled={busy !== null}>
          {t('workspace:editor.saveTemplate')}
        </Button>
        <span className="spacer" />
        {dirty && <span className="muted doc-editor-dirty">{t('workspace:editor.unsaved')}</span>}
        <Button
          onClick={() => submit('send')}
          loading={busy === 'send' || signing.busy}
          disabled={busy !== null}
        >
          {t('workspace:actions.send')}
        </Button>
        <p className="muted doc-editor-hint" id="doc-editor-draft-hint">
          {t('workspace:editor.draftHint')}
        </p>
      </div>
      {templateDialog && (
        <TemplateNameDialog
          open
          title={t('workspace:editor.saveTemplate')}
          initialName={[kindName, counterparty].filter(Boolean).join(' — ')}
          busy={busy === 'template'}
          onSave={(name) => void saveTemplate(name)}
          onCancel={() => setTemplateDialog(false)}
        />
      )}
      {signing.element}
      {duplicates.element}
      {sendChecks.element}
      {guard.element}
    </section>
  );
}
