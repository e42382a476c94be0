// The import's error table shows people sentences, not rule ids (issue 26: "pinflOrTin" and "type"
// reached the accountant in a column of their own).
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { ImportError } from '../../../src/web/api/bulk';
import { ImportErrorTable } from '../../../src/web/documents/bulk/ImportErrorTable';

const rows: ImportError[] = [
  {
    id: 1,
    row: 2,
    column: 'ИНН/ПИНФЛ покупателя',
    message: 'Введите ИНН (9 цифр) или ПИНФЛ (14 цифр)',
    rule: 'pinflOrTin',
    documentKey: 'TIN-1',
  },
  {
    id: 2,
    row: 3,
    column: 'Количество',
    message: 'Неверный тип значения',
    rule: 'type',
    documentKey: 'BAD-1',
  },
];

it('has a row, column, message and document per error, and no rule id anywhere', () => {
  render(<ImportErrorTable rows={rows} />);
  const table = screen.getByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(headers).toEqual(['Строка', 'Столбец', 'Сообщение', 'Документ']);
  expect(within(table).getByText('Введите ИНН (9 цифр) или ПИНФЛ (14 цифр)')).toBeInTheDocument();
  for (const rule of ['pinflOrTin', 'type']) expect(table.textContent).not.toContain(rule);
});
