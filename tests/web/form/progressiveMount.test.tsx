import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import sample from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { loadFormKind } from '../../../src/web/form/kinds';
import { FIRST_FRAME_FIELDS, fieldWeight } from '../../../src/web/form/theme/progressiveMount';
import { formMounted } from './fixtures';

const identity = (schema: RJSFSchema) => schema;

describe('fieldWeight', () => {
  it('counts a plain field as one, an object as its fields, an array as a screenful', () => {
    expect(fieldWeight({ type: 'string' }, 'x', identity)).toBe(1);
    const party = { type: 'object', properties: { Name: { type: 'string' }, Tin: { type: 'string' } } };
    expect(fieldWeight(party as RJSFSchema, { Name: 'A' }, identity)).toBe(2);
    expect(fieldWeight({ type: 'array', items: { type: 'string' } }, [], identity)).toBe(FIRST_FRAME_FIELDS);
  });

  it('counts an empty optional block as one line (its "Add" button)', () => {
    const block = { type: ['object', 'null'], properties: { A: { type: 'string' }, B: { type: 'string' } } };
    expect(fieldWeight(block as RJSFSchema, null, identity)).toBe(1);
  });
});

describe('a long form', () => {
  it('paints its first screen first, then mounts the rest (the product table) right after', async () => {
    const invoice = await loadFormKind('invoice');
    render(
      <DocumentForm
        schema={invoice.schema as RJSFSchema}
        uiSchema={invoice.ui as UiSchema}
        mode="update"
        initialData={sample}
      />,
    );
    // First frame: the document's own fields are there, the product table further down is not yet.
    expect(document.getElementById('root_FacturaDoc_FacturaNo')).not.toBeNull();
    expect(document.querySelector('.pt-table')).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();

    await formMounted();
    expect(document.querySelector('.pt-table')).not.toBeNull();
    expect(document.getElementById('root_ProductList_Products_0_Name')).not.toBeNull();
    expect(document.querySelector('.form-pending')).toBeNull();
  });
});

describe('a short form', () => {
  it('mounts every field at once', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { A: { type: 'string', title: 'A' }, B: { type: 'string', title: 'B' } },
    };
    render(<DocumentForm schema={schema} uiSchema={{}} mode="create" />);
    expect(document.getElementById('root_A')).not.toBeNull();
    expect(document.getElementById('root_B')).not.toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
