// A VAT-exempt line prints no rate: every kind whose print has a VAT rate column for lines that carry
// a without-VAT flag (found from the schemas' lineArithmetic and the print layouts, no kind named
// here) prints "Без НДС" / "QQSsiz" / "Without VAT" in the rate column of an exempt line and a zero
// VAT sum, even though the line still holds the rate the form had (12) — as operators print it.
import { describe, expect, it } from 'vitest';
import { computeDocument, getKind } from '../../src/engine';
import { schemaAtPath } from '../../src/engine/bundle';
import { readPath } from '../../src/engine/keywords/pointer';
import type { LineMapping } from '../../src/engine/lines';
import { buildPrintModel, printLayoutOf } from '../../src/engine/print';
import { translate } from '../../src/server/i18n';
import { loadFixtures } from './fixtures';

interface ExemptCase {
  kind: string;
  rows: string;
  mapping: LineMapping;
  document: Record<string, any>;
}

const cases: ExemptCase[] = loadFixtures()
  .filter((f) => f.valid && f.name.startsWith('01'))
  .flatMap((fixture) => {
    const kind = getKind(fixture.kind);
    let layout: ReturnType<typeof printLayoutOf>;
    try {
      layout = printLayoutOf(fixture.kind);
    } catch {
      return [];
    }
    return (layout.tables ?? []).flatMap((table) => {
      if (table.each) return [];
      const mapping = schemaAtPath(kind.schema, table.rows)?.lineArithmetic as LineMapping | undefined;
      if (!mapping?.withoutVat || !mapping.vatRate) return [];
      if (!table.columns.some((column) => column.fields.includes(mapping.vatRate!))) return [];
      const lines = readPath(fixture.document, table.rows);
      if (!Array.isArray(lines) || lines.length === 0) return [];
      return [
        { kind: fixture.kind, rows: table.rows, mapping, document: structuredClone(fixture.document) as any },
      ];
    });
  });

const EXEMPT = { ru: 'Без НДС', uz: 'QQSsiz', en: 'Without VAT' } as const;

describe('a VAT-exempt line on the print', () => {
  it('covers every kind whose print has a VAT rate column (the invoices, the contract, the acts)', () => {
    expect(cases.map((c) => c.kind)).toEqual(
      expect.arrayContaining([
        'invoice',
        'oneSidedInvoice',
        'contract',
        'actGoodsAcceptance',
        'completionAct',
      ]),
    );
  });

  for (const c of cases) {
    for (const lang of ['ru', 'uz', 'en'] as const) {
      it(`${c.kind} (${lang}): the rate column reads "${EXEMPT[lang]}", the VAT sum zero`, () => {
        const document = structuredClone(c.document);
        const line = (readPath(document, c.rows) as Array<Record<string, any>>)[0];
        line[c.mapping.withoutVat!] = true;
        line[c.mapping.vatRate!] = 12;
        const computed = computeDocument(c.kind, document) as Record<string, any>;
        const model = buildPrintModel({
          kind: c.kind,
          content: computed,
          lang,
          t: (key, params) => translate(lang, key, params),
        });
        const table = model.tables.find((t) => t.pointer === c.rows)!;
        const at = (field: string) => {
          const index = table.columns.findIndex((col) => col.key.split('+').includes(field));
          const fields = table.columns[index].key.split('+');
          return table.rows[0][index][fields.indexOf(field)];
        };
        const rate = at(c.mapping.vatRate!);
        expect(rate).toBe(EXEMPT[lang]);
        expect(rate).not.toMatch(/12/);
        if (c.mapping.vatSum) expect(at(c.mapping.vatSum)).toMatch(/^0([.,\u202f]0+)?$/);
      });
    }
  }
});
