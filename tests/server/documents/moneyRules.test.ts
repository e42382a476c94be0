// Issue 26 on the API, on both databases: a document date after today and a negative or zero
// quantity or price are refused by Document/add and by the send (getModelSign and run) for every kind
// (cases from each kind's data, tests/engine/moneyRuleCases.ts); a copy gets no number and today's
// date; a duplicate of a document already sent is refused on send, named, and found for the form's
// warning — within the caller's organisation only — and of two duplicates sent at once one wins.
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { tashkentDay } from '../../../src/engine/keywords/dates';
import { getLifecycle, lifecycleKinds, readOne, writeOne } from '../../../src/engine/lifecycle';
import type { Db } from '../../../src/server/db/client';
import { loadFixtures } from '../../engine/fixtures';
import {
  concrete,
  type LineField,
  lineFields,
  linePath,
  refusingKeyword,
  tashkentDayAfter,
  withLineValue,
} from '../../engine/moneyRuleCases';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  getModelSign,
  ORG1,
  ORG2,
  ORG3,
  PARTIES,
  run,
  type SignedIn,
  signBytes,
  signIn,
  view,
} from './exchange';
import { type KindCase, kindCases } from './kindContent';

let fixture: ExchangeFixture;
const cases: KindCase[] = [];
/** The documents' clock (config.documentsClock): moved back to make a saved date lie ahead. */
let clockShift = 0;
const documentsClock = () => new Date(Date.now() + clockShift);
beforeAll(async () => {
  fixture = await createExchangeFixture();
  for (const kind of lifecycleKinds()) cases.push((await kindCases(kind))[0]);
}, 120_000);
afterAll(() => fixture?.dispose());

const invoiceOf = (number: string, buyer = ORG2.identity, date = invoice.FacturaDoc.FacturaDate) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { FacturaNo: number, FacturaDate: date },
  SellerTin: ORG1.identity,
  BuyerTin: buyer,
  ProductList: { ...invoice.ProductList, Tin: ORG1.identity },
});

const validFixtures = loadFixtures().filter((f) => f.valid);

/** The case's content with lines in the field's array: its own, or those of a fixture that has some. */
function withLines(c: KindCase, line: LineField): unknown {
  const pointer = concrete(line.array);
  const own = readOne(c.content, pointer);
  if (Array.isArray(own) && own.length) return c.content;
  const lines = validFixtures
    .filter((f) => f.kind === c.kind)
    .map((f) => readOne(f.document, pointer))
    .find((found) => Array.isArray(found) && found.length);
  return lines ? writeOne(c.content, pointer, lines) : c.content;
}

/** The keyword and path of every field error of an answer. */
const fieldErrors = (body: { errors?: Array<{ keyword?: string; path: string }> }) =>
  (body.errors ?? []).map((e) => ({ keyword: e.keyword, path: e.path }));

