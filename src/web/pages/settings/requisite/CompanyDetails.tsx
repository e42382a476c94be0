import type Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompanyForm, type Organization, useUpdateOrganization } from '../../../api/settings';
import { DocumentForm } from '../../../form/DocumentForm';
import { useFormKind } from '../../../form/kinds';
import { Button, Loading, toast } from '../../../ui';
import { fieldErrorsOf, toastError } from '../shared/errors';
import { RegistryChanges } from './RegistryChanges';

/**
 * The company details of spec §3 through the engine's company form (schemas/settings/company): the
 * same schema and keywords the server checks. Read-only without the admin:requisites right.
 */
export function CompanyDetails({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const definition = useFormKind('company');
  const update = useUpdateOrganization();
  const formRef = useRef<Form | null>(null);
  const [errors, setErrors] = useState<ErrorSchema | null>(null);
  const [registry, setRegistry] = useState(false);
  if (!definition) return <Loading />;
  const save = (requisites: CompanyForm) =>
    update.mutate(
      { id: organization.id, version: organization.version, requisites },
      {
        onSuccess: () => {
          setErrors(null);
          toast.success(t('requisites.saved'));
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          if (!fields) toastError(error);
        },
      },
    );
  return (
    <section className="card settings-section" aria-labelledby="company-title">
      <h2 id="company-title">
        {t('requisites.company')}
        {canEdit && (
          <Button variant="secondary" onClick={() => setRegistry(true)}>
            {t('requisites.changeRequisites')}
          </Button>
        )}
      </h2>
      {organization.isDemo && <p className="settings-demo-note">{t('requisites.demoOrganization')}</p>}
      {!canEdit && <p className="muted">{t('requisites.readOnly')}</p>}
      <div className="settings-form-grid">
        <DocumentForm
          // A saved or refreshed version remounts the form with what the server holds now.
          key={organization.version}
          schema={definition.schema as RJSFSchema}
          uiSchema={definition.ui as UiSchema}
          mode={canEdit ? 'update' : 'view'}
          initialData={organization.requisites}
          formRef={formRef}
          hideSubmit
          extraErrors={errors ?? undefined}
          idPrefix="company"
          onSubmit={(data) => save(data as CompanyForm)}
        />
      </div>
      {canEdit && (
        <p className="row" style={{ marginTop: '1rem' }}>
          <Button onClick={() => formRef.current?.submit()} loading={update.isPending}>
            {t('requisites.save')}
          </Button>
        </p>
      )}
      {registry && <RegistryChanges onClose={() => setRegistry(false)} />}
    </section>
  );
}
