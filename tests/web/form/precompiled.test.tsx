import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import AJV8PrecompiledValidator from '@rjsf/validator-ajv8/lib/precompiledValidator.js';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { loadFormKind } from '../../../src/web/form/kinds';
import { loadSample } from '../../../src/web/form/samples';
import { makeRowValidator } from '../../../src/web/form/validation';
import { formValidatorFor } from '../../../src/web/form/validator';
import { formMounted } from './fixtures';

// A generated kind's form validates with the build step's precompiled validators (the document and
// its product lines), not with AJV's compiler in the page.
describe('form of a generated kind', () => {
  it('loads with its precompiled validator, which checks the lines the table resolves', async () => {
    const invoice = await loadFormKind('invoice');
    const schema = invoice.schema as RJSFSchema;
    const validator = formValidatorFor(schema);
    expect(validator?.rjsf).toBeInstanceOf(AJV8PrecompiledValidator);

    // The line schema as RJSF hands it down to the product table, resolved as the table does.
    const utils = createSchemaUtils(validator!.rjsf, schema);
    const list = utils.retrieveSchema((utils.retrieveSchema(schema).properties as any).ProductList);
    const products = utils.retrieveSchema((list.properties as any).Products);
    const line = utils.retrieveSchema(products.items as RJSFSchema);
    expect(validator!.line(line)).toBeTypeOf('function');

    const sample = (await loadSample('invoice')) as any;
    const checkRow = makeRowValidator(schema, line);
    expect(checkRow(sample.ProductList.Products[0])).toBeNull();
    expect(checkRow({ ...sample.ProductList.Products[0], Count: 1.1234567 })).toMatchObject({
      Count: { keyword: 'decimalPlaces' },
    });
  });

  it('shows a line’s error at its cell after a commit', async () => {
    const invoice = await loadFormKind('invoice');
    const sample = await loadSample('invoice');
    render(
      <DocumentForm
        schema={invoice.schema as never}
        uiSchema={invoice.ui}
        mode="create"
        initialData={sample}
      />,
    );
    await formMounted();
    const id = 'root_ProductList_Products_0_Count';
    fireEvent.focus(document.getElementById(id) as HTMLElement);
    const input = document.getElementById(id) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1,1234567' } });
    fireEvent.blur(input);
    await waitFor(() => expect(document.querySelector('.pt-cell-error')?.textContent).toBeTruthy());
  });
});
