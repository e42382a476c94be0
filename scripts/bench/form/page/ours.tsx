import { loadFormKind } from '../../../../src/web/form/kinds';
import { initI18n } from '../../../../src/web/i18n';
import { fetchInvoice, instrument } from './data';

// As the app opens a document (routes.tsx: the route's loader starts the kind while the page's code
// loads): the document, the kind (schema, precompiled validator, texts) and the app's texts are
// requested first, React and the form's code load beside them.
instrument();
// In this order: the fetch goes out first, and the form's texts (loadFormKind) join i18next's first
// load only when i18next is already starting.
const data = fetchInvoice();
const i18n = initI18n('ru');
const ready = Promise.all([loadFormKind('invoice'), data, i18n]);
const { mountForm } = await import('./oursForm');
const [invoice] = await ready;
(window as any).__marks.loaded = performance.now();
mountForm(invoice, await data);
