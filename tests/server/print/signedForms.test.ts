// The PDF of real signed documents: an invoice, a waybill and a power of attorney taken through
// their life cycles with the demo keys (every party signs), fetched from Document/generateDocumentToPdf
// and read back — one stamp per signature event and the QR. With PRINT_RENDERS=1
// the first pages are also rendered to docs/screenshots/print/ (pdftoppm) for people to look at.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locale } from '../../../src/engine/constants';
import { translate } from '../../../src/server/i18n';
import {
  act,
  createExchangeFixture,
  type ExchangeFixture,
  PARTIES,
  type SignedIn,
  signIn,
  view,
} from '../documents/exchange';
import { type KindCase, kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';
import { pdfQrCodes, pdfText } from '../pdf/pdfTools';
import { draftOf, get } from './printed';

/** Actions that take a document forward (never a refusal or a return), in the order they come. */
const FORWARD = ['send', 'agentAccept', 'accountantAccept', 'responsibleAccept', 'responsibleGive', 'accept'];
const SHOTS = path.resolve(__dirname, '../../../docs/screenshots/print');
const ARCHIVES = path.resolve(__dirname, '../../../test-results/print');
const CASES: Array<{ kind: string; lang: Locale }> = [
  { kind: 'invoice', lang: 'ru' },
  { kind: 'waybill', lang: 'uz' },
  { kind: 'empowerment', lang: 'en' },
];

let fixture: ExchangeFixture;
const cases = new Map<string, KindCase>();
beforeAll(async () => {
  fixture = await createExchangeFixture();
  for (const { kind } of CASES) cases.set(kind, (await kindCases(kind))[0]);
}, 120_000);
afterAll(() => fixture?.dispose());

const squeeze = (text: string) => text.replace(/\s+/g, '');

withDatabases(
  'the PDF of signed documents',
  (ctx: TestContext) => {
    const tokens = new Map<string, SignedIn>();
    beforeAll(async () => {
      for (const party of PARTIES) tokens.set(party.identity, await signIn(ctx, fixture, party));
    }, 120_000);

    /** Every party in turn takes the forward actions the server offers it, until none is left. */
    async function signThrough(c: KindCase, id: string): Promise<string[]> {
      const holders = Object.values(c.holders).flat() as Array<{ identity: string }>;
      const taken: string[] = [];
      for (let step = 0; step < 12; step++) {
        let acted = false;
        for (const holder of holders) {
          const who = tokens.get(holder.identity)!;
          const res = await view(ctx, who, id);
          if (res.statusCode !== 200) continue;
          const offered = (res.json().data.actions as Array<{ name: string; kind: string }>)
            .filter((a) => a.kind === 'sign' && FORWARD.includes(a.name))
            .sort((a, b) => FORWARD.indexOf(a.name) - FORWARD.indexOf(b.name));
          if (!offered.length) continue;
          const done = await act(ctx, fixture, who, id, offered[0].name);
          expect(done.statusCode, `${c.kind} ${offered[0].name}: ${done.body}`).toBe(200);
          taken.push(offered[0].name);
          acted = true;
          break;
        }
        if (!acted) return taken;
      }
      return taken;
    }

    it.each(CASES)(
      '$kind ($lang): every signature event is a stamp (its word and certificate serial); the QR to its verification page',
      async ({ kind, lang }) => {
        const c = cases.get(kind)!;
        const sender = tokens.get(c.holders.sender![0].identity)!;
        const id = await draftOf(ctx, sender, c);
        const taken = await signThrough(c, id);
        expect(taken.length, `${kind}: ${taken.join(', ')}`).toBeGreaterThanOrEqual(2);

        const res = await get(
          ctx,
          sender,
          `/api/Document/generateDocumentToPdf?documentId=${id}&lang=${lang}`,
        );
        expect(res.statusCode).toBe(200);
        const pdf = res.rawPayload;
        const text = squeeze(pdfText(pdf));
        for (const action of taken)
          expect(text, `${kind} stamp of ${action}`).toContain(
            squeeze(translate(lang, `print:stamp.${action}`)),
          );
        const viewed = (await view(ctx, sender, id)).json().data;
        for (const signature of viewed.signatures) expect(text).toContain(signature.serialDec);
        expect(pdfQrCodes(pdf)[0]).toMatch(new RegExp(`/verify/${id}\\?k=`));

        if (process.env.PRINT_RENDERS) {
          const base = path.join(SHOTS, `${kind}-${lang}-signed`);
          fs.writeFileSync(`${base}.pdf`, pdf);
          execFileSync('pdftoppm', ['-r', '90', '-png', `${base}.pdf`, base]);
          fs.rmSync(`${base}.pdf`);
          // The signed archive beside it, for `npm run verify:archive` (test-results/ is not kept).
          const archive = await get(ctx, sender, `/api/Document/getArchive?documentId=${id}`);
          fs.mkdirSync(ARCHIVES, { recursive: true });
          fs.writeFileSync(path.join(ARCHIVES, `${kind}.zip`), archive.rawPayload);
        }
      },
      // Up to six signatures, each verified and timestamped, and a PDF read back three ways.
      180_000,
    );
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);
