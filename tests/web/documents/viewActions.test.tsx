import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentAction, DocumentView } from '../../../src/web/api/documents';
import { ActionBar } from '../../../src/web/documents/view/ActionBar';
import ViewPage from '../../../src/web/pages/documents/ViewPage';
import { EimzoError } from '../../../src/web/signing/errors';
import { Toaster } from '../../../src/web/ui';
import { view } from './fixtures';

// The plug-in stand-in: one demo key; signDocument is scripted per test.
const signDocument = vi.fn();
const listCertificates = vi.fn();
vi.mock('../../../src/web/signing/instance', () => ({
  getEimzoClient: async () => ({ listCertificates, signDocument }),
}));

const CERT = {
  type: 'pfx',
  disk: 'keys/',
  path: '',
  name: 'DS302000002',
  alias: '',
  serialNumber: '7A1B2C3D',
  validFrom: new Date('2025-01-01'),
  validTo: new Date('2099-01-01'),
  CN: 'Karimova Dilnoza Rustamovna',
  TIN: '302000002',
  UID: '',
  PINFL: '42203900234562',
  O: 'AJ «Demo Qurilish» (demo)',
  T: 'director',
};

const TO_SIGN = 'eyJGYWN0dXJhSWQiOiI2NWExIn0='; // {"FacturaId":"65a1"}
let doc: DocumentView;
const calls: { modelSign: URL[]; run: unknown[] } = { modelSign: [], run: [] };
let runAnswer: () => Response;

