import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { waitFor } from '@testing-library/react';
import { getKind } from '../../../src/engine';

/** A long form mounts its first screen first (theme/progressiveMount.ts): waits for the rest. */
export async function formMounted(): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('[aria-busy="true"]')) throw new Error('the form is still mounting');
  });
}

/** A form holding only the invoice's product lines (the real line schema and table options). */
export function productsOnly(): { schema: RJSFSchema; uiSchema: UiSchema } {
  const invoice = getKind('invoice');
  const schema = invoice.schema as RJSFSchema & { $defs: Record<string, unknown> };
  const products = (schema.properties as any).ProductList.properties.Products;
  return {
    schema: { type: 'object', $defs: schema.$defs, properties: { Products: products } } as RJSFSchema,
    uiSchema: { Products: invoice.ui.ProductList.Products },
  };
}

export function line(n: number, overrides: Record<string, unknown> = {}) {
  return {
    OrdNo: n,
    CatalogCode: '00902001001031001',
    CatalogName: 'Зеленый чай',
    Name: `Товар ${n}`,
    PackageCode: '1392342',
    PackageName: 'шт.',
    Count: 2,
    Summa: 1000,
    DeliverySum: 2000,
    VatRate: 12,
    VatSum: 240,
    DeliverySumWithVat: 2240,
    WithoutVat: false,
    Origin: 2,
    ...overrides,
  };
}
