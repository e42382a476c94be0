// A line's marks as one text: in full in a spreadsheet cell (read back to the same marks), in short
// on the printed form (count and serials by GTIN, the rest counted).
import { describe, expect, it } from 'vitest';
import { getKind } from '../../../src/engine';
import { schemaAtPath } from '../../../src/engine/bundle';
import { GS } from '../../../src/engine/marking';
import {
  marksFromCellText,
  marksPrintText,
  marksToCellText,
  PRINTED_CODES,
} from '../../../src/engine/marking/textForm';
import { textFormOf } from '../../../src/engine/textForms';
import { consumerCode, GTIN, serialOf, ssccCode } from './codes';

const t = (key: string, params?: Record<string, unknown>) =>
  params?.n !== undefined ? `${key}(${params.n})` : key;

describe('marks as a cell text', () => {
  it('reads back what it writes, every level', () => {
    const marks = {
      ProductType: 2,
      KIZ: [consumerCode(1), consumerCode(2)],
      NomUpak: [consumerCode(3)],
      IdentTransUpak: [ssccCode(1)],
    };
    const text = marksToCellText(marks);
    expect(text).not.toContain(GS);
    expect(text.split('\n')[0]).toBe('[ProductType] 2');
    expect(marksFromCellText(text)).toEqual(marks);
  });

  it('reads what people paste: no heading means consumer codes, GS substitutes, the bracketed form', () => {
    const [a, b] = [consumerCode(1), consumerCode(2)];
    const bracketed = `(01)${GTIN}(21)${serialOf(2)}(93)${b.slice(-4)}`;
    expect(marksFromCellText(`[ProductType]1 ${a.replace(GS, '<GS>')}\r\n${bracketed}`)).toEqual({
      ProductType: 1,
      KIZ: [a, b],
    });
  });

  it('keeps a code the rule refuses as written, for the validator to name', () => {
    const broken = `01${GTIN.slice(0, 13)}921ABC${GS}93abcd`;
    expect(marksFromCellText(`[ProductType] 1 [KIZ] ${broken}`)).toEqual({ ProductType: 1, KIZ: [broken] });
  });

  it('an empty cell is no marks', () => {
    expect(marksFromCellText('  \n ')).toBeNull();
    expect(marksToCellText(null)).toBe('');
  });

  it('is the form defs/marks.json names, found from the kinds schema', () => {
    const line = schemaAtPath(getKind('invoice').schema, '/ProductList/Products/0/Marks');
    expect(textFormOf(line)?.read).toBe(marksFromCellText);
  });
});

describe('marks on the printed form', () => {
  it('prints the type, the count per level and serials under their GTIN, without crypto tails', () => {
    const text = marksPrintText(
      { ProductType: 1, KIZ: [consumerCode(1), consumerCode(2)], IdentTransUpak: [ssccCode(4)] },
      t,
    );
    expect(text).toBe(
      `forms:enums.ProductType.1. forms:marks.KIZ — 2: ${GTIN}: ${serialOf(1)} ${serialOf(2)}. forms:marks.IdentTransUpak — 1: ${ssccCode(4).slice(2)}`,
    );
    expect(text).not.toContain('93k9Z');
  });

  it('lists the first codes of a long list and counts the rest', () => {
    const codes = Array.from({ length: 500 }, (_, i) => consumerCode(i + 1));
    const text = marksPrintText({ ProductType: 1, KIZ: codes }, t);
    expect(text).toContain('forms:marks.KIZ — 500:');
    expect(text).toContain(serialOf(PRINTED_CODES));
    expect(text).not.toContain(serialOf(PRINTED_CODES + 1));
    expect(text.endsWith(`print:marksMore(${500 - PRINTED_CODES})`)).toBe(true);
  });
});
