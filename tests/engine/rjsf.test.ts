// The form theme plugs the engine into RJSF; this proves both documented ways work without React.
import { readFileSync } from 'node:fs';
import { createSchemaUtils } from '@rjsf/utils';
import { createPrecompiledValidator, customizeValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import {
  ajvOptions,
  getKind,
  listKinds,
  loadPrecompiledValidateFunction,
  registerKeywords,
} from '../../src/engine';
import { loadFixtures } from './fixtures';

const invoice = JSON.parse(readFileSync('schemas/documents/invoice/fixtures/valid/01-standard.json', 'utf8'));
const bad = structuredClone(invoice);
bad.BuyerTin = bad.SellerTin;
bad.ProductList.Products[1].VatSum = 1;

const pairs = (errors: Array<{ name?: string; property?: string }>) =>
  errors.map((e) => [e.name, e.property]);

describe('RJSF validators with the engine keywords', () => {
  const { schema } = getKind('invoice');

  it('customizeValidator({ ajvOptionsOverrides: ajvOptions, extenderFn: registerKeywords })', () => {
    const validator = customizeValidator({ ajvOptionsOverrides: ajvOptions, extenderFn: registerKeywords });
    expect(validator.validateFormData(invoice, schema).errors).toEqual([]);
    const { errors } = validator.validateFormData(bad, schema);
    expect(pairs(errors)).toEqual(
      expect.arrayContaining([
        ['sellerNotBuyer', '.BuyerTin'],
        ['lineArithmetic', '.ProductList.Products.1.VatSum'],
      ]),
    );
  });

  it('createPrecompiledValidator({ [kind]: precompiled }, schema) — no eval, same errors', async () => {
    const validate = await loadPrecompiledValidateFunction('invoice');
    const validator = createPrecompiledValidator({ invoice: validate } as any, schema);
    expect(validator.validateFormData(invoice, schema).errors).toEqual([]);
    expect(pairs(validator.validateFormData(bad, schema).errors)).toEqual(
      expect.arrayContaining([
        ['sellerNotBuyer', '.BuyerTin'],
        ['lineArithmetic', '.ProductList.Products.1.VatSum'],
      ]),
    );
  });

  it('RJSF resolves every bundled schema and computes defaults for every valid fixture', () => {
    const validator = customizeValidator({ ajvOptionsOverrides: ajvOptions, extenderFn: registerKeywords });
    const fixtures = loadFixtures().filter((f) => f.valid);
    for (const group of ['documents', 'settings'] as const) {
      for (const { kind, schema: kindSchema } of listKinds(group)) {
        const utils = createSchemaUtils(validator, kindSchema);
        expect(utils.retrieveSchema(kindSchema).type, kind).toBe('object');
        for (const fixture of fixtures.filter((f) => f.kind === kind)) {
          expect(
            () => utils.getDefaultFormState(kindSchema, fixture.document as object),
            `${kind}/${fixture.name}`,
          ).not.toThrow();
          // RJSF passes no validation context, so deadlines count from the real clock.
          const errors = validator
            .validateFormData(fixture.document, kindSchema)
            .errors.filter((e) => e.name !== 'correctionDeadline');
          expect(errors, `${kind}/${fixture.name}`).toEqual([]);
        }
      }
    }
  });
});
