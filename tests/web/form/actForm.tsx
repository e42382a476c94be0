import type Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { render } from '@testing-library/react';
import { createRef } from 'react';
import { vi } from 'vitest';
import act01 from '../../../schemas/documents/completionAct/fixtures/valid/01-two-services.json';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { loadFormKind } from '../../../src/web/form/kinds';
import { formMounted } from './fixtures';

/** A kind's update form, mounted whole, with the page's change and submit callbacks as mocks. */
export async function renderKindForm<Doc = Record<string, any>>(kind: string, initialData: unknown) {
  const definition = await loadFormKind(kind);
  const formRef = createRef<Form>();
  const onChange = vi.fn<(data: unknown) => void>();
  const onSubmit = vi.fn<(data: unknown) => void>();
  render(
    <DocumentForm
      schema={definition.schema as RJSFSchema}
      uiSchema={definition.ui as UiSchema}
      mode="update"
      initialData={initialData}
      onChange={onChange}
      onSubmit={onSubmit}
      formRef={formRef}
    />,
  );
  await formMounted();
  return { formRef, onChange, onSubmit, lastChange: () => onChange.mock.calls.at(-1)?.[0] as Doc };
}

/** An act of completed work in an update form, mounted whole: by default its first valid fixture. */
export function renderActForm<Doc = Record<string, any>>(initialData: unknown = structuredClone(act01)) {
  return renderKindForm<Doc>('completionAct', initialData);
}
