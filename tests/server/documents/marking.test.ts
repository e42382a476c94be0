// Marking codes on the API, both databases: a document with a broken code or a package named twice
// is refused on add and on send with the rule's message; codes that do not match the quantity are kept
// in a draft and refused on send; POST /api/Document/checkMarkingCodes answers the registry's view
// (the demo registry here, labelled demo) for the form's content or a stored document the caller
// sees, and 503 when no registry is configured.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { GS } from '../../../src/engine/marking';
import { checkDocumentCodes } from '../../../src/server/services/marking/check';
import { DemoMarkingRegistry } from '../../../src/server/services/marking/demo/demoRegistry';
import { askMarkingRegistry } from '../../../src/server/services/marking/instance';
import { MarkingServiceError } from '../../../src/server/services/marking/types';
import { consumerCode, GTIN, serialOf, ssccCode, withCheckDigit } from '../../engine/marking/codes';
import { type TestContext, withDatabases } from '../harness';
import {
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  ORG1,
  ORG2,
  type SignedIn,
  signIn,
} from './exchange';

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
}, 120_000);
afterAll(() => fixture?.dispose());

const BLOCK = withCheckDigit('0478008355003');
const blockCode = (n: number, prefix = '') => `01${BLOCK}21${(prefix + serialOf(n)).slice(0, 7)}${GS}93b1Ck`;

/** An invoice of ORG1 to ORG2 whose first line is marked: `count` units at 18,000. */
function markedInvoice(number: string, marks: unknown, count: number) {
  const line = invoice.ProductList.Products[0];
  const deliverySum = count * 18000;
  const vatSum = Math.round(deliverySum * 0.12 * 100) / 100;
  return {
    ...invoice,
    FacturaId: '',
    FacturaDoc: { FacturaNo: number, FacturaDate: invoice.FacturaDoc.FacturaDate },
    SellerTin: ORG1.identity,
    BuyerTin: ORG2.identity,
    HasMarking: true,
    ProductList: {
      ...invoice.ProductList,
      Tin: ORG1.identity,
      Products: [
        {
          ...line,
          Count: count,
          Summa: 18000,
          DeliverySum: deliverySum,
          VatRate: 12,
          VatSum: vatSum,
          DeliverySumWithVat: deliverySum + vatSum,
          WithoutVat: false,
          Marks: marks,
        },
      ],
    },
  };
}

const marksPath = '/ProductList/Products/0/Marks';

