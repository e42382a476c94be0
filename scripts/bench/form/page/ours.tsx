import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { getKind } from '../../../../src/engine/schemas';
import { DocumentForm } from '../../../../src/web/form/DocumentForm';
import { initI18n } from '../../../../src/web/i18n';
import '../../../../src/web/styles/tokens.css';
import { instrument, lineCount, makeInvoice, markRendered } from './data';

instrument();
const invoice = getKind('invoice');
const data = makeInvoice(lineCount());
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

await initI18n('ru');
(window as any).__marks.i18n = performance.now();
createRoot(document.getElementById('root')!).render(<App />);
