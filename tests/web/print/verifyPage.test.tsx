import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicVerification } from '../../../src/web/api/print';
import VerifyPage from '../../../src/web/pages/verify/VerifyPage';

// The public verification page (/verify/{id}?k=): what it says for a valid, a tampered and an
// unknown document, from the server's answer; the key travels as `k`.

/** The answer comes through msw and a render: allow for a loaded machine. */
const WAIT = { timeout: 10_000 };
const ID = '5b0a3c4e-1d2f-4a6b-8c9d-0e1f2a3b4c5d';
const KEY = 'Qm9vdHN0cmFwLWtleS1mb3ItdGVzdHMtMDE';

const signature = (over: Partial<PublicVerification['signatures'][number]>) => ({
  action: 'send',
  role: 'sender',
  signerName: 'Aliyev Akmal Karimovich',
  organization: 'OOO «Demo Savdo» (demo)',
  tin: '302000001',
  serialHex: '3b7a9446',
  serialDec: '997889094',
  signedAt: '2026-11-25T03:27:18.000Z',
  timestampAt: '2026-11-25T03:27:18.500Z',
  valid: true,
  problem: null,
  ...over,
});

const answer = (over: Partial<PublicVerification> = {}): PublicVerification => ({
  id: ID,
  kind: 'invoice',
  nationalId: '6b065590ff23d9deea8d5d12',
  number: 'INV-2025-0001',
  date: '2025-05-15',
  total: '142805.6',
  status: { code: 3, key: 'signed', final: true },
  parties: [
    { roles: ['sender'], name: '"Toshkent Savdo" MChJ', identity: '302000001' },
    { roles: ['receiver'], name: '"Samarqand Qurilish" AJ', identity: '302000002' },
  ],
  signatures: [signature({})],
  historyIntact: true,
  valid: true,
  checkedAt: '2026-11-25T03:27:50.000Z',
  ...over,
});

let reply: () => Response;
const asked: URL[] = [];
const server = setupServer(
  http.get('/api/Verify/document/:id', ({ request }) => {
    asked.push(new URL(request.url));
    return reply();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

function open(path: string) {
  const router = createMemoryRouter([{ path: '/verify/:id', element: <VerifyPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('verification page', () => {
  it('valid: the verdict, the particulars with two-decimal total, the parties and each signature', async () => {
    reply = () => HttpResponse.json({ success: true, data: answer() });
    open(`/verify/${ID}?k=${KEY}`);
    const verdict = await screen.findByText('Документ подлинный: все подписи действительны', {}, WAIT);
    expect(verdict.closest('[data-verdict]')).toHaveAttribute('data-verdict', 'valid');
    expect(asked[0].pathname).toBe(`/api/Verify/document/${ID}`);
    expect(asked[0].searchParams.get('k')).toBe(KEY);
    const page = document.body;
    expect(page).toHaveTextContent('Счёт-фактура');
    expect(page).toHaveTextContent('INV-2025-0001');
    expect(page).toHaveTextContent('15.05.2025');
    // Two decimals, digits grouped by U+202F (no break inside the number).
    expect(screen.getByText(/^142.805,60 сум$/).textContent).toBe('142\u202f805,60 сум');
    expect(page).toHaveTextContent('"Samarqand Qurilish" AJ');
    const stamp = screen.getByText('ОТПРАВЛЕН').closest('li') as HTMLElement;
    expect(within(stamp).getByText('Действительна')).toBeInTheDocument();
    // Tashkent time (UTC+5).
    expect(stamp).toHaveTextContent('25.11.2026 08:27:18');
    expect(stamp).toHaveTextContent('997889094 (0x3b7a9446)');
    expect(page).toHaveTextContent('История документа не изменялась');
  });

  it('tampered: the verdict says so, the failed signature shows why, the broken history too', async () => {
    reply = () =>
      HttpResponse.json({
        success: true,
        data: answer({
          valid: false,
          historyIntact: false,
          signatures: [
            signature({
              valid: false,
              problem: { code: 'CONTENT_MISMATCH', message: 'Подпись не покрывает хранимый документ' },
            }),
            signature({ action: 'accept', role: 'receiver', tin: '302000002' }),
          ],
        }),
      });
    open(`/verify/${ID}?k=${KEY}`);
    const verdict = await screen.findByText('Документ не прошёл проверку', {}, WAIT);
    expect(verdict.closest('[data-verdict]')).toHaveAttribute('data-verdict', 'invalid');
    const sent = screen.getByText('ОТПРАВЛЕН').closest('li') as HTMLElement;
    expect(within(sent).getByText('Недействительна')).toBeInTheDocument();
    expect(sent).toHaveTextContent('Подпись не покрывает хранимый документ');
    const accepted = screen.getByText('ПОДТВЕРЖДЁН').closest('li') as HTMLElement;
    expect(within(accepted).getByText('Действительна')).toBeInTheDocument();
    expect(document.body).toHaveTextContent('История документа была изменена');
  });

  // The "not found" answer says only that Hujjat knows no such document: never the introduction
  // "Hujjat checked this document and its signatures" (it checked nothing). Planted: the intro shown
  // above every answer.
  it.each([
    ['ru', 'Документ не найден', 'Hujjat не знает документа по этой ссылке', /проверил/i],
    ['uz', 'Hujjat topilmadi', 'Hujjat bu havola boʻyicha hujjatni bilmaydi', /tekshirdi/i],
    ['en', 'Document not found', 'Hujjat knows no document at this link', /checked/i],
  ])('not found in %s: no such document known, no word of a check', async (lang, heading, known, checked) => {
    await i18next.changeLanguage(lang);
    try {
      reply = () =>
        HttpResponse.json({ success: false, code: 'NOT_FOUND', message: heading }, { status: 404 });
      open(`/verify/${ID}?k=${KEY}`);
      expect(await screen.findByRole('heading', { name: heading }, WAIT)).toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(screen.getByRole('alert')).toHaveTextContent(known);
      expect(main.textContent).not.toMatch(checked);
      expect(main.textContent).not.toMatch(/signature|подпис|imzo/i);
    } finally {
      await i18next.changeLanguage('ru');
    }
  });

  it('unknown document or no key: "not found" and how the link is made, nothing else', async () => {
    reply = () =>
      HttpResponse.json(
        { success: false, code: 'NOT_FOUND', message: 'Документ не найден' },
        { status: 404 },
      );
    open(`/verify/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Документ не найден' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('?k=');
    expect(asked[0].searchParams.has('k')).toBe(false);
    expect(document.querySelector('[data-verdict]')).toBeNull();
  });
});
