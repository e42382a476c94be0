import { describe, expect, it } from 'vitest';
import contract from '../../../schemas/documents/contract/fixtures/valid/02-two-clients-no-products.json';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import waybill from '../../../schemas/documents/waybill/fixtures/valid/01-car-seller-to-buyer.json';
import {
  availableActions,
  boxAfter,
  bytesToSign,
  documentSummary,
  freshNationalId,
  isAwaiting,
  type Lifecycle,
  nextStatus,
  partiesOf,
  registerLifecycle,
  storedStatusesFor,
  viewStatus,
  withNationalId,
} from '../../../src/engine/lifecycle';
import { toNationalJson } from '../../../src/engine/national';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('parties and summary', () => {
  it('reads the invoice parties by the declared pointers', () => {
    const parties = partiesOf('invoice', invoice);
    expect(parties.map((p) => [p.role, p.identity])).toEqual([
      ['sender', invoice.SellerTin],
      ['receiver', invoice.BuyerTin],
      ...(invoice.FacturaEmpowermentDoc
        ? [['agent', (invoice.FacturaEmpowermentDoc as any).AgentPinfl]]
        : []),
    ]);
    expect(parties[0].name).toBe(invoice.Seller.Name);
  });

  it('reads every client of a contract', () => {
    const clients = partiesOf('contract', contract).filter((p) => p.role === 'client');
    expect(clients.map((c) => c.identity)).toEqual(contract.Clients.map((c: any) => c.Tin));
    expect(clients.length).toBe(2);
  });

  it('returns a required party without identity as empty, and leaves an absent optional one out', () => {
    const parties = partiesOf('invoice', { ...invoice, BuyerTin: '', FacturaEmpowermentDoc: null });
    expect(parties.find((p) => p.role === 'receiver')?.identity).toBe('');
    expect(parties.some((p) => p.role === 'agent')).toBe(false);
  });

  it('sums the invoice total exactly from its lines', () => {
    const summary = documentSummary('invoice', invoice);
    const lines = invoice.ProductList.Products.map((p: any) => Math.round(p.DeliverySumWithVat * 100));
    expect(summary.total).toBe((lines.reduce((a: number, b: number) => a + b, 0) / 100).toFixed(2));
    expect(summary.number).toBe(invoice.FacturaDoc.FacturaNo);
    expect(summary.date).toBe(invoice.FacturaDoc.FacturaDate);
    expect(summary.nationalId).toBe(invoice.FacturaId);
    expect(summary.type).toBe(String(invoice.FacturaType));
  });

  it('adds 0.1 + 0.2 without a float error', () => {
    const lines = [{ DeliverySumWithVat: 0.1 }, { DeliverySumWithVat: 0.2 }];
    expect(
      documentSummary('invoice', { ...invoice, ProductList: { ...invoice.ProductList, Products: lines } })
        .total,
    ).toBe('0.30');
  });
});

describe('the invoice machine', () => {
  const parties = partiesOf('invoice', invoice);
  it('lets the receiver accept or reject what waits for it, and the sender cancel', () => {
    expect(availableActions('invoice', { status: 1, roles: ['receiver'] }).map((a) => a.name)).toEqual([
      'accept',
      'reject',
    ]);
    expect(availableActions('invoice', { status: 1, roles: ['sender'] }).map((a) => a.name)).toEqual([
      'cancel',
    ]);
    expect(availableActions('invoice', { status: 3, roles: ['sender', 'receiver'] })).toEqual([]);
    expect(availableActions('invoice', { status: 0, roles: ['receiver'] })).toEqual([]);
  });

  it('sends to the agent first when the invoice names one', () => {
    const withAgent = {
      ...invoice,
      FacturaEmpowermentDoc: {
        AgentPinfl: '31707920456784',
        AgentFio: 'A',
        EmpowermentNo: '1',
        EmpowermentDateOfIssue: '2025-01-01',
      },
    };
    expect(nextStatus('invoice', 'send', { status: 0, content: withAgent, parties })).toBe(60);
    expect(
      nextStatus('invoice', 'send', {
        status: 0,
        content: { ...invoice, FacturaEmpowermentDoc: null },
        parties,
      }),
    ).toBe(1);
    expect(nextStatus('invoice', 'agentAccept', { status: 60, content: withAgent, parties })).toBe(1);
  });

  it('shows status 1 as 2 "waiting for you" to the receiver only', () => {
    expect(viewStatus('invoice', { status: 1, roles: ['receiver'] })).toBe(2);
    expect(viewStatus('invoice', { status: 1, roles: ['sender'] })).toBe(1);
    expect(isAwaiting('invoice', { status: 1, roles: ['receiver'] })).toBe(true);
    expect(isAwaiting('invoice', { status: 1, roles: ['sender'] })).toBe(false);
    expect(storedStatusesFor('invoice', 2).sort()).toEqual([1, 60]);
    expect(storedStatusesFor('invoice', 3)).toEqual([3]);
  });

  it('puts the draft in the sender drafts and the sent invoice in both boxes', () => {
    expect(boxAfter('invoice', 0, 'sender', null)).toBe('drafts');
    expect(boxAfter('invoice', 0, 'receiver', null)).toBe(null);
    expect(boxAfter('invoice', 1, 'sender', 'drafts')).toBe('outgoing');
    expect(boxAfter('invoice', 1, 'receiver', null)).toBe('incoming');
  });
});

