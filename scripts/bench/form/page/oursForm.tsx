import { useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { KindDefinition } from '../../../../src/engine/registry';
import { DocumentForm } from '../../../../src/web/form/DocumentForm';
import '../../../../src/web/styles/tokens.css';
import { markRendered } from './data';

const onChange = () => (window as any).__markCommit();

/** React, RJSF and the theme: loaded while the document, the kind and the texts are on their way. */
export function mountForm(invoice: KindDefinition, data: unknown) {
  function App() {
    useLayoutEffect(() => {
      (window as any).__marks.commit = performance.now();
    }, []);
    useEffect(markRendered, []);
    return (
      <DocumentForm
        schema={invoice.schema as never}
        uiSchema={invoice.ui}
        mode="update"
        initialData={data}
        onChange={onChange}
      />
    );
  }
  createRoot(document.getElementById('root')!).render(<App />);
}
