import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { listKindSummaries } from '../../../src/engine/registry';
import NewdocPage from '../../../src/web/pages/newdoc/NewdocPage';
import SandboxPage from '../../../src/web/pages/newdoc/SandboxPage';

// The sandbox opens in demo mode only (the server's client config says so).
const demo = vi.hoisted(() => ({ on: true }));
vi.mock('../../../src/web/pages/auth/useDemoMode', () => ({ useDemoMode: () => demo.on }));

const at = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <SandboxPage />
    </MemoryRouter>,
  );

describe('/newdoc', () => {
  it('keeps the spec’s title and leads to the create page of each kind', () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/newdoc']}>
          <NewdocPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Форма создания новых документов');
    const link = (kind: string) => document.querySelector(`a[href="/documents/create?kind=${kind}"]`);
    expect(link('invoice')).toHaveTextContent(/^Счёт-фактура/);
    expect(link('waybill')).toHaveTextContent(/^Товарно-транспортная накладная/);
    // A card per kind that can be created (11 with the goods acceptance act): follows the kinds' data.
    const creatable = listKindSummaries('documents').filter((k) => k.modes.includes('create'));
    expect(creatable.length).toBeGreaterThanOrEqual(11);
    expect(document.querySelectorAll('a.kind-card')).toHaveLength(creatable.length);
    // Developer words stay in the analysts' sandbox.
    expect(document.body.textContent).not.toMatch(/фикстур|fixture|schema/i);
  });
});

describe('/newdoc/sandbox (analysts and QA)', () => {
  it('is closed outside demo mode', () => {
    demo.on = false;
    at('/newdoc/sandbox');
    expect(screen.getByText('Песочница форм доступна только в демо-режиме.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Вид документа или формы')).toBeNull();
    demo.on = true;
  });

  it('lists the kind’s valid and invalid fixtures and loads an invalid one with the error it expects', async () => {
    at('/newdoc/sandbox?kind=invoice');
    const button = await screen.findByRole('button', { name: 'Загрузить 01-seller-is-buyer' });
    expect(screen.getByRole('button', { name: 'Загрузить 01-standard' })).toBeInTheDocument();
    button.click();
    await waitFor(
      () => expect(document.querySelector('.newdoc-status')).toHaveTextContent(/sellerNotBuyer/),
      {
        timeout: 10_000,
      },
    );
    await waitFor(
      () => expect((document.getElementById('root_BuyerTin') as HTMLInputElement)?.value).toBe('301234567'),
      {
        timeout: 10_000,
      },
    );
  });

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
    await waitFor(
      () =>
        expect(screen.getByRole('note', { name: '' })).toHaveTextContent(
          'Данные: пример из фикстур схемы (демо).',
        ),
      { timeout: 10_000 },
    );
    await waitFor(
      () =>
        expect(document.getElementById('root_ProductList_Products_0_Name')?.textContent).toBe(
          'Akbar Gold green tea 100 g',
        ),
      { timeout: 10_000 },
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
