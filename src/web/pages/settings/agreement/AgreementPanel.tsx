import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AgreementInfo, useAgreement, useAgreementAction, useStaffBrief } from '../../../api/settings';
import { useProfile } from '../../../auth/profile';
import { showDateTime } from '../../../documents/format';
import { Button, Checkbox, FormItem, Loading, Modal, Select, Textarea, toast } from '../../../ui';
import { toastError } from '../shared/errors';
import '../settings.css';

/**
 * The document's internal approval route (issue 15 §5) on its view page: who approves, in which
 * order, their decisions and comments, and the history — so the signer sees the approvals before
 * signing. Whoever prepares the document sends it for approval; each approver decides in turn.
 */
export function AgreementPanel({ documentId }: { documentId: string }) {
  const { t, i18n } = useTranslation('settings');
  const query = useAgreement(documentId);
  const action = useAgreementAction(documentId);
  const [creating, setCreating] = useState(false);
  const [deciding, setDeciding] = useState<{ approve: boolean; asController: boolean } | null>(null);
  if (query.isPending) return <Loading />;
  if (query.isError) return null;
  const { info, history } = query.data;
  const run = (call: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(call, {
      onSuccess: () => toast.success(t(done)),
      onError: toastError,
    });
  const a = info.agreement;
  return (
    <section className="doc-section card" aria-labelledby="agreement-title" data-testid="agreement-panel">
      <h2 id="agreement-title">{t('agreement.title')}</h2>
      {info.required && !info.agreed && <p className="settings-demo-note">{t('agreement.requiredNote')}</p>}
      {!a ? (
        <p className="muted">{t('agreement.none')}</p>
      ) : (
        <>
          <p>
            <strong data-testid="agreement-status">{statusText(t, info)}</strong>
            {a.stale && <span className="muted"> — {t('agreement.staleNote')}</span>}
          </p>
          {a.comment && <p className="muted">“{a.comment}”</p>}
          <p className="muted">
            {t('agreement.startedBy', {
              name: a.createdByName ?? '—',
              at: showDateTime(a.createdAt, i18n.language),
              mode: t(`agreement.mode.${a.mode}`),
            })}
          </p>
          <ol className="agreement-route" aria-label={t('agreement.route')}>
            {info.performers.map((p) => (
              <li key={p.userId}>
                <span
                  className="agreement-mark"
                  data-decision={p.decision}
                  data-current={p.current}
                  aria-hidden="true"
                >
                  {p.decision === 'approved' ? '✓' : p.decision === 'declined' ? '✕' : p.position + 1}
                </span>
                <span>
                  <strong>{p.fullName}</strong> — {t(`agreement.decision.${p.decision}`)}
                  {p.current && ` (${t('agreement.turn')})`}
                  {p.decidedAt && (
                    <span className="muted"> · {showDateTime(p.decidedAt, i18n.language)}</span>
                  )}
                  {p.comment && <div className="muted">“{p.comment}”</div>}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <div className="settings-actions">
        {info.can.create && <Button onClick={() => setCreating(true)}>{t('agreement.send')}</Button>}
        {info.can.decide && (
          <>
            <Button onClick={() => setDeciding({ approve: true, asController: false })}>
              {t('agreement.approve')}
            </Button>
            <Button variant="danger" onClick={() => setDeciding({ approve: false, asController: false })}>
              {t('agreement.decline')}
            </Button>
          </>
        )}
        {info.can.control && !info.can.decide && (
          <>
            <Button variant="secondary" onClick={() => setDeciding({ approve: true, asController: true })}>
              {t('agreement.approveAll')}
            </Button>
            <Button variant="ghost" onClick={() => setDeciding({ approve: false, asController: true })}>
              {t('agreement.declineAll')}
            </Button>
          </>
        )}
        {info.can.resend && (
          <Button
            variant="secondary"
            loading={action.isPending}
            onClick={() => run({ op: 'resend' }, 'agreement.resent')}
          >
            {t('agreement.resend')}
          </Button>
        )}
        {info.can.delete && (
          <Button
            variant="ghost"
            loading={action.isPending}
            onClick={() => run({ op: 'delete' }, 'agreement.deleted')}
          >
            {t('agreement.remove')}
          </Button>
        )}
      </div>
      {history.length > 0 && (
        <details style={{ marginTop: '0.75rem' }}>
          <summary>{t('agreement.history', { count: history.length })}</summary>
          <ul className="agreement-history">
            {history.map((e) => (
              <li key={e.id}>
                {showDateTime(e.at, i18n.language)} · <strong>{e.actorName}</strong> ·{' '}
                {t(`agreement.events.${e.action}`)}
                {e.comment && <span className="muted"> — “{e.comment}”</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
      {creating && <CreateDialog documentId={documentId} onClose={() => setCreating(false)} />}
      {deciding && (
        <DecideDialog
          approve={deciding.approve}
          busy={action.isPending}
          onClose={() => setDeciding(null)}
          onDecide={(comment) =>
            action.mutate(
              { op: 'decide', approve: deciding.approve, comment, asController: deciding.asController },
              {
                onSuccess: () => {
                  toast.success(t(deciding.approve ? 'agreement.approved' : 'agreement.declined'));
                  setDeciding(null);
                },
                onError: toastError,
              },
            )
          }
        />
      )}
    </section>
  );
}

function statusText(t: (key: string) => string, info: AgreementInfo): string {
  if (!info.agreement) return '';
  if (info.agreement.stale) return t('agreement.status.stale');
  return t(`agreement.status.${info.agreement.status}`);
}

function CreateDialog({ documentId, onClose }: { documentId: string; onClose(): void }) {
  const { t } = useTranslation('settings');
  const staff = useStaffBrief();
  const profile = useProfile();
  const action = useAgreementAction(documentId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [mode, setMode] = useState<'sequential' | 'parallel'>('sequential');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const modeId = useId();
  const commentId = useId();
  const people = (staff.data ?? []).filter((s) => s.userId !== profile?.userId);
  const submit = () => {
    if (!chosen.length) {
      setError(t('agreement.choose'));
      return;
    }
    action.mutate(
      { op: 'create', performers: chosen, mode, comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(t('agreement.sent'));
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <Modal
      open
      title={t('agreement.sendTitle')}
      onClose={action.isPending ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={action.isPending}>
            {t('agreement.send')}
          </Button>
        </>
      }
    >
      <div className="stack">
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t('agreement.performers')}</legend>
          <p className="muted">{t('agreement.orderHint')}</p>
          <div className="performer-picker">
            {people.length === 0 && <p className="muted">{t('agreement.noStaff')}</p>}
            {people.map((person) => {
              const index = chosen.indexOf(person.userId);
              return (
                <Checkbox
                  key={person.userId}
                  label={`${index >= 0 ? `${index + 1}. ` : ''}${person.fullName}${person.positionName ? ` — ${person.positionName}` : ''}`}
                  checked={index >= 0}
                  onChange={(e) => {
                    setError(null);
                    setChosen(
                      e.target.checked
                        ? [...chosen, person.userId]
                        : chosen.filter((id) => id !== person.userId),
                    );
                  }}
                />
              );
            })}
          </div>
          {error && (
            <p className="form-item-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
        <FormItem htmlFor={modeId} label={t('agreement.modeLabel')}>
          <Select
            id={modeId}
            value={mode}
            onChange={(e) => setMode(e.target.value as typeof mode)}
            options={[
              { value: 'sequential', label: t('agreement.mode.sequential') },
              { value: 'parallel', label: t('agreement.mode.parallel') },
            ]}
          />
        </FormItem>
        <FormItem htmlFor={commentId} label={t('agreement.comment')}>
          <Textarea
            id={commentId}
            value={comment}
            maxLength={500}
            rows={3}
            onChange={(e) => setComment(e.target.value)}
          />
        </FormItem>
      </div>
    </Modal>
  );
}

function DecideDialog({
  approve,
  busy,
  onClose,
  onDecide,
}: {
  approve: boolean;
  busy: boolean;
  onClose(): void;
  onDecide(comment: string | undefined): void;
}) {
  const { t } = useTranslation('settings');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = () => {
    if (!approve && !comment.trim()) {
      setError(t('agreement.commentRequired'));
      return;
    }
    onDecide(comment.trim() || undefined);
  };
  return (
    <Modal
      open
      role="alertdialog"
      title={approve ? t('agreement.approveTitle') : t('agreement.declineTitle')}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant={approve ? 'primary' : 'danger'} onClick={submit} loading={busy}>
            {approve ? t('agreement.approve') : t('agreement.decline')}
          </Button>
        </>
      }
    >
      <FormItem htmlFor={id} label={t('agreement.comment')} required={!approve} error={error}>
        <Textarea
          id={id}
          value={comment}
          maxLength={500}
          rows={3}
          invalid={Boolean(error)}
          onChange={(e) => {
            setComment(e.target.value);
            setError(null);
          }}
        />
      </FormItem>
    </Modal>
  );
}

/** The view page's side section (src/web/documents/extensions.tsx: viewSideSections). */
export function AgreementSection({ document }: { document: { id: string } }) {
  return <AgreementPanel documentId={document.id} />;
}
