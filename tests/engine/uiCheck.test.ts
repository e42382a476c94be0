import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkKindUi, discoverKinds } from '../../scripts/build-schemas';
import { getKind, listKinds } from '../../src/engine';
import type { JsonSchema } from '../../src/engine/bundle';
import type { UiSchema } from '../../src/engine/kindInfo';

// The schema build refuses a kind whose ui.json the form would get wrong (engine/ui/check.ts): a
// look-up that fills an object into a string field, a party's TIN without the look-up, a date
// without the date widget, a UI node for a field the schema lacks. Each broken kind below is a real
// kind with one planted fault; the message names the file and the JSON pointer.

const authoredUi = (kind: string): UiSchema => {
  const folder = discoverKinds().find((k) => k.kind === kind)!;
  return JSON.parse(readFileSync(`${folder.dir}/ui.json`, 'utf8'));
};
const bundled = (kind: string) => getKind(kind).schema as JsonSchema;
const check = (kind: string, ui: UiSchema) => () => checkKindUi('documents', kind, bundled(kind), ui);

describe('the schema build checks every ui.json against its schema', () => {
  it.each(discoverKinds().map((k) => [`${k.group}/${k.kind}`, k] as const))('%s passes', (_, k) => {
    const ui = (() => {
      try {
        return JSON.parse(readFileSync(`${k.dir}/ui.json`, 'utf8')) as UiSchema;
      } catch {
        return {};
      }
    })();
    expect(() => checkKindUi(k.group, k.kind, getKind(k.kind).schema as JsonSchema, ui)).not.toThrow();
  });

  it('refuses a fills that names a string field (the act whose buyer got "[object Object]")', () => {
    const ui = authoredUi('completionAct');
    ui.BuyerTin = { 'ui:widget': 'tinLookup', 'ui:options': { fills: 'BuyerName' } };
    expect(check('completionAct', ui)).toThrow(
      /schemas\/documents\/completionAct\/ui\.json:\n {2}#\/BuyerTin\/ui:options\/fills: names "BuyerName", a string field/,
    );
  });

  it('refuses a fills that names no field', () => {
    const ui = authoredUi('invoice');
    ui.BuyerTin = { 'ui:widget': 'tinLookup', 'ui:options': { fills: 'Byer' } };
    expect(check('invoice', ui)).toThrow(/#\/BuyerTin\/ui:options\/fills: names "Byer", which is no field/);
  });

  it('refuses a party TIN without the look-up (the waybill consignee and carrier)', () => {
    const ui = authoredUi('waybill');
    ui.Carrier = { ...(ui.Carrier ?? {}), TinOrPinfl: { 'ui:widget': 'text' } };
    expect(check('waybill', ui)).toThrow(
      /schemas\/documents\/waybill\/ui\.json:\n {2}#\/Carrier\/TinOrPinfl: a party's TIN renders the look-up \(tinLookup\), not "text"/,
    );
  });

  it('refuses a date without the date widget, nested in an array (the waybill empowerment date)', () => {
    const ui = authoredUi('waybill');
    const group = ui.Roadway.ProductGroups.items;
    group.UnloadingEmpowerment = {
      ...(group.UnloadingEmpowerment ?? {}),
      EmpowermentDateOfIssue: { 'ui:widget': 'text' },
    };
    expect(check('waybill', ui)).toThrow(
      /#\/Roadway\/ProductGroups\/items\/UnloadingEmpowerment\/EmpowermentDateOfIssue: a date \(yyyy-MM-dd\) renders the date widget, not "text"/,
    );
  });

  it('refuses a product table date column with another widget', () => {
    const ui = authoredUi('verificationAct');
    ui.VerificationActContracts.items.VerificationActContractItems['ui:options'].widgets.OwnerOperationDate =
      'money';
    expect(check('verificationAct', ui)).toThrow(
      /#\/VerificationActContracts\/items\/VerificationActContractItems\/ui:options\/widgets\/OwnerOperationDate: a date/,
    );
  });

  it('refuses a UI node for a field the schema does not have (its widget would be lost)', () => {
    const ui = authoredUi('waybill');
    ui.Consigne = { TinOrPinfl: { 'ui:widget': 'tinLookup' } };
    expect(check('waybill', ui)).toThrow(/#\/Consigne: names "Consigne", which the schema has no field for/);
  });

  it('the registry gives every party TIN the look-up and every date the date widget where ui.json names none', () => {
    for (const kind of listKinds('documents')) expect(kind.ui, kind.kind).toBeDefined();
    const waybill = getKind('waybill').ui;
    expect(waybill.Consignee.TinOrPinfl['ui:widget']).toBe('tinLookup');
    expect(waybill.Carrier.TinOrPinfl['ui:widget']).toBe('tinLookup');
    expect(waybill.Roadway.ProductGroups.items.UnloadingEmpowerment.EmpowermentDateOfIssue['ui:widget']).toBe(
      'date',
    );
  });
});
