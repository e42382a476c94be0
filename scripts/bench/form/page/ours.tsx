import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { DocumentForm } from '../../../../src/web/form/DocumentForm';
import { loadFormKind } from '../../../../src/web/form/kinds';
import { initI18n } from '../../../../src/web/i18n';
import '../../../../src/web/styles/tokens.css';
import { instrument, lineCount, makeInvoice, markRendered } from './data';

instrument();
const data = makeInvoice(lineCount());
// As the app loads a kind: its schema, precompiled validator and texts, beside the app's texts.
const i18n = initI18n('ru');
const [invoice] = await Promise.all([loadFormKind('invoice'), i18n]);
const onChange = () => (window as any).__markCommit();

function App() {
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

(window as any).__marks.i18n = performance.now();
createRoot(document.getElementById('root')!).render(<App />);
