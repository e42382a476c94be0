// The integrators' example (examples/erp-sync.ts, issue 30.5) against a fresh server listening on a free
// port, through the generated client only: the seller's ERP creates invoices from examples/invoices.csv
// and sends them, signed with its demo key in the E-IMZO emulator (over the plug-in's WebSocket, as
// /api/Config/client says); the buyer's ERP follows its feed, accepts each incoming invoice signed with
// its own demo key; the seller's ERP sees the acceptances in its feed. Restarted, each resumes from its
// stored cursor: nothing repeated, nothing lost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ErpSyncState, main, parseCsv } from '../../../examples/erp-sync';
import { OFFICIAL_DEV_API_KEYS } from '../../../src/server/signing/config';
import { bearer, director, type Session } from '../access/helpers';
import { createExchangeFixture, type ExchangeFixture } from '../documents/exchange';
import { type TestContext, withDatabases } from '../harness';

const CSV = fs.readFileSync(path.join(import.meta.dirname, '../../../examples/invoices.csv'), 'utf8');

let fixture: ExchangeFixture;
let stateDir = '';
beforeAll(async () => {
  fixture = await createExchangeFixture();
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-sync-'));
});
afterAll(async () => {
  await fixture?.dispose();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

withDatabases(
  'the ERP example (examples/erp-sync.ts) on a fresh server',
  (ctx: TestContext) => {
    let baseUrl = '';
    const keys: Record<string, string> = {};

    /** An API key of demo organisation n whose role may view, create, send and accept invoices. */
    async function invoiceKey(n: 1 | 2): Promise<string> {
      const boss: Session = await director(ctx, n);
      const call = (url: string, payload: object) =>
        ctx.app.inject({ method: 'POST', url, headers: bearer(boss), payload });
      const role = (await call('/api/Roles/add', { name: 'ERP invoices (example)' })).json().data.id;
      const granted = await call(`/api/Auth/upsertAuthRoleActions?roleId=${role}`, {
        actions: ['invoice:view', 'invoice:create', 'invoice:send', 'invoice:accept'],
      });
      expect(granted.statusCode, granted.body).toBe(200);
      const added = await call('/api/ApiKey/add', { name: 'ERP sync (example)', roleId: role });
      expect(added.statusCode, added.body).toBe(200);
      return added.json().data.secret;
    }

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      baseUrl = `http://127.0.0.1:${address.port}`;
      keys.seller = await invoiceKey(1);
      keys.buyer = await invoiceKey(2);
    });

    it('creates and sends the CSV invoices, the buyer accepts them signed, the seller sees it; restarts resume', async () => {
      const rows = parseCsv(CSV);
      expect(rows.length).toBeGreaterThan(0);
      const sellerState = path.join(stateDir, `${ctx.kind}-seller.json`);
      const buyerState = path.join(stateDir, `${ctx.kind}-buyer.json`);
      const buyer = main({
        baseUrl,
        apiKey: keys.buyer,
        tin: '302000002',
        stateFile: buyerState,
        waitSeconds: 5,
        stopWhen: (state) => state.accepted.length === rows.length,
      });
      const seller = main({
        baseUrl,
        apiKey: keys.seller,
        tin: '302000001',
        csv: CSV,
        stateFile: sellerState,
        waitSeconds: 5,
        stopWhen: (state) => state.answers.size === rows.length,
      });
      const [sold, bought] = await Promise.all([seller, buyer]);

      const ids = [...sold.created.values()];
      expect([...sold.created.keys()]).toEqual(rows.map((r) => r.number));
      expect(new Set(bought.accepted)).toEqual(new Set(ids));
      expect([...sold.answers.values()]).toEqual(rows.map(() => 'accept'));
      // The server's view: accepted, signed by both parties' demo keys; the actions attributed to the keys.
      for (const id of ids) {
        const view = (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/Document/getById?documentId=${id}`,
            headers: { authorization: `Bearer ${keys.seller}` },
          })
        ).json().data;
        expect(view.statusKey).toBe('signed'); // the invoice's status after accept (lifecycle.json)
        expect(view.signatures.map((s: any) => [s.action, s.tin])).toEqual([
          ['send', '302000001'],
          ['accept', '302000002'],
        ]);
      }
      // Each feed read every event once.
      const unique = (s: ErpSyncState) => new Set(s.events.map((e) => e.id)).size === s.events.length;
      expect(unique(sold) && unique(bought)).toBe(true);

      // Restarted: the CSV again creates nothing (idempotency keys), the stored cursors repeat nothing.
      const again = await main({
        baseUrl,
        apiKey: keys.seller,
        tin: '302000001',
        csv: CSV,
        stateFile: sellerState,
        waitSeconds: 0,
        stopWhen: (_, empty) => empty,
      });
      expect([...again.created.values()]).toEqual(ids);
      const seen = new Set(sold.events.map((e) => e.id));
      expect(again.events.filter((e) => seen.has(e.id))).toEqual([]);
      const buyerAgain = await main({
        baseUrl,
        apiKey: keys.buyer,
        tin: '302000002',
        stateFile: buyerState,
        waitSeconds: 0,
        stopWhen: (_, empty) => empty,
      });
      expect(buyerAgain.events.filter((e) => bought.events.some((b) => b.id === e.id))).toEqual([]);
      expect(buyerAgain.accepted).toEqual([]);
    }, 120_000);
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
      get eimzo() {
        const ws = new URL(fixture.emulator.wsUrl);
        return {
          wsUrl: fixture.emulator.wsUrl,
          wssUrl: fixture.emulator.wsUrl.replace(/^ws:/, 'wss:'),
          apiKeys: OFFICIAL_DEV_API_KEYS,
          minVersion: '3.37',
          emulatorWsPort: Number(ws.port),
          emulatorServerPort: Number(new URL(fixture.emulator.serverUrl).port),
        };
      },
    },
  },
);