const server = setupServer(
  http.get('/api/Document/getById', () => HttpResponse.json({ success: true, data: doc })),
  http.get('/api/Document/getRelated', () => HttpResponse.json({ success: true, data: [] })),
  http.get('/api/Synchronize/getSendRoute', () => HttpResponse.json({ success: true, data: null })),
  http.get('/api/Document/getCounts', () =>
    HttpResponse.json({
      success: true,
      data: { incoming: 1, incomingAwaiting: 1, outgoing: 0, drafts: 0, deleted: 0 },
    }),
  ),
  http.get('/api/DocumentSignAction/getModelSign', ({ request }) => {
    calls.modelSign.push(new URL(request.url));
    return HttpResponse.json({
      success: true,
      data: { toSign: TO_SIGN, cms: null, shape: 'wrap', version: 3 },
    });
  }),
  http.post('/api/DocumentSignAction/run', async ({ request }) => {
    calls.run.push(await request.json());
    return runAnswer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  doc = view();
  calls.modelSign = [];
  calls.run = [];
  signDocument.mockReset();
  listCertificates.mockReset();
  listCertificates.mockResolvedValue([CERT]);
  runAnswer = () =>
    HttpResponse.json({
      success: true,
      code: 4,
      message: 'Отказано',
      data: { ...doc, status: 4, viewStatus: 4, statusKey: 'rejected', actions: [] },
    });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/documents/:id', element: <ViewPage /> },
      { path: '/documents/update/:id', element: <p>update page</p> },
    ],
    { initialEntries: [`/documents/${doc.id}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

const toolbar = () => screen.findByRole('toolbar', { name: 'Действия с документом' }, { timeout: 5000 });

describe('action bar', () => {
  const names = (container: HTMLElement) =>
    within(container)
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-action'))
      .filter(Boolean);

  it('shows exactly the actions the API gives, life-cycle actions first', () => {
    const actions: DocumentAction[] = [
      { name: 'bin', kind: 'local' },
      { name: 'reject', kind: 'sign', shape: 'wrap', reason: 'required', result: 4 },
      { name: 'copy', kind: 'local' },
      { name: 'accept', kind: 'sign', shape: 'cosign', reason: 'none', result: 3 },
    ];
    const { container } = render(<ActionBar actions={actions} onSign={() => {}} onLocal={() => {}} />);
    expect(names(container)).toEqual(['reject', 'accept', 'copy', 'bin']);
    expect(screen.getByRole('button', { name: 'Подписать' })).toHaveClass('btn-primary');
    expect(screen.getByRole('button', { name: 'Отказать' })).toHaveClass('btn-danger');
  });

  it('offers nothing the API does not: a signed doc of the other side has no sign, edit or cancel', () => {
    const { container, rerender } = render(
      <ActionBar actions={[{ name: 'copy', kind: 'local' }]} onSign={() => {}} onLocal={() => {}} />,
    );
    expect(names(container)).toEqual(['copy']);
    rerender(<ActionBar actions={[]} onSign={() => {}} onLocal={() => {}} />);
    expect(within(container).queryAllByRole('button')).toEqual([]);
  });

  it('on the view page follows getById’s actions', async () => {
    doc = view({
      actions: [
        { name: 'edit', kind: 'local' },
        { name: 'deleteDraft', kind: 'local' },
      ],
    });
    renderView();
    const bar = await toolbar();
    expect(within(bar).getByRole('button', { name: 'Редактировать' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Удалить черновик' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Подписать' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Отказать' })).toBeNull();
  });
});

describe('reject dialog', () => {
  it('requires a reason before anything is signed, then signs the server’s bytes with it', async () => {
    const user = userEvent.setup();
    signDocument.mockResolvedValue('CMS-WITH-TIMESTAMP');
    renderView();
    await user.click(within(await toolbar()).getByRole('button', { name: 'Отказать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отказать: причина' });
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Укажите причину');
    await user.type(within(dialog).getByLabelText(/Причина/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }));
    expect(screen.getByRole('dialog', { name: 'Отказать: причина' })).toBeInTheDocument();
    expect(calls.modelSign).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Причина/), 'Цена не по договору');
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }));
    const keys = await screen.findByRole('dialog', { name: 'Отказать: выбор ключа' });
    await within(keys).findByRole('radio');
    await user.click(within(keys).getByRole('button', { name: 'Подписать' }));

    await screen.findByText('Документ отклонён');
    expect(calls.modelSign[0].searchParams.get('action')).toBe('reject');
    expect(calls.modelSign[0].searchParams.get('reason')).toBe('Цена не по договору');
    // Exactly the bytes the server gave, decoded from base64 — nothing re-serialized.
    const [cert, bytes, options] = signDocument.mock.calls[0];
    expect(cert.serialNumber).toBe('7A1B2C3D');
    expect(new TextDecoder().decode(bytes)).toBe('{"FacturaId":"65a1"}');
    expect(options).toEqual({ timestamp: true });
    expect(calls.run).toEqual([
      {
        documentId: doc.id,
        action: 'reject',
        signature: 'CMS-WITH-TIMESTAMP',
        reason: 'Цена не по договору',
        version: 3,
      },
    ]);
  });

  it('refuses a reason over 500 characters', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(within(await toolbar()).getByRole('button', { name: 'Отказать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отказать: причина' });
    const field = within(dialog).getByLabelText(/Причина/);
    await user.click(field);
    await user.paste('я'.repeat(501));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Не длиннее 500 символов');
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }));
    expect(screen.queryByRole('dialog', { name: 'Отказать: выбор ключа' })).toBeNull();
  });
});

describe('signing flow errors (spec §8)', () => {
  async function signAccept(user: ReturnType<typeof userEvent.setup>) {
    renderView();
    await user.click(within(await toolbar()).getByRole('button', { name: 'Подписать' }));
    const keys = await screen.findByRole('dialog', { name: 'Подписать: выбор ключа' });
    await within(keys).findByRole('radio');
    await user.click(within(keys).getByRole('button', { name: 'Подписать' }));
    return keys;
  }

  it('a cancelled password (4001) is an info notice; the key dialog stays for another try', async () => {
    const user = userEvent.setup();
    signDocument.mockRejectedValueOnce(new EimzoError('cancelled', 'cancelled', -5000));
    const keys = await signAccept(user);
    await screen.findByText('Пароль не введён: ввод пароля отменён');
    expect(document.body.querySelector('.toast-info')).not.toBeNull();
    expect(calls.run).toHaveLength(0);
    // Trying again signs.
    signDocument.mockResolvedValueOnce('CMS');
    runAnswer = () =>
      HttpResponse.json({ success: true, code: 3, message: 'ok', data: { ...doc, status: 3, actions: [] } });
    await user.click(within(keys).getByRole('button', { name: 'Подписать' }));
    await screen.findByText('Документ одобрен');
    expect(calls.run).toHaveLength(1);
  });

  it('a wrong key password (4003) is an error', async () => {
    const user = userEvent.setup();
    signDocument.mockRejectedValueOnce(new EimzoError('wrongPassword', 'Пароль ключа неверный'));
    await signAccept(user);
    await screen.findByText('Неверный пароль ключа');
    expect(document.body.querySelector('.toast-error')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Подписать: выбор ключа' })).toBeInTheDocument();
  });

  it('another refusal of the plug-in shows its own reason', async () => {
    const user = userEvent.setup();
    signDocument.mockRejectedValueOnce(new EimzoError('plugin', 'Ключ повреждён', -1));
    await signAccept(user);
    await screen.findByText('Ключ повреждён');
    expect(calls.run).toHaveLength(0);
  });

  it('a failed timestamp says so and nothing is sent', async () => {
    const user = userEvent.setup();
    signDocument.mockRejectedValueOnce(new EimzoError('timestampFailed'));
    await signAccept(user);
    await screen.findByText('Ошибка при получении метки времени');
    expect(calls.run).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a lost race (409) shows the server’s words and reloads the doc', async () => {
    const user = userEvent.setup();
    signDocument.mockResolvedValue('CMS');
    runAnswer = () =>
      HttpResponse.json(
        {
          success: false,
          code: 'STATUS_CHANGED',
          message: 'Документ уже подписан: AJ «Demo Qurilish» (demo), 10:02',
        },
        { status: 409 },
      );
    let loads = 0;
    server.use(
      http.get('/api/Document/getById', () => {
        loads++;
        return HttpResponse.json({ success: true, data: doc });
      }),
    );
    await signAccept(user);
    await screen.findByText('Документ уже подписан: AJ «Demo Qurilish» (demo), 10:02');
    await waitFor(() => expect(loads).toBeGreaterThan(1));
  });

  it('an E-IMZO that is too old is explained in the key dialog', async () => {
    const user = userEvent.setup();
    listCertificates.mockRejectedValue(new EimzoError('versionTooOld', '3.20'));
    renderView();
    await user.click(within(await toolbar()).getByRole('button', { name: 'Подписать' }));
    const keys = await screen.findByRole('dialog', { name: 'Подписать: выбор ключа' });
    expect(await within(keys).findByRole('alert')).toHaveTextContent(/E-IMZO/);
    expect(within(keys).getByRole('button', { name: 'Подписать' })).toBeDisabled();
  });
});
