import '@testing-library/jest-dom/vitest';
// First: the page's storage must be in place before any module under test reads it.
import './jsdomStorage';

import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { initI18n, NAMESPACES } from '../../src/web/i18n';
// Tests render forms of their own schemas (not precompiled by the build step): they get AJV's
// compiler in the page at once, as a run-time registered kind would after loading it.
import '../../src/web/form/runtimeValidator';

import { preloadProductTable } from '../../src/web/form/productTable/lazyField';
import { preloadViewTable } from '../../src/web/form/view/lazyViewTable';

// The product table's chunk is there before any form renders (the browser loads it beside a form's
// first frame; component tests look at the table right after render).
await preloadProductTable();
// Likewise the view's goods table (view mode) and its print model.
await preloadViewTable();

// Texts load before any component renders, so tests see real ru strings, not keys.
await initI18n('ru');
await i18next.loadNamespaces(NAMESPACES);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
