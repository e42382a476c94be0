// A corrected document repeats its parties as the original holds them (issue 27 item 5): once the
// editor names the original (RequisitesAsOfContext), a party's TIN is looked up through
// getOrgInfoByTinAndDoc — again when the original is chosen after the TIN was typed — and a party the
// original does not name falls back to today's requisites.
import type { RJSFSchema } from '@rjsf/utils';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { type RequisitesAsOf, RequisitesAsOfContext } from '../../../src/web/form/widgets/requisitesAsOf';

const ORIGINAL = '7f0c1a52-2b3c-4d5e-8f90-0123456789ab';
const asked: string[] = [];
const server = setupServer(
  http.get('/api/DocumentOrganization/getOrgInfoByTin', ({ request }) => {
    asked.push(`today ${new URL(request.url).searchParams.get('tin')}`);
    return HttpResponse.json({
      success: true,
      data: { Name: 'MChJ «Yangi nom» (demo)', Director: 'Today D.' },
    });
  }),
  http.get('/api/DocumentOrganization/getOrgInfoByTinAndDoc', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(`asOf ${query.get('tin')} ${query.get('documentUid')} ${query.get('invoiceDate')}`);
    if (query.get('tin') !== '302000002')
      return HttpResponse.json(
        { success: false, code: 'ORGANIZATION_NOT_FOUND', message: 'not in the document' },
        { status: 404 },
      );
    return HttpResponse.json({
      success: true,
      data: {
        Tin: '302000002',
        Name: 'MChJ «Eski nom» (demo)',
        Director: 'Then D.',
        Source: 'document',
        AsOf: '2026-10-01',
        DocumentId: ORIGINAL,
      },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    BuyerTin: { type: 'string', title: 'ИНН покупателя' },
    Buyer: {
      type: 'object',
      title: 'Покупатель',
      properties: {
        Name: { type: 'string', title: 'Название' },
        Director: { type: 'string', title: 'Руководитель' },
      },
    },
  },
};
const ui = { BuyerTin: { 'ui:widget': 'tinLookup', 'ui:options': { fills: 'Buyer' } } };

function Editor({ asOf, onChange }: { asOf: RequisitesAsOf | null; onChange(data: unknown): void }) {
  return (
    <RequisitesAsOfContext.Provider value={asOf}>
      <DocumentForm schema={schema} uiSchema={ui} mode="create" onChange={onChange} />
    </RequisitesAsOfContext.Provider>
  );
}

const tinInput = () => document.getElementById('root_BuyerTin') as HTMLInputElement;

describe('party requisites as of the original document', () => {
  it('looks a party up as the original holds it, again when the original is chosen later', async () => {
    const onChange = vi.fn<(data: unknown) => void>();
    const last = () => onChange.mock.calls.at(-1)?.[0] as Record<string, any>;
    const view = render(<Editor asOf={null} onChange={onChange} />);
    await userEvent.type(tinInput(), '302000002');
    await waitFor(() => expect(last().Buyer?.Name).toBe('MChJ «Yangi nom» (demo)'), { timeout: 3000 });

    // The original is chosen: the same TIN, looked up again as of that document and its date.
    view.rerender(<Editor asOf={{ documentId: ORIGINAL, date: '2026-10-01' }} onChange={onChange} />);
    await waitFor(
      () => expect(last().Buyer).toEqual({ Name: 'MChJ «Eski nom» (demo)', Director: 'Then D.' }),
      {
        timeout: 3000,
      },
    );
    expect(asked).toEqual(['today 302000002', `asOf 302000002 ${ORIGINAL} 2026-10-01`]);
    expect(await screen.findByText(/реквизиты как в исходном документе от 01\.10\.2026/)).toBeInTheDocument();
  });

  it('a party the original does not name is looked up as of today', async () => {
    const onChange = vi.fn<(data: unknown) => void>();
    const last = () => onChange.mock.calls.at(-1)?.[0] as Record<string, any>;
    render(<Editor asOf={{ documentId: ORIGINAL, date: null }} onChange={onChange} />);
    await userEvent.type(tinInput(), '303000003');
    await waitFor(() => expect(last().Buyer?.Name).toBe('MChJ «Yangi nom» (demo)'), { timeout: 3000 });
    expect(asked).toEqual([`asOf 303000003 ${ORIGINAL} null`, 'today 303000003']);
  });
});