withDatabases(
  'money-costing rules on the API',
  (ctx: TestContext) => {
    const tokens = new Map<string, SignedIn>();
    const who = (party: { identity: string }) => tokens.get(party.identity)!;
    let a: SignedIn;
    let b: SignedIn;
    beforeAll(async () => {
      for (const party of PARTIES) tokens.set(party.identity, await signIn(ctx, fixture, party));
      a = who(ORG1);
      b = who(ORG2);
    }, 60_000);

    const today = () => tashkentDay(documentsClock());
    const senderOf = (c: KindCase) => who(c.holders.sender![0]);
    const dated = (c: KindCase, date: string) =>
      writeOne(c.content, getLifecycle(c.kind).document.date!, date);

    it('refuses a document dated after today on add, for every kind', async () => {
      expect(cases.map((c) => c.kind).sort()).toEqual([...lifecycleKinds()].sort());
      for (const c of cases) {
        const pointer = getLifecycle(c.kind).document.date!;
        const res = await addDraft(ctx, senderOf(c), c.kind, dated(c, tashkentDayAfter(new Date(), 2)));
        expect(res.statusCode, `${c.kind}: ${res.body}`).toBe(400);
        expect(fieldErrors(res.json()), c.kind).toContainEqual({ keyword: 'notAfterToday', path: pointer });
        const message = res
          .json()
          .errors.find((e: { keyword: string }) => e.keyword === 'notAfterToday').message;
        expect(message).toBe('Дата документа не может быть позже сегодняшнего дня');
        // Its own (past) date passes: only the future is refused (today itself: tests/engine/moneyRules).
        const ok = await addDraft(ctx, senderOf(c), c.kind, c.content);
        expect(ok.statusCode, `${c.kind} dated ${readOne(c.content, pointer)}: ${ok.body}`).toBe(200);
      }
    });

    it('refuses on send a draft whose date is after today by then (getModelSign and run)', async () => {
      try {
        for (const c of cases) {
          const sender = senderOf(c);
          const number = `FUT-${c.kind}`;
          const content = writeOne(c.content, getLifecycle(c.kind).document.number, number);
          const added = await addDraft(ctx, sender, c.kind, content);
          expect(added.statusCode, `${c.kind}: ${added.body}`).toBe(200);
          const id = added.json().data.id;
          const model = await getModelSign(ctx, sender, id, 'send');
          expect(model.statusCode, `${c.kind}: ${model.body}`).toBe(200);
          const signature = await signBytes(fixture, sender.keyId, model.json().data.toSign);
          // The clock goes back to two days before the document's date: that date now lies ahead.
          const date = readOne(content, getLifecycle(c.kind).document.date!) as string;
          clockShift = new Date(`${date}T12:00:00+05:00`).getTime() - 2 * 86_400_000 - Date.now();
          const pointer = getLifecycle(c.kind).document.date!;
          const refusedModel = await getModelSign(ctx, sender, id, 'send');
          expect(refusedModel.statusCode, `${c.kind}: ${refusedModel.body}`).toBe(400);
          expect(fieldErrors(refusedModel.json())).toContainEqual({
            keyword: 'notAfterToday',
            path: pointer,
          });
          const refusedRun = await run(ctx, sender, { documentId: id, action: 'send', signature });
          expect(refusedRun.statusCode, `${c.kind}: ${refusedRun.body}`).toBe(400);
          expect(fieldErrors(refusedRun.json())).toContainEqual({ keyword: 'notAfterToday', path: pointer });
          clockShift = 0;
          expect((await view(ctx, sender, id)).json().data.status).toBe(getLifecycle(c.kind).initial);
        }
      } finally {
        clockShift = 0;
      }
    }, 120_000);

    it('refuses a negative or zero quantity or price on add, for every line of every kind', async () => {
      const tested = new Set<string>();
      for (const line of lineFields()) {
        const c = cases.find((x) => x.kind === line.kind)!;
        for (const value of [-5600, 0]) {
          const content = withLineValue(line, withLines(c, line), value);
          if (content === null) continue; // this kind's case fills another line array
          const res = await addDraft(ctx, senderOf(c), c.kind, content);
          expect(res.statusCode, `${line.kind} ${line.field}=${value}: ${res.body}`).toBe(400);
          expect(fieldErrors(res.json())).toContainEqual({
            keyword: refusingKeyword(line),
            path: linePath(line),
          });
          tested.add(`${line.kind}/${line.role}`);
        }
      }
      const kinds = new Set(lineFields().map((line) => line.kind));
      for (const kind of kinds) {
        expect(tested.has(`${kind}/price`), `${kind} price`).toBe(true);
        expect(tested.has(`${kind}/quantity`), `${kind} quantity`).toBe(true);
      }
    });

    it('gives a copy no number and today’s date (Document/copyDocument and getDocumentCopy)', async () => {
      const id = (await addDraft(ctx, a, 'invoice', invoiceOf('CP-1'))).json().data.id;
      expect((await act(ctx, fixture, a, id, 'send')).statusCode).toBe(200);
      const copy = await ctx.app.inject({
        method: 'POST',
        url: `/api/Document/copyDocument?documentId=${id}`,
        headers: auth(a),
      });
      expect(copy.statusCode, copy.body).toBe(200);
      const draft = (await view(ctx, a, copy.json().data.id)).json().data;
      expect(draft.content.FacturaDoc).toEqual({ FacturaNo: '', FacturaDate: today() });
      expect(draft.content.FacturaId).not.toBe((await view(ctx, a, id)).json().data.content.FacturaId);
      expect(draft.content.ProductList.Products).toEqual(
        (await view(ctx, a, id)).json().data.content.ProductList.Products,
      );
      const start = await ctx.app.inject({
        method: 'GET',
        url: `/api/Document/getDocumentCopy?documentId=${id}`,
        headers: auth(a),
      });
      expect(readOne(start.json().data.content, '/FacturaDoc')).toEqual({
        FacturaNo: '',
        FacturaDate: today(),
      });
    });

    const findDuplicate = (by: SignedIn, content: unknown, documentId?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/Document/findDuplicate?kind=invoice${documentId ? `&documentId=${documentId}` : ''}`,
        headers: auth(by),
        payload: content as object,
      });

    it('refuses on send a duplicate of a document already sent, naming it; warns the form first', async () => {
      const first = (await addDraft(ctx, a, 'invoice', invoiceOf('СФ-0471'))).json().data.id;
      expect((await findDuplicate(a, invoiceOf('СФ-0471'), first)).json().data).toEqual({ duplicate: null });
      expect((await act(ctx, fixture, a, first, 'send')).statusCode).toBe(200);
      const second = await addDraft(ctx, a, 'invoice', invoiceOf('СФ-0471'));
      expect(second.statusCode, 'a draft may repeat it (the form warns)').toBe(200);
      const secondId = second.json().data.id;

      const warned = (await findDuplicate(a, invoiceOf('СФ-0471'), secondId)).json().data.duplicate;
      expect(warned).toMatchObject({
        id: first,
        number: 'СФ-0471',
        date: invoice.FacturaDoc.FacturaDate,
        statusKey: 'waitingPartner',
      });

      const refused = await getModelSign(ctx, a, secondId, 'send');
      expect(refused.statusCode, refused.body).toBe(409);
      const body = refused.json();
      expect(body.code).toBe('DUPLICATE_DOCUMENT');
      const [y, m, d] = invoice.FacturaDoc.FacturaDate.split('-');
      expect(body.message).toContain('СФ-0471');
      expect(body.message).toContain(`${d}.${m}.${y}`);
      expect(body.message).toContain('Ожидает подписи контрагента');
      expect(body.errors[0]).toMatchObject({ path: '/FacturaDoc/FacturaNo', params: { documentId: first } });
      const uz = await ctx.app.inject({
        method: 'GET',
        url: `/api/DocumentSignAction/getModelSign?documentId=${secondId}&action=send`,
        headers: auth(a, { 'accept-language': 'uz' }),
      });
      expect(uz.json().message).toContain(`${d}/${m}/${y}`);
      const ok = await ctx.app.inject({
        method: 'GET',
        url: `/api/Document/isDocumentOkToSign?documentUid=${secondId}`,
        headers: auth(a),
      });
      expect(ok.json().data.ok).toBe(false);

      // Another number, another date, another buyer: not a duplicate.
      for (const other of [
        invoiceOf('СФ-0472'),
        invoiceOf('СФ-0471', ORG2.identity, '2025-06-09'),
        invoiceOf('СФ-0471', ORG3.identity),
      ]) {
        const id = (await addDraft(ctx, a, 'invoice', other)).json().data.id;
        expect((await act(ctx, fixture, a, id, 'send')).statusCode, JSON.stringify(other.FacturaDoc)).toBe(
          200,
        );
      }

      // Once the buyer rejected the first, it no longer stands: the corrected one goes out.
      expect((await act(ctx, fixture, b, first, 'reject', { reason: 'Narx xato' })).statusCode).toBe(200);
      expect((await findDuplicate(a, invoiceOf('СФ-0471'), secondId)).json().data).toEqual({
        duplicate: null,
      });
      expect((await act(ctx, fixture, a, secondId, 'send')).statusCode).toBe(200);
    });

    it('never reveals another organisation’s documents', async () => {
      // ORG3 asks about a content identical to ORG1's sent one: nothing of ORG1's is found.
      const res = await findDuplicate(who(ORG3), invoiceOf('СФ-0471'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ duplicate: null });
      // ORG2 (the buyer) likewise.
      expect((await findDuplicate(b, invoiceOf('СФ-0471'))).json().data).toEqual({ duplicate: null });
    });

    it('of two duplicates sent at once, exactly one wins (the unique key, past the early check)', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 2; i++)
        ids.push((await addDraft(ctx, a, 'invoice', invoiceOf('RACE-1'))).json().data.id as string);
      const signatures: string[] = [];
      for (const id of ids) {
        const model = await getModelSign(ctx, a, id, 'send');
        expect(model.statusCode, model.body).toBe(200);
        signatures.push(await signBytes(fixture, a.keyId, model.json().data.toSign));
      }
      // Both runs pass their checks before either transaction starts: the database decides.
      const appDb = ctx.app.db;
      const realTransaction = appDb.transaction;
      let waiting: Array<() => void> = [];
      const barrier = () =>
        new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 2) {
            for (const release of waiting) release();
            waiting = [];
          }
        });
      appDb.transaction = async <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
        await barrier();
        return realTransaction.call(appDb, fn) as Promise<T>;
      };
      try {
        const answers = await Promise.all(
          ids.map((id, i) => run(ctx, a, { documentId: id, action: 'send', signature: signatures[i] })),
        );
        const codes = answers.map((res) => res.statusCode).sort();
        expect(codes, answers.map((res) => res.body).join('\n')).toEqual([200, 409]);
        const lost = answers.find((res) => res.statusCode === 409)!.json();
        expect(lost.code).toBe('DUPLICATE_DOCUMENT');
        const won = ids[answers.findIndex((res) => res.statusCode === 200)];
        expect(lost.errors[0].params.documentId).toBe(won);
        const lostId = ids[answers.findIndex((res) => res.statusCode === 409)];
        expect((await view(ctx, a, lostId)).json().data.status).toBe(0);
      } finally {
        appDb.transaction = realTransaction;
      }
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
      documentsClock,
    },
  },
);
