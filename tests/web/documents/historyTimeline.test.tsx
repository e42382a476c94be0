import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../../../src/web/api/documents';
import { HistoryTimeline } from '../../../src/web/documents/view/HistoryTimeline';

const ORIGINAL = 'd1eae126-9a7d-483f-b3f4-2b5ffa56b723';
const event = (seq: number, action: string, reason: string | null): DocumentEvent => ({
  seq,
  action,
  fromStatus: null,
  toStatus: null,
  actor: { name: null, identity: '302000001', role: 'sender' },
  reason,
  at: '2026-11-25T04:49:00Z',
  signatureId: null,
});

describe('history timeline', () => {
  it('shows a copy’s origin as a link to the original, never the server’s note', () => {
    render(
      <MemoryRouter>
        <HistoryTimeline
          kind="invoice"
          events={[event(1, 'copy', `copy of ${ORIGINAL}`), event(2, 'reject', 'Цена не по договору')]}
        />
      </MemoryRouter>,
    );
    const [copied, rejected] = screen.getAllByRole('listitem');
    expect(within(copied).getByRole('link', { name: 'Копия документа' })).toHaveAttribute(
      'href',
      `/documents/${ORIGINAL}`,
    );
    expect(copied.textContent).not.toContain('copy of');
    // Any other reason is quoted as it was given.
    expect(rejected.querySelector('blockquote')?.textContent).toContain('Цена не по договору');
  });

  it('names the API key an event was taken with, and nothing for a person', () => {
    render(
      <MemoryRouter>
        <HistoryTimeline
          kind="invoice"
          events={[
            {
              ...event(1, 'create', null),
              actor: { name: null, identity: '302000001', role: null, apiKey: 'ERP' },
            },
            event(2, 'send', null),
          ]}
        />
      </MemoryRouter>,
    );
    const [byKey, byPerson] = screen.getAllByRole('listitem');
    expect(within(byKey).getByTestId('history-api-key').textContent).toContain('через API-ключ «ERP»');
    expect(within(byPerson).queryByTestId('history-api-key')).toBeNull();
  });
});
