import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { GS } from '../../../../src/engine/marking';
import { MarkingCodesEditor } from '../../../../src/web/form/marking/MarkingCodesEditor';
import type { Marks } from '../../../../src/web/form/marking/markingState';
import { consumerCode, GTIN, ssccCode } from '../../../engine/marking/codes';

function Harness({
  initial = null,
  quantity,
  elsewhere,
  changes,
}: {
  initial?: Marks | null;
  quantity?: number;
  elsewhere?: (key: string) => number | undefined;
  changes?: Array<Marks | null>;
}) {
  const [value, setValue] = useState<Marks | null>(initial);
  return (
    <MarkingCodesEditor
      value={value}
      quantity={quantity}
      elsewhere={elsewhere}
      onChange={(next) => {
        changes?.push(next);
        setValue(next);
      }}
    />
  );
}

const input = () => screen.getByTestId('marking-input');

describe('MarkingCodesEditor', () => {
  it('takes a scanner’s keystrokes ending with Enter, the group separator as Ctrl+]', async () => {
    const user = userEvent.setup();
    const changes: Array<Marks | null> = [];
    render(<Harness quantity={2} changes={changes} />);
    await user.click(input());
    await user.keyboard(`01${GTIN}21Ab3&x+Q{Control>}]{/Control}93k9Zt{Enter}`);
    expect(changes.at(-1)).toEqual({ ProductType: 1, KIZ: [`01${GTIN}21Ab3&x+Q${GS}93k9Zt`] });
    expect(screen.getByText('Добавлено кодов: 1')).toBeInTheDocument();
    expect(screen.getByTestId('marking-count')).toHaveTextContent(
      'Кодов потребительских упаковок 1, а количество в строке 2',
    );
    // the printed form typed by hand, GS lost, is read the same way
    await user.type(input(), `01${GTIN}21Ab3&x+R93k9Zt{Enter}`);
    expect(changes.at(-1)?.KIZ).toHaveLength(2);
    expect(screen.getByTestId('marking-count')).toHaveTextContent(
      'Количество кодов совпадает с количеством в строке',
    );
  });

  it('adds a pasted spreadsheet column of 10,000 codes at once and shows the last page', () => {
    const changes: Array<Marks | null> = [];
    render(<Harness quantity={10_000} changes={changes} />);
    const codes = Array.from({ length: 10_000 }, (_, i) => consumerCode(i));
    fireEvent.paste(input(), { clipboardData: { getData: () => `${codes.join('\t\r\n')}\r\n` } });
    expect(changes).toHaveLength(1);
    expect(changes[0]?.KIZ).toHaveLength(10_000);
    expect(screen.getByText('Коды 9951–10000 из 10000')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Потребительская (10000)' })).toBeInTheDocument();
    expect(screen.getByTestId('marking-count')).toHaveTextContent('Количество кодов совпадает');
  });

  it('refuses a broken code, a repeat and a code of another line, each with its reason', () => {
    const changes: Array<Marks | null> = [];
    const good = consumerCode(1);
    const badDigit = `${good.slice(0, 15)}${(Number(good[15]) + 1) % 10}${good.slice(16)}`;
    const onLine3 = consumerCode(3);
    render(
      <Harness
        initial={{ ProductType: 1, KIZ: [good] }}
        changes={changes}
        elsewhere={(key) => (key.includes(onLine3.slice(18, 25)) ? 3 : undefined)}
      />,
    );
    const pasted = [badDigit, good, consumerCode(2), consumerCode(2), onLine3, `01${GTIN}21Ab3`].join('\n');
    fireEvent.paste(input(), { clipboardData: { getData: () => pasted } });
    expect(changes.at(-1)?.KIZ).toEqual([good, consumerCode(2)]);
    const refused = within(screen.getByRole('region', { name: 'Не добавлены' }));
    expect(refused.getByText('Контрольная цифра GTIN не сходится')).toBeInTheDocument();
    expect(refused.getByText('Код уже есть в этой строке')).toBeInTheDocument();
    expect(refused.getByText('Код повторяется во вставленном списке')).toBeInTheDocument();
    expect(refused.getByText('Код уже указан в строке 3')).toBeInTheDocument();
    expect(refused.getByText('Нет криптохвоста: (93) или (91) и (92)')).toBeInTheDocument();
  });

  it('keeps transport packages (SSCC) on their own level, removes a code, and is keyboard usable', async () => {
    const user = userEvent.setup();
    const changes: Array<Marks | null> = [];
    render(<Harness quantity={50} changes={changes} />);
    await user.click(screen.getByRole('tab', { name: 'Потребительская (0)' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Транспортная (0)' })).toHaveAttribute('aria-selected', 'true');
    await user.type(input(), `${ssccCode(1).slice(2)}{Enter}`);
    expect(changes.at(-1)).toEqual({ ProductType: 1, IdentTransUpak: [ssccCode(1)] });
    expect(screen.getByTestId('marking-count')).toHaveTextContent('количество единиц проверяет реестр');
    await user.click(screen.getByRole('button', { name: `Удалить код ${ssccCode(1)}` }));
    expect(changes.at(-1)).toEqual({ ProductType: 1 });
    expect(screen.getByTestId('marking-count')).toHaveTextContent(
      'Маркированный товар: укажите коды маркировки',
    );
  });
});
