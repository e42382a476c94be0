// "С НДС" starts checked when the seller (the sender) pays VAT, read from the organisation's data
// (getOrgInfo), for every kind whose UI schema marks its flag (ui:options.startsAs).
import { describe, expect, it } from 'vitest';
import { getKind, listKinds } from '../../../src/engine';
import { readPath } from '../../../src/engine/keywords/pointer';
import { getLifecycle } from '../../../src/engine/lifecycle';
import { isVatPayer } from '../../../src/web/documents/editor/prefill';
import { startingContent } from '../../../src/web/documents/editor/useNewDocument';
import { schemaPlaces } from '../../engine/schemaWalk';

const kinds = listKinds('documents').map((k) => k.kind);
const IDENTITY = '302000001';
const PAYER = { TinOrPinfl: IDENTITY, Name: 'Payer LLC', VatRegCode: '326000000001', VatRegStatus: 20 };
const NOT_PAYER = { TinOrPinfl: IDENTITY, Name: 'Small LLC', VatRegStatus: null };

/** Where a kind's UI schema marks a field to start from the sender's VAT status. */
function vatFlags(kind: string): string[] {
  const found: string[] = [];
  const walk = (node: Record<string, any>, path: string[]) => {
    if (node['ui:options']?.startsAs === 'senderVatPayer') found.push(path.join('/'));
    for (const [key, child] of Object.entries(node))
      if (!key.startsWith('ui:') && key !== 'items' && child && typeof child === 'object')
        walk(child, [...path, key]);
  };
  walk(getKind(kind).ui as Record<string, any>, []);
  return found;
}

/** The kinds' "with VAT" flags (national name HasVat) that belong to the sender as seller. */
function sellerVatFlags(kind: string): string[] {
  // The empowerment's flag is the supplier's VAT, and its sender is the buyer: not the sender's status.
  const senderIsSeller = /Seller|Owner/.test(getLifecycle(kind).parties.sender.identity);
  if (!senderIsSeller) return [];
  return schemaPlaces(getKind(kind).schema)
    .filter((p) => p.pointer.endsWith('/HasVat') && !p.pointer.includes('*') && p.schema.type === 'boolean')
    .map((p) => p.pointer.slice(1));
}

describe('"with VAT" starts from the seller’s VAT status', () => {
  it('every seller’s "with VAT" flag of every kind is marked to start from it', () => {
    for (const kind of kinds) expect(vatFlags(kind).sort(), kind).toEqual(sellerVatFlags(kind).sort());
    expect(kinds.filter((kind) => vatFlags(kind).length > 0).length).toBeGreaterThan(0);
  });

  it('reads the VAT status from the organisation’s requisites', () => {
    expect(isVatPayer(PAYER)).toBe(true);
    expect(isVatPayer({ VatRegCode: '326000000001' })).toBe(true);
    expect(isVatPayer({ VatRegCode: '326000000001', VatRegStatus: 21 })).toBe(false);
    expect(isVatPayer(NOT_PAYER)).toBe(false);
    expect(isVatPayer(null)).toBe(false);
  });

  const cases = kinds.flatMap((kind) => vatFlags(kind).map((path) => [kind, path] as const));
  it.each(cases)(
    '%s /%s: checked for a VAT payer, unchecked otherwise, a template’s choice kept',
    (kind, path) => {
      const definition = getKind(kind);
      expect(readPath(startingContent(definition, {}, false, PAYER, IDENTITY), path)).toBe(true);
      expect(readPath(startingContent(definition, {}, false, NOT_PAYER, IDENTITY), path)).not.toBe(true);
      const [head, ...rest] = path.split('/');
      const template = rest.length ? { [head]: { [rest.join('/')]: false } } : { [head]: false };
      expect(readPath(startingContent(definition, template, true, PAYER, IDENTITY), path)).toBe(false);
    },
  );
});
