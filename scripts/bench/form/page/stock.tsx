import Form from '@rjsf/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { getKind } from '../../../../src/engine/schemas';
import { fetchInvoice, instrument, markRendered } from './data';

// Stock RJSF as in toolchain.md §6–§7: core theme, default validator, uncontrolled, liveValidate off,
// products rendered as RJSF array items (no ui:field). Same bundled schema and data as ours.html.
instrument();
const invoice = getKind('invoice');
const data = await fetchInvoice();
const validator = customizeValidator();

function App() {
  useEffect(markRendered, []);
  return (
    <Form
      schema={invoice.schema as never}
      validator={validator}
      formData={data}
      onChange={() => (window as any).__markCommit()}
    />
  );
}

createRoot(document.getElementById('root')!).render(<App />);
