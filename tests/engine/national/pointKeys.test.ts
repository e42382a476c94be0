import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkNationalExport, readReceived, toNationalJson } from '../../../src/engine/national';

/**
 * Issue 28 item 8: the hybrid invoice's loading and unloading points were exported with the shared
 * definition's lower-camel keys (`regionId`), where the operators write PascalCase (`RegionId`: Didox's
 * published hybrid invoice, data/operator-examples/didox-hybridInvoice.json). The waybill's points stay
 * lower-camel: that is how Didox's published waybill writes them (didox-waybill.json).
 */
const repo = join(__dirname, '../../..');
const json = (path: string) => JSON.parse(readFileSync(join(repo, path), 'utf8'));
const hybrid = json('schemas/documents/hybridInvoice/fixtures/valid/01-standard.json');
const waybill = json('schemas/documents/waybill/fixtures/valid/01-car-seller-to-buyer.json');
const operatorHybrid = json('data/operator-examples/didox-hybridInvoice.json');
const operatorWaybill = json('data/operator-examples/didox-waybill.json');

const keysOf = (value: unknown) => Object.keys(value as object).sort();
const firstGroup = (doc: Record<string, any>) => doc.Roadway.ProductGroups[0];

describe('loading and unloading point keys in the national export', () => {
  it("the hybrid invoice's points are exported as the operator writes them (PascalCase) and pass the export check", () => {
    const exported = JSON.parse(toNationalJson('hybridInvoice', hybrid));
    for (const point of ['LoadingPoint', 'UnloadingPoint']) {
      const keys = keysOf(firstGroup(exported)[point]);
      expect(
        keys.every((key) => /^[A-Z]/.test(key)),
        `${point}: ${keys}`,
      ).toBe(true);
      // Every key the operator's example writes too is spelt the same way.
      const theirs = Object.keys(firstGroup(operatorHybrid)[point]);
      const shared = keys.filter((key) => theirs.some((other) => other.toLowerCase() === key.toLowerCase()));
      expect(shared.length).toBeGreaterThanOrEqual(4);
      for (const key of shared) expect(theirs).toContain(key);
    }
    expect(
      checkNationalExport('hybridInvoice', toNationalJson('hybridInvoice', hybrid), { now: '2025-06-10' }),
    ).toEqual([]);
  });

  it("the waybill's points keep the lower-camel keys of the operator's published waybill", () => {
    const exported = JSON.parse(toNationalJson('waybill', waybill));
    const group = exported.Roadway.ProductGroups[0];
    const operator = operatorWaybill.Roadway.ProductGroups[0];
    for (const point of ['LoadingPoint', 'UnloadingPoint']) {
      const theirs = Object.keys(operator[point]);
      const shared = Object.keys(group[point]).filter((key) =>
        theirs.some((o) => o.toLowerCase() === key.toLowerCase()),
      );
      expect(shared.length).toBeGreaterThanOrEqual(3);
      for (const key of shared) expect(theirs).toContain(key);
    }
  });

  it('both spellings are read on import, to the same stored content', () => {
    const pascal = toNationalJson('hybridInvoice', hybrid);
    const camel = JSON.stringify(
      JSON.parse(pascal, (key, value) => {
        // The same document as the shared definition spells its points (lower-camel).
        if ((key === 'LoadingPoint' || key === 'UnloadingPoint') && value && typeof value === 'object')
          return Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v]),
          );
        return value;
      }),
    );
    expect(camel).not.toBe(pascal);
    const fromPascal = readReceived('hybridInvoice', pascal);
    const fromCamel = readReceived('hybridInvoice', camel);
    for (const view of [fromPascal, fromCamel]) {
      expect(view.recognized).toBe(true);
      expect(view.extensions).toEqual([]);
      expect(firstGroup(view.content!).LoadingPoint).toEqual(firstGroup(hybrid).LoadingPoint);
    }
  });
});
