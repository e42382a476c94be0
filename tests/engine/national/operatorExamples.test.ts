import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectKind, readReceived } from '../../../src/engine/national';

/** Official examples of the operator Didox (data/operator-examples/SOURCE.md), read as received. */
const DIR = 'data/operator-examples';
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const kindOf = (file: string) => /^didox[-_](?:stored-|get-|update-)?(\w+)\.json$/.exec(file)![1];

/**
 * The examples whose values are placeholders or contradict each other keep the warnings those values
 * earn — and only those. Every other example reads with none.
 */
const EXPECTED_WARNINGS: Record<string, string[]> = {
  // "sellertin", "buyertin", "tin" as values
  'didox-completionAct.json': ['/SellerTin pinflOrTin', '/BuyerTin minLength', '/ProductList/Tin minLength'],
  // every value is the placeholder "string" (or 0)
  'didox-empowermentV2.json': [
    '/EmpowermentV2Id pattern',
    '/OldEmpowermentDoc/EmpowermentV2Id pattern',
    '/Seller/TinOrPinfl minLength',
    '/Seller/Director/Pinfl pinfl',
    '/Seller/Director/Pinfl minLength',
    '/Buyer/TinOrPinfl minLength',
    '/Buyer/Director/Pinfl pinfl',
    '/Buyer/Director/Pinfl minLength',
    '/Buyer/Accountant/Pinfl pinfl',
    '/Buyer/Accountant/Pinfl minLength',
    '/Agent/Pinfl pinfl',
    '/Agent/Pinfl minLength',
    '/Products/0/OrdNo minimum',
    '/Products/0/CatalogCode pattern',
    '/Products/0/PackageCode pattern',
    '/Products/0/Amount exclusiveMinimum',
    '/Agent/Pinfl notToOneself',
    '/Buyer/TinOrPinfl sellerNotBuyer',
  ],
  // a corrected hybrid invoice (type 4) without the original it corrects
  'didox-hybridInvoice.json': ['/OldHybridInvoiceDoc requiredUnless'],
  // 15-digit trustee PINFLs, "string" for the responsible person and company, a group total of 100
  // over one line of 20
  'didox-waybill.json': [
    '/Roadway/ProductGroups/0/LoadingTrustee/Pinfl maxLength',
    '/Roadway/ProductGroups/0/LoadingTrustee/Pinfl pinfl',
    '/Roadway/ProductGroups/0/UnloadingTrustee/Pinfl maxLength',
    '/Roadway/ProductGroups/0/UnloadingTrustee/Pinfl pinfl',
    '/Roadway/ProductGroups/0/ProductInfo/TotalDeliverySum documentTotals',
    '/ResponsiblePerson/Pinfl pinfl',
    '/ResponsiblePerson/Pinfl minLength',
    '/ResponsibleCompany/Tin minLength',
  ],
};

describe('the operators’ official examples through the receipt profile', () => {
  it('are all here, with their provenance', () => {
    expect(files).toHaveLength(14);
    expect(existsSync(`${DIR}/SOURCE.md`)).toBe(true);
    for (const file of Object.keys(EXPECTED_WARNINGS)) expect(files).toContain(file);
  });

  it.each(files)('%s is recognized and warns only where its values are placeholders', (file) => {
    const view = readReceived(kindOf(file), readFileSync(`${DIR}/${file}`, 'utf8'));
    expect(view.recognized).toBe(true);
    expect(view.warnings.map((w) => `${w.instancePath} ${w.keyword}`).sort()).toEqual(
      [...(EXPECTED_WARNINGS[file] ?? [])].sort(),
    );
  });

  it.each(files)('%s is detected as its kind when the sender does not say', (file) => {
    expect(detectKind(readFileSync(`${DIR}/${file}`, 'utf8'))?.kind).toBe(kindOf(file));
  });

  it('reads the lower-case form Didox signs exactly as the PascalCase request it was made from', () => {
    const request = readReceived('invoice', readFileSync(`${DIR}/didox-invoice.json`, 'utf8'));
    const stored = readReceived('invoice', readFileSync(`${DIR}/didox_stored-invoice.json`, 'utf8'));
    expect(stored.content).toEqual(request.content);
    // Numbers sent as text ("10000000.00", "0") are numbers of the schema's type.
    expect((stored.content as any).ProductList.Products[0]).toMatchObject({
      Summa: 10000000,
      VatRate: 0,
      LgotaId: 100001,
    });
  });

  it('keeps what a kind does not know: Didox’s extended copy of an act', () => {
    const view = readReceived('completionAct', readFileSync(`${DIR}/didox-completionAct.json`, 'utf8'));
    expect(view.extensions.map((e) => e.path)).toEqual(['/extended_json']);
    // Its line's total includes VAT (215.04 = 16 × 12 + 12 %): the rate is only in the extended copy,
    // so the total is not judged against a rate the line does not carry.
    expect((view.content as any).ProductList.Products[0]).toMatchObject({
      Count: 16,
      Summa: 12,
      TotalSum: 215.04,
    });
  });
});
