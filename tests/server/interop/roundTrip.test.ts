// Issue 19's acceptance: a document signed by demo organisation 1 on one Hujjat, exported as another
// operator would receive it (DocumentContent/getJson and its CMS from the signed archive), then imported
// as received by demo organisation 2 on another Hujjat (its own database) through
// Synchronize/importDocuments — its signature verified and shown as valid there.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/db/seeds';
import { verifyEventChain } from '../../../src/server/services/documents';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  type SignedIn,
  signIn,
  view,
} from '../documents/exchange';
import { kindCases } from '../documents/kindContent';
import { databaseKinds, openTestDatabase, type TestContext, testConfig } from '../harness';

let fixture: ExchangeFixture;
const opened: Array<{ ctx: TestContext; dispose(): Promise<void> }> = [];

/** One Hujjat: its own database (migrated, demo seed), its own app, trusting the same demo CA. */
async function instance(kind: TestContext['kind']): Promise<TestContext> {
  const database = await openTestDatabase(kind);
  await migrate(database.db);
  await seedDemo(database.db);
  const appDb: Db = { ...database.db, close: async () => {} };
  const app = await buildApp(testConfig(fixture.config), { db: appDb, logger: false });
  await app.ready();
  const ctx: TestContext = { kind, app, db: database.db };
  opened.push({
    ctx,
    async dispose() {
      await app.close();
      await database.dispose();
    },
  });
  return ctx;
}

beforeAll(async () => {
  fixture = await createExchangeFixture();
}, 120_000);
afterAll(async () => {
  for (const { dispose } of opened.reverse()) await dispose();
  await fixture?.dispose();
});

// The receiving Hujjat runs on each available database; the sending one on PGlite.
for (const receiverKind of databaseKinds()) {
  describe(`export from one Hujjat, import as received on another [receiver: ${receiverKind}]`, () => {
    let sender: TestContext;
    let receiver: TestContext;
    let org1: SignedIn;
    let org2There: SignedIn;
    beforeAll(async () => {
      sender = await instance('pglite');
      receiver = await instance(receiverKind);
      org1 = await signIn(sender, fixture, ORG1);
      org2There = await signIn(receiver, fixture, ORG2);
    }, 120_000);

    it('an invoice sent by organisation 1 arrives at organisation 2 with a valid signature', async () => {
      // On the sender's Hujjat: organisation 1 makes an invoice to organisation 2 and signs it.
      const cases = await kindCases('invoice');
      // (without an agent: the buyer's own turn comes next)
      const base = cases.find((c) => c.variant === 'minimal') ?? cases[0];
      expect(base.holders.sender?.[0]).toEqual(ORG1);
      expect(base.holders.receiver?.[0]).toEqual(ORG2);
      const draft = await addDraft(sender, org1, 'invoice', structuredClone(base.content));
      expect(draft.statusCode, draft.body).toBe(200);
      const id = draft.json().data.id as string;
      const sent = await act(sender, fixture, org1, id, 'send');
      expect(sent.statusCode, sent.body).toBe(200);
      const there = (await view(sender, org1, id)).json().data;
      // (verified when it was run; a signature made here carries no import verdict)
      expect(there.signatures).toEqual([expect.objectContaining({ action: 'send', tin: ORG1.identity })]);

      // Exported: the exact signed JSON, and its CMS out of the signed archive.
      const json = await sender.app.inject({
        method: 'GET',
        url: `/api/DocumentContent/getJson/${id}`,
        headers: auth(org1),
      });
      expect(json.statusCode).toBe(200);
      const text = json.body;
      const archive = await sender.app.inject({
        method: 'GET',
        url: `/api/Document/getArchive?documentId=${id}`,
        headers: auth(org1),
      });
      expect(archive.statusCode, archive.body.slice(0, 300)).toBe(200);
      const files = unzipSync(new Uint8Array(archive.rawPayload));
      const cms = files['signatures/01-send.p7s'];
      expect(cms, Object.keys(files).join(', ')).toBeDefined();
      // The receiving Hujjat has never seen this document.
      expect((await view(receiver, org2There, id)).statusCode).toBe(404);

      // On the receiver's Hujjat: organisation 2 imports it as received.
      const res = await receiver.app.inject({
        method: 'POST',
        url: '/api/Synchronize/importDocuments',
        headers: auth(org2There, { 'accept-language': 'en' }),
        payload: { documents: [{ signature: Buffer.from(cms).toString('base64'), json: text }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [result] = res.json().data.results;
      expect(result).toMatchObject({ success: true, kind: 'invoice', created: true, recognized: true });
      expect(result.signers).toEqual([
        expect.objectContaining({ valid: true, tin: ORG1.identity, match: 'tin', role: 'sender' }),
      ]);

      // Shown there: in the incoming list, the same bytes, the signature valid, the life cycle open.
      const list = await receiver.app.inject({
        method: 'GET',
        url: '/api/Document/getList?DocDirection=incoming&Page=1&Size=90',
        headers: auth(org2There),
      });
      expect(list.json().rows.map((row: { id: string }) => row.id)).toContain(result.documentId);
      const shown = (await view(receiver, org2There, result.documentId)).json().data;
      // The state read from the signatures, the way the sender's Hujjat has it.
      expect(there.status).toBe(1);
      expect(shown).toMatchObject({ source: 'received', status: there.status, nationalId: there.nationalId });
      expect(shown.signatures).toEqual([
        expect.objectContaining({ action: 'send', tin: ORG1.identity, role: 'sender', valid: true }),
      ]);
      expect(shown.warnings).toMatchObject({ recognized: true, unverified: false });
      expect(shown.actions.map((a: { name: string }) => a.name)).toEqual(
        expect.arrayContaining(['accept', 'reject']),
      );
      const copy = await receiver.app.inject({
        method: 'GET',
        url: `/api/DocumentContent/getJson/${result.documentId}`,
        headers: auth(org2There),
      });
      expect(copy.body).toBe(text);
      expect((await verifyEventChain(receiver.db, result.documentId)).valid).toBe(true);
    });
  });
}
