import { fetchInvoice, instrument } from './data';

// As the app opens a document, with everything the form needs requested at once (routes.tsx: the
// form's route loads its page and preloads the document's kind side by side): the document, the
// kind (schema and UI schema, precompiled validator), the texts, React and the form's code.
instrument();
const data = fetchInvoice();
const [{ loadFormKind }, { initI18n }, { mountForm }] = await Promise.all([
  import('../../../../src/web/form/kinds'),
  import('../../../../src/web/i18n'),
  import('./oursForm'),
  import('../../../../src/engine/generated/kinds/invoice'),
  import('../../../../src/engine/generated/validators/invoice'),
  ...['common', 'errors', 'form', 'forms', 'validation'].map(
    (namespace) => import(`../../../../locales/ru/${namespace}.json`),
  ),
]);
// i18next first: the form's texts (loadFormKind) then join its first load.
const i18n = initI18n('ru');
const [invoice] = await Promise.all([loadFormKind('invoice'), i18n]);
(window as any).__marks.loaded = performance.now();
mountForm(invoice, await data);
