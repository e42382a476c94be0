// The print carries the exchange operator's own document id beside the national (roaming) id and
// Hujjat's id, as operators print both (issue 28 item 2).
import { describe, expect, it } from 'vitest';
import { buildPrintModel } from '../../../src/engine/print';
import { kindCases } from '../documents/kindContent';

const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key}(${Object.values(params).join(',')})` : key;

describe('print identifiers of a document that travelled through an operator', () => {
  it('national id, the operator’s id (named after it), Hujjat’s id — in that order', async () => {
    const content = structuredClone((await kindCases('invoice'))[0].content) as Record<string, unknown>;
    content.FacturaId = '665f1c2e9b1d4a0012ab9001';
    const model = buildPrintModel({
      kind: 'invoice',
      content,
      lang: 'ru',
      t,
      document: {
        id: 'hujjat-1',
        operator: { name: 'Didox', documentId: 'DX-42', roamingId: '665f1c2e9b1d4a0012ab9001' },
      },
    });
    expect(model.identifiers).toEqual([
      { label: 'print:nationalId', value: '665f1c2e9b1d4a0012ab9001' },
      { label: 'print:operatorId(Didox)', value: 'DX-42' },
      { label: 'print:documentId', value: 'hujjat-1' },
    ]);
  });

  it('the roaming id from the operator when the kind’s content has none', async () => {
    const content = structuredClone((await kindCases('completionAct'))[0].content) as Record<string, unknown>;
    const model = buildPrintModel({
      kind: 'completionAct',
      content,
      lang: 'ru',
      t,
      document: { operator: { name: 'Didox', documentId: 'DX-7', roamingId: '665f1c2e9b1d4a0012ab9002' } },
    });
    expect(model.identifiers).toEqual([
      { label: 'print:nationalId', value: '665f1c2e9b1d4a0012ab9002' },
      { label: 'print:operatorId(Didox)', value: 'DX-7' },
    ]);
  });

  it('nothing of an operator for a document that never left the server', async () => {
    const content = structuredClone((await kindCases('completionAct'))[0].content) as Record<string, unknown>;
    const model = buildPrintModel({ kind: 'completionAct', content, lang: 'ru', t, document: { id: 'h-2' } });
    expect(model.identifiers).toEqual([{ label: 'print:documentId', value: 'h-2' }]);
  });
});
