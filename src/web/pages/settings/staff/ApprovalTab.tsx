import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionCatalogue, useApprovalKinds, useSetApprovalKinds } from '../../../api/settings';
import { Button, Checkbox, Loading, toast } from '../../../ui';
import { toastError } from '../shared/errors';

/** Kinds that must be approved inside the company (an agreement route) before they may be sent. */
export function ApprovalTab() {
  const { t } = useTranslation('settings');
  const catalogue = useActionCatalogue();
  const kinds = useApprovalKinds();
  const save = useSetApprovalKinds();
  const [draft, setDraft] = useState<Set<string> | null>(null);
  const current = draft ?? new Set(kinds.data ?? []);
  const documentKinds = (catalogue.data ?? []).filter((a) => a.group === 'document' && a.right === 'send');
  if (kinds.isPending || catalogue.isPending) return <Loading />;
  return (
    <section className="card settings-section" aria-labelledby="approval-title">
      <h2 id="approval-title">{t('approval.title')}</h2>
      <p className="muted">{t('approval.text')}</p>
      <fieldset className="stack" style={{ border: 0, padding: 0 }}>
        <legend className="visually-hidden">{t('approval.title')}</legend>
        {documentKinds.map((a) => (
          <Checkbox
            key={a.kind}
            label={a.title}
            checked={current.has(a.kind as string)}
            onChange={(e) => {
              const next = new Set(current);
              if (e.target.checked) next.add(a.kind as string);
              else next.delete(a.kind as string);
              setDraft(next);
            }}
          />
        ))}
      </fieldset>
      <p className="row" style={{ marginTop: '0.75rem' }}>
        <Button
          disabled={!draft}
          loading={save.isPending}
          onClick={() =>
            save.mutate([...current], {
              onSuccess: () => {
                setDraft(null);
                toast.success(t('approval.saved'));
              },
              onError: toastError,
            })
          }
        >
          {t('save')}
        </Button>
      </p>
    </section>
  );
}
