import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { line, productsOnly } from './fixtures';

type Lines = Array<Record<string, unknown>>;

function setup(rows: Lines) {
  const { schema, uiSchema } = productsOnly();
  const onChange = vi.fn<(data: unknown) => void>();
  const view = render(
    <DocumentForm
      schema={schema}
      uiSchema={uiSchema}
      mode="create"
      initialData={{ Products: rows }}
      onChange={onChange}
    />,
  );
  const lastLines = () =>
    (onChange.mock.calls.at(-1)?.[0] as { Products: Lines } | undefined)?.Products ?? [];
  return { ...view, onChange, lastLines };
}

const cell = (row: number, field: string) =>
  document.getElementById(`root_Products_${row}_${field}`) as HTMLInputElement;
/** A typed cell rests as text; focus opens its editor (an input with the same id). */
function edit(row: number, field: string): HTMLInputElement {
  fireEvent.focus(cell(row, field));
  const input = cell(row, field);
  expect(input.tagName).toBe('INPUT');
  expect(document.activeElement).toBe(input);
  return input;
}
const totals = (field: string) => document.querySelector(`[data-total="${field}"]`)?.textContent;

describe('product table', () => {
  it('keeps keystrokes in the cell and commits on blur, recomputing the line and the totals in exact decimals', async () => {
    const { onChange, lastLines } = setup([line(1), line(2)]);
    const count = edit(0, 'Count');
    fireEvent.change(count, { target: { value: '3,5' } });
    expect(count.value).toBe('3,5');
    expect(onChange).not.toHaveBeenCalled();
    expect(totals('DeliverySumWithVat')).toBe('4\u202f480,00');

    fireEvent.blur(count);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    // The editor closed: the cell rests as text again, showing the committed value.
    expect(cell(0, 'Count').tagName).toBe('SPAN');
    expect(cell(0, 'Count').textContent).toBe('3,5');
    const [first, second] = lastLines();
    // 3.5 × 1000 = 3500; VAT 12 % = 420; with VAT 3920 — no float residue anywhere.
    expect(first).toMatchObject({ Count: 3.5, DeliverySum: 3500, VatSum: 420, DeliverySumWithVat: 3920 });
    expect(second).toEqual(line(2));
    expect(cell(0, 'DeliverySum').textContent).toBe('3\u202f500,00');
    expect(totals('DeliverySum')).toBe('5\u202f500,00');
    expect(totals('VatSum')).toBe('660,00');
    expect(totals('DeliverySumWithVat')).toBe('6\u202f160,00');
  });

  it('rounds VAT half-up to tiyin and commits on Enter, moving to the same column of the next line', async () => {
    const { lastLines } = setup([line(1), line(2)]);
    const price = edit(0, 'Summa');
    fireEvent.change(price, { target: { value: '0,1' } });
    fireEvent.keyDown(price, { key: 'Enter' });
    await waitFor(() =>
      expect(lastLines()[0]).toMatchObject({
        Summa: 0.1,
        DeliverySum: 0.2,
        VatSum: 0.02,
        DeliverySumWithVat: 0.22,
      }),
    );
    await waitFor(() => expect(document.activeElement).toBe(cell(1, 'Summa')));
  });

  it('Escape drops the draft', () => {
    const { onChange } = setup([line(1)]);
    const name = edit(0, 'Name');
    fireEvent.change(name, { target: { value: 'Другое' } });
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(name.value).toBe('Товар 1');
    fireEvent.blur(name);
    expect(cell(0, 'Name').textContent).toBe('Товар 1');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the first failing rule of a committed cell, localized', async () => {
    setup([line(1)]);
    const count = edit(0, 'Count');
    fireEvent.change(count, { target: { value: '0' } });
    fireEvent.blur(count);
    await waitFor(() => expect(cell(0, 'Count')).toHaveAttribute('aria-invalid', 'true'));
    const described = cell(0, 'Count').getAttribute('aria-describedby') ?? '';
    const message = document.getElementById(described)?.textContent ?? '';
    expect(message).toBe('Значение должно быть больше 0');
  });

  it('adds, copies, moves and removes lines with buttons, keeping OrdNo equal to the position', async () => {
    const { lastLines } = setup([line(1), line(2, { Name: 'Второй' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Копировать строку 1' }));
    await waitFor(() =>
      expect(lastLines().map((l) => [l.OrdNo, l.Name])).toEqual([
        [1, 'Товар 1'],
        [2, 'Товар 1'],
        [3, 'Второй'],
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Переместить строку 3 вверх' }));
    await waitFor(() =>
      expect(lastLines().map((l) => [l.OrdNo, l.Name])).toEqual([
        [1, 'Товар 1'],
        [2, 'Второй'],
        [3, 'Товар 1'],
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Удалить строку 1' }));
    await waitFor(() =>
      expect(lastLines().map((l) => [l.OrdNo, l.Name])).toEqual([
        [1, 'Второй'],
        [2, 'Товар 1'],
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Добавить строку' }));
    await waitFor(() => expect(lastLines()).toHaveLength(3));
    expect(lastLines()[2]).toMatchObject({ OrdNo: 3, DeliverySum: 0, VatSum: 0, DeliverySumWithVat: 0 });
    expect(totals('DeliverySumWithVat')).toBe('4\u202f480,00');
  });

  it('pastes tab-separated lines from a spreadsheet after the focused line; bad lines are listed, not added', async () => {
    const { lastLines } = setup([line(1)]);
    const header = 'CatalogCode\tCatalogName\tName\tPackageCode\tPackageName\tCount\tSumma\tVatRate\tOrigin';
    const good = '10112008001000001\tУслуги\tДоставка\t1209782\tуслуга\t1,5\t2000\t12\t3';
    const bad = '10112008001000001\tУслуги\tПогрузка\t1209782\tуслуга\tмного\t500\t12\t3';
    fireEvent.paste(cell(0, 'Name'), {
      clipboardData: { getData: () => `${header}\r\n${good}\r\n${bad}\r\n` },
    });
    await waitFor(() => expect(lastLines()).toHaveLength(2));
    expect(lastLines()[1]).toMatchObject({
      OrdNo: 2,
      Name: 'Доставка',
      Count: 1.5,
      DeliverySum: 3000,
      VatSum: 360,
      DeliverySumWithVat: 3360,
    });
    expect(screen.getByText('Добавлено строк: 1 из 2. Пропущено строк с ошибками: 1.')).toHaveAttribute(
      'role',
      'status',
    );
    const errors = screen.getByRole('table', { name: 'Строки с ошибками' });
    const cells = within(errors)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['3', 'Count', 'Count: ожидается число.']);
  });

  it('imports lines from .xlsx and reports a bad line by row, column and message', async () => {
    const { lastLines } = setup([{ OrdNo: 1, WithoutVat: false }]);
    const sheet = XLSX.utils.aoa_to_sheet([
      // Headers as the help page's Excel template writes them: "label [NationalName]".
      [
        'Код ИКПУ [CatalogCode]',
        'Название [CatalogName]',
        'Товар [Name]',
        'Упаковка [PackageCode]',
        'Название упаковки [PackageName]',
        'Количество [Count]',
        'Цена [Summa]',
        'НДС [VatRate]',
        'Происхождение [Origin]',
      ],
      ['00902001001031001', 'Чай', 'Чай зелёный', '1392342', 'шт.', 10, 12500.5, 12, 2],
      ['00902001001031001', 'Чай', 'Чай чёрный', '1392342', 'шт.', 4, 100, 7, 2],
      ['123', 'Чай', 'Чай без кода', '1392342', 'шт.', 1, 100, 12, 2],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Products');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const file = new File([bytes], 'lines.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await act(async () => {
      fireEvent.change(screen.getByTestId('product-import-input'), { target: { files: [file] } });
    });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Строки с ошибками' })).toBeInTheDocument());
    // The blank starter line is replaced by the imported one.
    await waitFor(() => expect(lastLines()).toHaveLength(1));
    expect(lastLines()[0]).toMatchObject({
      OrdNo: 1,
      Name: 'Чай зелёный',
      Count: 10,
      Summa: 12500.5,
      DeliverySum: 125005,
      VatSum: 15000.6,
    });
    const rows = within(screen.getByRole('table', { name: 'Строки с ошибками' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    // Row numbers and column names as the person sees them in their file.
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['3', 'НДС [VatRate]'],
      ['4', 'Код ИКПУ [CatalogCode]'],
    ]);
    expect(rows[0][2]).toBe('НДС [VatRate]: недопустимое значение.');
    expect(rows[1][2]).toMatch(/Код ИКПУ \[CatalogCode\]/);
  });

  it('renders only the visible part of a long table', () => {
    setup(Array.from({ length: 2000 }, (_, i) => line(i + 1)));
    const rendered = document.querySelectorAll('tr[data-index]').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(totals('DeliverySumWithVat')).toBe('4\u202f480\u202f000,00');
  });

  it('commits a draft still open when its line scrolls out of the mounted range', async () => {
    const { lastLines } = setup(Array.from({ length: 200 }, (_, i) => line(i + 1)));
    const name = edit(0, 'Name');
    fireEvent.change(name, { target: { value: 'Набрано и прокручено' } });
    const box = document.querySelector('.pt-scroll') as HTMLElement;
    box.scrollTop = 150 * 46;
    fireEvent.scroll(box);
    await waitFor(() => expect(cell(0, 'Name')).toBeNull());
    await waitFor(() => expect(lastLines()[0]?.Name).toBe('Набрано и прокручено'));
    expect(lastLines()[1]).toEqual(line(2));
  });

  it('keeps one live editor: resting cells are text, the focused one is an input', () => {
    setup([line(1), line(2), line(3)]);
    const inputs = () => document.querySelectorAll('.pt-table input:not([type="checkbox"])').length;
    expect(inputs()).toBe(0);
    edit(1, 'Count');
    expect(inputs()).toBe(1);
    fireEvent.blur(cell(1, 'Count'));
    expect(inputs()).toBe(0);
    expect(cell(1, 'Count')).toHaveAttribute('role', 'textbox');
    expect(cell(1, 'Count')).toHaveAttribute('tabindex', '0');
  });
});
