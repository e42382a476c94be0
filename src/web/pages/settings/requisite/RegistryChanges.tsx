import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRequisitesChanges, useApplyRequisitesChanges } from '../../../api/settings';
import { Button, Loading, Modal, toast } from '../../../ui';
import { toastError } from '../shared/errors';

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/**
 * "Change requisites": the tax authority's registry (the labelled demo registry in demo mode) is
 * asked now, and what would change is shown field by field before anything is applied. Only the
 * fields left checked are applied; the server reads them from the registry again.
 */
export function RegistryChanges({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['settings', 'forms']);
  const preview = useQuery({
    queryKey: ['settings', 'registryPreview'],
    queryFn: fetchRequisitesChanges,
    gcTime: 0,
    staleTime: 0,
  });
  const apply = useApplyRequisitesChanges();
  const [skipped, setSkipped] = useState<Set<string>>(new Set());
  const changes = preview.data?.changes ?? [];
  const accepted = changes.filter((c) => !skipped.has(c.field)).map((c) => c.field);
  return (
    <Modal
      open
      title={t('requisites.changeTitle')}
      onClose={apply.isPending ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={apply.isPending}>
            {t('cancel')}
          </Button>
          {changes.length > 0 && (
            <Button
              loading={apply.isPending}
              disabled={accepted.length === 0}
              onClick={() =>
                apply.mutate(
                  { fields: accepted, version: preview.data?.version },
                  {
                    onSuccess: () => {
                      toast.success(t('requisites.applied', { count: accepted.length }));
                      onClose();
                    },
                    onError: toastError,
                  },
                )
              }
            >
              {t('requisites.apply', { count: accepted.length })}
            </Button>
          )}
        </>
      }
    >
      <div className="settings-modal-body wide">
        {preview.isPending ? (
          <Loading />
        ) : preview.isError ? (
          <p role="alert">{preview.error.message}</p>
        ) : (
          <>
            {preview.data.isDemo && <p className="settings-demo-note">{t('requisites.demoRegistry')}</p>}
            {changes.length === 0 ? (
              <p>{t('requisites.noChanges')}</p>
            ) : (
              <>
                <p className="muted">{t('requisites.changeText')}</p>
                <div className="table-wrap">
                  <table className="table settings-diff">
                    <caption className="visually-hidden">{t('requisites.changeTitle')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('requisites.applyField')}</th>
                        <th scope="col">{t('requisites.field')}</th>
                        <th scope="col">{t('requisites.now')}</th>
                        <th scope="col">{t('requisites.inRegistry')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map((change) => {
                        const label = t(`forms:company.${change.field}`, { defaultValue: change.field });
                        return (
                          <tr key={change.field}>
                            <td>
                              <input
                                type="checkbox"
                                aria-label={t('requisites.applyFieldOf', { field: label })}
                                checked={!skipped.has(change.field)}
                                onChange={(e) =>
                                  setSkipped((current) => {
                                    const next = new Set(current);
                                    if (e.target.checked) next.delete(change.field);
                                    else next.add(change.field);
                                    return next;
                                  })
                                }
                              />
                            </td>
                            <td>{label}</td>
                            <td>{show(change.from)}</td>
                            <td>{show(change.to)}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
