// The product table's "markingCodes" cell editor: a button with the line's count opens the editor in
// a dialog; codes on another line of the document are refused; in the document editor the registry
// check answers per code (demo labelled).
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarkingDocumentContext } from '../../../../src/web/form/marking/documentKind';
import MarkingCodesEditorCell from '../../../../src/web/form/productTable/editors/markingCodes';
import { consumerCode } from '../../../engine/marking/codes';

let asked: { kind: string | null; body: unknown } | null = null;
const server = setupServer(
  http.post('*/api/Document/checkMarkingCodes', async ({ request }) => {
    asked = { kind: new URL(request.url).searchParams.get('kind'), body: await request.json() };
    return HttpResponse.json({
      success: true,
      data: {
        registry: 'demo',
        demo: true,
        owner: '302000001',
        checked: 2,
        valid: 1,
        problems: 1,
        lines: [
          {
            path: '/ProductList/Products/1/Marks',
            ordinal: 2,
            quantity: 2,
            checked: 2,
            valid: 1,
            units: 2,
            countMatches: true,
          },
        ],
        codes: [
          {
            path: '/ProductList/Products/1/Marks/KIZ/1',
            code: consumerCode(11),
            level: 'consumer',
            status: 'retired',
          },
        ],
      },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup() {
  const other = { Name: 'first', Count: 1, Marks: { ProductType: 1, KIZ: [consumerCode(1)] } };
  const row = { Name: 'Cigarettes', Count: 2, Marks: null as unknown };
  const document = { ProductList: { Products: [other, row] } };
  const commits: unknown[] = [];
  const props = {
    id: 'cell',
    rowIndex: 1,
    label: 'Маркировка, строка 2',
    readonly: false,
    row,
    value: null as unknown,
    documentData: () => document,
    commit: (value: unknown) => {
      commits.push(value);
      row.Marks = value;
    },
  };
  const view = render(
    <MarkingDocumentContext.Provider value={{ kind: 'invoice' }}>
      <MarkingCodesEditorCell {...props} />
    </MarkingDocumentContext.Provider>,
  );
  return { props, commits, view, document };
}

describe('markingCodes cell editor', () => {
  it('opens the editor from the cell, refuses another line’s code, commits the line’s marks, checks the registry', async () => {
    const user = userEvent.setup();
    const { props, commits, view } = setup();
    await user.click(screen.getByRole('button', { name: 'Ввести коды маркировки, Маркировка, строка 2' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.paste(dialog.getByTestId('marking-input'), {
      clipboardData: { getData: () => [consumerCode(1), consumerCode(10), consumerCode(11)].join('\r\n') },
    });
    expect(commits.at(-1)).toEqual({ ProductType: 1, KIZ: [consumerCode(10), consumerCode(11)] });
    expect(dialog.getByText('Код уже указан в строке 1')).toBeInTheDocument();
    // the table re-renders the cell with its new value
    view.rerender(
      <MarkingDocumentContext.Provider value={{ kind: 'invoice' }}>
        <MarkingCodesEditorCell {...props} value={commits.at(-1)} />
      </MarkingDocumentContext.Provider>,
    );
    await user.click(within(screen.getByRole('dialog')).getByTestId('marking-verify'));
    const result = await screen.findByTestId('marking-verify-result');
    expect(asked?.kind).toBe('invoice');
    expect(result).toHaveTextContent('Демо-реестр: ответы не настоящие');
    expect(result).toHaveTextContent('Единиц по агрегации: 2, количество в строке: 2');
    expect(screen.getByText('Выбыл из оборота')).toBeInTheDocument();
    expect(screen.getByText('В обороте у продавца')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Готово' }));
    expect(
      screen.getByRole('button', { name: 'Коды маркировки: 2, Маркировка, строка 2' }),
    ).toBeInTheDocument();
  });
});
