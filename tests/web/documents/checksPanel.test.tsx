// Issue 29: the checks panel — the editor's checks after a pause in typing (never per keystroke), the
// server's findings with reason and what to do, "not checked" never shown as passed, demo and the tax
// authority's own reply labelled; before sending, a block is not offered "send anyway".
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { ShownCheck } from '../../../src/web/api/checks';
import { ChecksPanel } from '../../../src/web/documents/checks/ChecksPanel';
import { CHECKS_DEBOUNCE_MS, useDraftChecks } from '../../../src/web/documents/checks/useDraftChecks';
import { useSendChecks } from '../../../src/web/documents/checks/useSendChecks';

const finding = (over: Partial<ShownCheck>): ShownCheck => ({
  id: 'buyer-vat-payer',
  level: 'warn',
  outcome: 'tripped',
  title: 'Buyer not a VAT payer',
  reason: 'The registry says so.',
  action: 'Check the buyer.',
  reads: ['taxAuthority'],
  demo: false,
  authorityReply: null,
  ...over,
});

let answer = { blocked: false, checks: [finding({})] };
let posts = 0;
const server = setupServer(
  http.post('/api/Document/checks', () => {
    posts++;
    return HttpResponse.json({ success: true, data: answer });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posts = 0;
  answer = { blocked: false, checks: [finding({})] };
  vi.useRealTimers();
});
afterAll(() => server.close());

it('lists findings with reason and what to do; not checked, demo and the authority reply labelled', () => {
  render(
    <ChecksPanel
      title="Checks"
      checks={[
        finding({ id: 'a', level: 'block', title: 'Blocked one' }),
        finding({ id: 'b', outcome: 'notChecked', title: 'Unknown one' }),
        finding({ id: 'c', outcome: 'passed', title: 'Passed one' }),
        finding({ id: 'd', demo: true, authorityReply: 'Yuqori xavf (demo)', title: 'Risky one' }),
      ]}
    />,
  );
  expect(screen.getByText('Blocked one')).toBeTruthy();
  expect(screen.queryByText('Passed one')).toBeNull();
  const unknown = screen.getByText('Unknown one').closest('li')!;
  expect(unknown.getAttribute('data-outcome')).toBe('notChecked');
  expect(unknown.textContent).not.toContain('The registry says so.');
  const risky = screen.getByText('Risky one').closest('li')!;
  expect(risky.querySelector('.check-demo')).toBeTruthy();
  expect(risky.textContent).toContain('Yuqori xavf (demo)');
  expect(risky.querySelector('.check-reply')).toBeTruthy();
  // Blocks first, what could not be checked last.
  const order = [...document.querySelectorAll('li[data-check]')].map((li) => li.getAttribute('data-check'));
  expect(order).toEqual(['a', 'd', 'b']);
});

function Editor() {
  const checks = useDraftChecks('invoice', undefined);
  return (
    <>
      <input
        aria-label="number"
        onChange={(e) => checks.schedule({ FacturaDoc: { FacturaNo: e.target.value } })}
      />
      <ChecksPanel title="Checks" checks={checks.checks} loading={checks.loading} failed={checks.failed} />
    </>
  );
}

it('asks the server once after a pause in typing, not per keystroke', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<Editor />);
  await user.type(screen.getByLabelText('number'), 'INV-1');
  expect(posts).toBe(0);
  await act(async () => {
    vi.advanceTimersByTime(CHECKS_DEBOUNCE_MS + 10);
  });
  await screen.findByText('Buyer not a VAT payer');
  expect(posts).toBe(1);
});

function Sender() {
  const checks = useSendChecks('invoice');
  const [result, setResult] = useState('');
  return (
    <>
      <button type="button" onClick={async () => setResult(String(await checks.confirm({}, 'd1')))}>
        send
      </button>
      <output>{result}</output>
      {checks.element}
    </>
  );
}

it('before sending: warnings let the send go on (the panel lists them); a block stops it in a dialog', async () => {
  const user = userEvent.setup();
  render(<Sender />);
  await user.click(screen.getByText('send'));
  await expect.poll(() => document.querySelector('output')?.textContent).toBe('true');
  expect(screen.queryByRole('alertdialog')).toBeNull();

  answer = { blocked: true, checks: [finding({ level: 'block', title: 'Window closed' })] };
  await user.click(screen.getByText('send'));
  await screen.findByText('Window closed');
  await user.click(screen.getByRole('button', { name: /Вернуться|Back/ }));
  await expect.poll(() => document.querySelector('output')?.textContent).toBe('false');
});
