import type Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { type ReactNode, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentForm } from '../../../form/DocumentForm';
import { useFormKind } from '../../../form/kinds';
import { Button, Loading, Modal } from '../../../ui';

/**
 * A settings form (schemas/settings/<form>) in a modal: the engine's form validates in the browser
 * with the same schema the server checks; the server's field errors show at their fields.
 */
export function SettingsFormModal<T>({
  open,
  form,
  title,
  initial,
  busy,
  extraErrors,
  children,
  submitLabel,
  wide,
  onSubmit,
  onClose,
}: {
  open: boolean;
  form: string;
  title: string;
  initial: Partial<T>;
  busy?: boolean;
  extraErrors?: ErrorSchema | null;
  /** More fields beside the form (pickers of the organisation's lists). */
  children?: ReactNode;
  submitLabel?: string;
  wide?: boolean;
  onSubmit(data: T): void;
  onClose(): void;
}) {
  const { t } = useTranslation('settings');
  const ref = useRef<Form | null>(null);
  if (!open) return null;
  return (
    <Modal
      open
      title={title}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button onClick={() => ref.current?.submit()} loading={busy}>
            {submitLabel ?? t('save')}
          </Button>
        </>
      }
    >
      <div className={wide ? 'settings-modal-body wide' : 'settings-modal-body'}>
        <Suspense fallback={<Loading />}>
          <KindForm
            form={form}
            initial={initial}
            formRef={ref}
            extraErrors={extraErrors}
            onSubmit={onSubmit}
          />
        </Suspense>
        {children}
      </div>
    </Modal>
  );
}

function KindForm<T>({
  form,
  initial,
  formRef,
  extraErrors,
  onSubmit,
}: {
  form: string;
  initial: Partial<T>;
  formRef: React.RefObject<Form | null>;
  extraErrors?: ErrorSchema | null;
  onSubmit(data: T): void;
}) {
  const definition = useFormKind(form);
  if (!definition) return <Loading />;
  return (
    <DocumentForm
      schema={definition.schema as RJSFSchema}
      uiSchema={definition.ui as UiSchema}
      mode="update"
      initialData={initial}
      formRef={formRef}
      hideSubmit
      extraErrors={extraErrors ?? undefined}
      idPrefix={`settings-${form}`}
      onSubmit={(data) => onSubmit(data as T)}
    />
  );
}
