import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import NewdocPage from '../../../src/web/pages/newdoc/NewdocPage';

const at = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <NewdocPage />
    </MemoryRouter>,
  );

describe('/newdoc kind chooser', () => {
  it('lists document kinds and settings forms, and offers the modes of the chosen kind', async () => {
    at('/newdoc');
    const select = screen.getByLabelText('Вид документа или формы') as HTMLSelectElement;
    const groups = [...select.querySelectorAll('optgroup')].map((g) => g.label);
    expect(groups).toEqual(['Документы', 'Настройки']);
    expect(select.value).toBe('invoice');
    expect(select.querySelectorAll('option').length).toBeGreaterThanOrEqual(15);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Создание',
      'Редактирование',
      'Просмотр',
      'Печатная форма',
    ]);
  });

  it('opens update and view with the demo sample, labelled demo', async () => {
    at('/newdoc?kind=invoice&mode=update');
    await waitFor(() =>
      expect(screen.getByRole('note', { name: '' })).toHaveTextContent(
        'Данные: пример из фикстур схемы (демо).',
      ),
    );
    await waitFor(() =>
      expect(document.getElementById('root_ProductList_Products_0_Name')?.textContent).toBe(
        'Akbar Gold green tea 100 g',
      ),
    );
  });

  it('prints the sample with totals and the sum in words, and no QR code without a stored document', async () => {
    at('/newdoc?kind=invoice&mode=print');
    const total = await screen.findByText(
      (_, el) => el?.getAttribute('data-print-total') === 'DeliverySumWithVat',
    );
    expect(total.textContent).toBe('142\u202f805,60');
    expect(screen.getByTestId('sum-in-words')).toHaveTextContent(
      /Сто сорок две тысячи восемьсот пять сум\S* 60 тийин/,
    );
    expect(document.querySelector('img.print-qr')).toBeNull();
  });

  it('says so for an unknown kind', () => {
    at('/newdoc?kind=nope');
    expect(screen.getByText('Неизвестный вид документа: nope')).toBeInTheDocument();
  });
});
