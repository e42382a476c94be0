import type { DocumentRow, DocumentView } from '../../../src/web/api/documents';

/** A list row of an invoice as getList answers it. */
export function row(index: number, patch: Partial<DocumentRow> = {}): DocumentRow {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    kind: 'invoice',
    type: '0',
    number: `INV-${index}`,
    date: '2026-11-20',
    total: '1250000.50',
    status: 1,
    viewStatus: 2,
    statusKey: 'waitingYou',
    counterparty: { identity: '302000001', name: 'OOO «Demo Savdo» (demo)' },
    awaiting: true,
    respondBy: '2026-11-30',
    createdAt: '2026-11-20T09:15:00Z',
    updatedAt: '2026-11-20T09:20:00Z',
    ...patch,
  };
}

/** An invoice as getById answers it, waiting for the caller (the buyer). */
export function view(patch: Partial<DocumentView> = {}): DocumentView {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'invoice',
    typeId: 2,
    type: '0',
    nationalId: '65a1b2c3d4e5f60718293a4b',
    number: 'INV-7',
    date: '2026-11-20',
    total: '1250.00',
    status: 1,
    viewStatus: 2,
    statusKey: 'waitingYou',
    final: false,
    version: 3,
    source: 'created',
    myRoles: ['receiver'],
    box: 'incoming',
    binState: 'active',
    parties: [
      {
        roles: ['sender'],
        identity: '302000001',
        name: 'OOO «Demo Savdo» (demo)',
        hasAccount: true,
        acted: ['send'],
      },
      {
        roles: ['receiver'],
        identity: '302000002',
        name: 'AJ «Demo Qurilish» (demo)',
        hasAccount: true,
        acted: [],
      },
    ],
    content: {
      FacturaId: '65a1b2c3d4e5f60718293a4b',
      FacturaDoc: { FacturaNo: 'INV-7', FacturaDate: '2026-11-20' },
      SellerTin: '302000001',
      BuyerTin: '302000002',
      Seller: { Name: 'OOO «Demo Savdo» (demo)' },
      Buyer: { Name: 'AJ «Demo Qurilish» (demo)' },
    },
    signatures: [
      {
        id: 'sig-1',
        action: 'send',
        role: 'sender',
        signerName: 'Aliyev Akmal Karimovich',
        organization: 'OOO «Demo Savdo» (demo)',
        tin: '302000001',
        pinfl: '31505850123451',
        serialHex: '780f2065',
        serialDec: '2014257253',
        signedAt: '2026-11-20T09:20:00Z',
        timestampAt: '2026-11-20T09:20:01Z',
        ip: '10.0.0.1',
      },
    ],
    events: [
      {
        seq: 1,
        action: 'create',
        fromStatus: null,
        toStatus: 0,
        actor: { name: 'Aliyev Akmal Karimovich', identity: '302000001', role: 'sender' },
        reason: null,
        at: '2026-11-20T09:15:00Z',
        signatureId: null,
      },
      {
        seq: 2,
        action: 'send',
        fromStatus: 0,
        toStatus: 1,
        actor: { name: 'Aliyev Akmal Karimovich', identity: '302000001', role: 'sender' },
        reason: null,
        at: '2026-11-20T09:20:00Z',
        signatureId: 'sig-1',
      },
    ],
    actions: [
      { name: 'accept', kind: 'sign', shape: 'cosign', reason: 'none', result: 3 },
      { name: 'reject', kind: 'sign', shape: 'wrap', reason: 'required', result: 4 },
      { name: 'copy', kind: 'local' },
      { name: 'bin', kind: 'local' },
    ],
    respondBy: '2026-11-30',
    createdAt: '2026-11-20T09:15:00Z',
    updatedAt: '2026-11-20T09:20:00Z',
    sentAt: '2026-11-20T09:20:00Z',
    ...patch,
  };
}