describe('what is signed', () => {
  const parties = partiesOf('invoice', invoice);
  const record = new TextEncoder().encode(toNationalJson('invoice', invoice));

  it('signs the national JSON on send', () => {
    expect(text(bytesToSign('invoice', 'send', { content: invoice, documentId: 'x', parties }))).toBe(
      toNationalJson('invoice', invoice),
    );
  });

  it('co-signs the stored bytes exactly, even when they are not how we would write them', () => {
    const foreign = new TextEncoder().encode('{"facturaid": "A", "n": 21300.0}');
    expect(
      bytesToSign('invoice', 'accept', { content: invoice, signedBytes: foreign, documentId: 'x', parties }),
    ).toEqual(foreign);
  });

  it('wraps the stored bytes with the reason for a rejection, without re-serializing them', () => {
    const foreign = new TextEncoder().encode('{"a": 1.0}');
    const bytes = bytesToSign('invoice', 'reject', {
      content: invoice,
      signedBytes: foreign,
      reason: 'Narx "xato"',
      documentId: 'x',
      parties,
    });
    expect(text(bytes)).toBe('{"Factura":{"a": 1.0},"Notes":"Narx \\"xato\\""}');
  });

  it('signs {DocumentId, SellerTin} to cancel', () => {
    const bytes = bytesToSign('invoice', 'cancel', {
      content: invoice,
      signedBytes: record,
      documentId: 'x',
      parties,
    });
    expect(JSON.parse(text(bytes))).toEqual({ DocumentId: invoice.FacturaId, SellerTin: invoice.SellerTin });
    expect(Object.keys(JSON.parse(text(bytes)))).toEqual(['DocumentId', 'SellerTin']);
  });

  it("signs the waybill's sign-type object with the responsible person's PINFL and the reason", () => {
    const withPerson = { ...waybill, ResponsiblePerson: { Pinfl: '31707920456784', FullName: 'R' } };
    const wparties = partiesOf('waybill', withPerson);
    const bytes = bytesToSign('waybill', 'responsibleTillReturn', {
      content: withPerson,
      signedBytes: record,
      reason: 'broken',
      documentId: 'x',
      parties: wparties,
    });
    expect(JSON.parse(text(bytes))).toEqual({
      WaybillLocalId: waybill.WaybillLocalId,
      WaybillLocalSignType: 'ResponsiblePersonTillReturned',
      ResponsiblePersonPinfl: '31707920456784',
      Notes: 'broken',
    });
  });

  it('needs the signed document for every action after send', () => {
    expect(() => bytesToSign('invoice', 'accept', { content: invoice, documentId: 'x', parties })).toThrow();
  });
});

describe('quorum: every client of a contract accepts', () => {
  const parties = partiesOf('contract', contract);
  const [first, second] = parties.filter((p) => p.role === 'client');
  it('keeps the status until the last client accepted', () => {
    expect(
      nextStatus('contract', 'accept', { status: 1, content: contract, parties, identity: first.identity }),
    ).toBe(null);
    const acted = [{ role: 'client' as const, identity: first.identity, action: 'accept' }];
    expect(
      nextStatus('contract', 'accept', {
        status: 1,
        content: contract,
        parties,
        identity: second.identity,
        acted,
      }),
    ).toBe(3);
    expect(
      availableActions('contract', { status: 1, roles: ['client'], identity: first.identity, acted }).map(
        (a) => a.name,
      ),
    ).toEqual(['reject']);
    expect(
      availableActions('contract', { status: 1, roles: ['client'], identity: second.identity, acted }).map(
        (a) => a.name,
      ),
    ).toEqual(['accept', 'reject']);
  });
});

describe('national ids', () => {
  it('makes 24-hex ids, and a fresh one for a copy', () => {
    expect(freshNationalId()).toMatch(/^[0-9a-f]{24}$/);
    expect(freshNationalId('uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(withNationalId('invoice', invoice, true).FacturaId).toBe(invoice.FacturaId);
    expect(withNationalId('invoice', invoice, false).FacturaId).not.toBe(invoice.FacturaId);
    expect(withNationalId('invoice', { ...invoice, FacturaId: '' }, true).FacturaId).toMatch(
      /^[0-9a-f]{24}$/,
    );
  });
});

describe('registering a kind at run time', () => {
  it('refuses declarations that do not hold together', () => {
    const broken = {
      typeId: 900,
      document: { number: '/No', date: '/Date' },
      parties: { sender: { identity: '/Tin' } },
      initial: 0,
      statuses: [
        { code: 0, key: 'draft' },
        { code: 3, key: 'signed', final: true },
      ],
      actions: [
        {
          name: 'send',
          by: 'receiver',
          from: [0],
          to: 7,
          sign: { shape: 'document' },
          right: 'send',
          result: 1,
        },
      ],
    } as unknown as Lifecycle;
    expect(() => registerLifecycle('broken', broken)).toThrow(/role "receiver".*status 7|status 7.*role/);
  });
});
