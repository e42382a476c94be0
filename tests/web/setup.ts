import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { initI18n, NAMESPACES } from '../../src/web/i18n';

// Texts load before any component renders, so tests see real ru strings, not keys.
await initI18n('ru');
await i18next.loadNamespaces(NAMESPACES);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
