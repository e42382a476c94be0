// Money in the lists (issue 26): two decimals and the currency, exact, in every language.
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { DocumentTable } from '../../../src/web/documents/list/DocumentTable';
import { row } from './fixtures';

afterEach(async () => {
  await act(() => i18next.changeLanguage('ru'));
});

function renderTable(total: string) {
  render(
    <MemoryRouter>
      <DocumentTable
        direction="outgoing"
        rows={[row(1, { total })]}
        selection={{ mode: 'some', ids: new Set() }}
        onToggle={() => {}}
        onTogglePage={() => {}}
        caption="Исходящие"
      />
    </MemoryRouter>,
  );
  return (screen.getAllByRole('cell').find((c) => c.classList.contains('num'))?.textContent ?? '').replace(
    /\s/g,
    ' ',
  );
}

it.each([
  ['ru', '1250000.5', '1 250 000,50 сум'],
  ['ru', '9007199254740993.15', '9 007 199 254 740 993,15 сум'],
  ['uz', '62500.5', '62 500,50 soʻm'],
  ['en', '11990', '11 990.00 UZS'],
])('%s: %s is shown as %s', async (lang, total, shown) => {
  await act(() => i18next.changeLanguage(lang));
  expect(renderTable(total)).toBe(shown);
});