withDatabases(
  'marking codes on the API',
  (ctx: TestContext) => {
    let a: SignedIn;
    let b: SignedIn;
    beforeAll(async () => {
      a = await signIn(ctx, fixture, ORG1);
      b = await signIn(ctx, fixture, ORG2);
    }, 60_000);

    const check = (who: SignedIn, body: unknown, documentId?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/Document/checkMarkingCodes?kind=invoice${documentId ? `&documentId=${documentId}` : ''}`,
        headers: auth(who),
        payload: body as object,
      });

    it('refuses a broken code and a repeated package on add, with the reason, at the code', async () => {
      const good = consumerCode(1);
      const badDigit = `${good.slice(0, 15)}${(Number(good[15]) + 1) % 10}${good.slice(16)}`;
      const broken = await addDraft(
        ctx,
        a,
        'invoice',
        markedInvoice('MK-1', { ProductType: 1, KIZ: [good, badDigit] }, 2),
      );
      expect(broken.statusCode, broken.body).toBe(400);
      expect(broken.json().errors).toContainEqual(
        expect.objectContaining({
          keyword: 'markingCode',
          path: `${marksPath}/KIZ/1`,
          message: expect.stringMatching(/^Неверный код маркировки .+: контрольная цифра GTIN не сходится$/),
        }),
      );
      const repeated = await addDraft(
        ctx,
        a,
        'invoice',
        markedInvoice(
          'MK-2',
          { ProductType: 1, KIZ: [good, `(01)${GTIN}(21)${good.slice(18, 25)}(93)k9ZB`] },
          2,
        ),
      );
      expect(repeated.statusCode, repeated.body).toBe(400);
      expect(repeated.json().errors).toContainEqual(
        expect.objectContaining({
          keyword: 'markingCodes',
          path: `${marksPath}/KIZ/1`,
          message: expect.stringContaining('уже указан в документе (строка 1)'),
        }),
      );
    });

    it('keeps a draft whose codes do not yet match the quantity and refuses to send it', async () => {
      const added = await addDraft(
        ctx,
        a,
        'invoice',
        markedInvoice('MK-3', { ProductType: 1, KIZ: [consumerCode(7)] }, 2),
      );
      expect(added.statusCode, added.body).toBe(200);
      const model = await getModelSign(ctx, a, added.json().data.id, 'send');
      expect(model.statusCode, model.body).toBe(400);
      expect(model.json().errors).toContainEqual(
        expect.objectContaining({
          keyword: 'markingCount',
          path: marksPath,
          message: 'Кодов потребительских упаковок 1, а количество в строке 2',
        }),
      );
    });

    it('checks the form’s codes in the demo registry: statuses, blocks resolved to units, labelled demo', async () => {
      const blocks = [blockCode(1), blockCode(2), blockCode(3, '?'), blockCode(4, '*')];
      const res = await check(a, markedInvoice('MK-4', { ProductType: 1, NomUpak: blocks }, 4));
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        registry: 'demo',
        demo: true,
        owner: ORG1.identity,
        checked: 4,
        valid: 2,
        problems: 2,
      });
      expect(data.codes).toEqual([
        expect.objectContaining({ path: `${marksPath}/NomUpak/2`, status: 'retired', level: 'group' }),
        expect.objectContaining({ path: `${marksPath}/NomUpak/3`, status: 'otherOwner' }),
      ]);
      expect(data.lines).toEqual([
        expect.objectContaining({ path: marksPath, units: 4, countMatches: true }),
      ]);
      // two transport packages of 50 blocks each against a line of 100 blocks
      const boxes = await check(
        a,
        markedInvoice('MK-5', { ProductType: 1, IdentTransUpak: [ssccCode(1), ssccCode(2)] }, 100),
      );
      expect(boxes.json().data.lines[0]).toMatchObject({ units: 100, countMatches: true });
      const short = await check(
        a,
        markedInvoice('MK-6', { ProductType: 1, IdentTransUpak: [ssccCode(1)] }, 100),
      );
      expect(short.json().data.lines[0]).toMatchObject({ units: 50, countMatches: false });
    });

    it('checks a stored document the caller sees; another organisation’s is 404', async () => {
      const added = await addDraft(
        ctx,
        a,
        'invoice',
        markedInvoice('MK-7', { ProductType: 1, KIZ: [consumerCode(20, GTIN), consumerCode(21)] }, 2),
      );
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json().data.id;
      const own = await check(a, {}, id);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data).toMatchObject({ checked: 2, valid: 2, problems: 0 });
      expect((await check(b, {}, id)).statusCode).toBe(404);
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);

it('reports codes refused by the rules without asking the registry, and 503 without a registry', async () => {
  const asked: string[] = [];
  const registry = new DemoMarkingRegistry();
  const spy = {
    kind: 'demo' as const,
    check: (codes: Parameters<typeof registry.check>[0]) => {
      asked.push(...codes.map((c) => c.code));
      return registry.check(codes);
    },
  };
  const good = consumerCode(30);
  const result = await checkDocumentCodes(
    spy,
    'invoice',
    markedInvoice('MK-8', { ProductType: 1, KIZ: [good, good, 'nonsense'] }, 3),
  );
  expect(asked).toEqual([good]);
  expect(result.codes.map((c) => [c.status, c.reason])).toEqual([
    ['duplicate', undefined],
    ['invalid', 'structure'],
  ]);
  const unconfigured = {
    kind: 'unconfigured' as const,
    check: async () => {
      throw new MarkingServiceError('unconfigured', 'x');
    },
  };
  await expect(
    askMarkingRegistry(() => checkDocumentCodes(unconfigured, 'invoice', {})),
  ).rejects.toMatchObject({
    statusCode: 503,
    code: 'MARKING_NOT_CONFIGURED',
  });
});
