// Synchronize/bindProvider, getProvider, IsSelectedOperator and testConnection (issue 28 item 4):
// only the director or an administrator binds; no answer, audit row or log line carries a credential.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningOperatorStandIn, startOperatorStandIn } from '../../../src/emulator/operator';
import { buildApp } from '../../../src/server/app';
import { migrate } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/db/seeds';
import { credentialKeyOf } from '../../../src/server/services/operators/credentialKey';
import {
  addStaff,
  bearer,
  director,
  login,
  newPerson,
  ROLE,
  type Session,
  STAFF_PASSWORD,
} from '../access/helpers';
import { databaseKinds, openTestDatabase, type TestContext, testConfig } from '../harness';

const TOKEN = 'PARTNER-7f3a9c1e5b2d4a6f8e0c';
const PASSWORD = 'Oper@torPass-2026';

for (const kind of databaseKinds()) {
  describe(`operator binding routes [${kind}]`, () => {
    const lines: string[] = [];
    const answers: string[] = [];
    const ctx = { kind } as TestContext;
    let dispose: () => Promise<void>;
    let app: FastifyInstance;
    let operator: RunningOperatorStandIn;
    beforeAll(async () => {
      // The bound operator answers here: the stand-in, where demo company 302000001 signs in with "demo".
      operator = await startOperatorStandIn({ dataDir: '/tmp/hujjat-test-unused', port: 0, persist: false });
      operator.store.putCompany({
        login: '302000001',
        password: 'demo',
        name: 'Demo 1',
        offerSigned: true,
        noAuthority: [],
      });
      const opened = await openTestDatabase(kind);
      dispose = opened.dispose;
      await migrate(opened.db);
      await seedDemo(opened.db);
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      app = await buildApp(
        testConfig({
          logLevel: 'trace',
          operatorCredentialsKey: new Uint8Array(32).fill(3),
          operator: { standIn: false, standInPort: 0, standInUrl: operator.url },
        }),
        {
          db: { ...opened.db, close: async () => {} },
          logger: { stream },
        },
      );
      await app.ready();
      Object.assign(ctx, { app, db: opened.db });
    });
    afterAll(async () => {
      await app?.close();
      await dispose?.();
      await operator?.close();
    });

    const call = async (
      method: 'GET' | 'POST',
      url: string,
      session: Session,
      payload?: unknown,
      lang = 'ru',
    ) => {
      const res = await app.inject({
        method,
        url: `/api/Synchronize/${url}`,
        headers: { ...bearer(session), 'accept-language': lang },
        payload: payload as object,
      });
      answers.push(res.body);
      return res;
    };

    it('the director binds; the answer, getProvider and the audit row show only masks', async () => {
      const boss = await director(ctx, 1);
      const bound = await call('POST', 'bindProvider', boss, {
        provider: 'didox',
        credentials: { partnerToken: TOKEN, password: PASSWORD },
      });
      expect(bound.statusCode, bound.body).toBe(200);
      expect(bound.json().data).toMatchObject({
        provider: 'didox',
        set: true,
        readable: true,
        mask: { partnerToken: '••••0c', password: '••••26' },
      });
      const read = await call('GET', 'getProvider', boss);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({
        canBind: true,
        keyConfigured: true,
        binding: { provider: 'didox', set: true },
        providers: [
          {
            id: 'didox',
            fields: [{ key: 'partnerToken', secret: true, required: true }, { key: 'password' }],
          },
        ],
      });
      const { rows } = await ctx.db.query(
        "select event, detail from audit_log where event = 'settings.operator.bound' and organization_id = $1",
        [boss.organizationId],
      );
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(TOKEN.slice(0, 10));
    });

    it('re-binding without a credential keeps it; the stored row holds no credential in the clear', async () => {
      const boss = await director(ctx, 1);
      const again = await call('POST', 'bindProvider', boss, {
        provider: 'didox',
        credentials: { partnerToken: '' },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.mask).toEqual({ partnerToken: '••••0c', password: '••••26' });
      const { rows } = await ctx.db.query('select * from operator_bindings where organization_id = $1', [
        boss.organizationId,
      ]);
      const stored = JSON.stringify(rows) + Buffer.from(rows[0].credentials).toString('latin1');
      expect(stored).not.toContain(TOKEN);
      expect(stored).not.toContain(PASSWORD);
    });

    it('refuses an unknown provider and a missing required credential, echoing neither', async () => {
      const boss = await director(ctx, 2);
      const unknown = await call('POST', 'bindProvider', boss, {
        provider: 'nobody',
        credentials: { partnerToken: TOKEN },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('UNKNOWN_PROVIDER');
      const missing = await call('POST', 'bindProvider', boss, {
        provider: 'didox',
        credentials: { password: PASSWORD },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].path).toBe('/credentials/partnerToken');
      const tooLong = await call('POST', 'bindProvider', boss, {
        provider: 'didox',
        credentials: { partnerToken: `${TOKEN}${'x'.repeat(1100)}` },
      });
      expect(tooLong.statusCode).toBe(400);
    });

    it('a staff member, an accountant included, may read but neither bind nor test (403, audited)', async () => {
      const boss = await director(ctx, 1);
      for (const roleId of [ROLE.accountant, ROLE.manager]) {
        const person = newPerson();
        const added = await addStaff(ctx, boss, {
          FullName: 'Xodim (demo)',
          Pinfl: person.pinfl,
          Phone: `+${person.phone}`,
          Password: STAFF_PASSWORD,
          roleId,
        });
        expect(added.statusCode, added.body).toBe(200);
        const member = await login(ctx, person.phone, STAFF_PASSWORD);
        const bind = await call('POST', 'bindProvider', member, {
          provider: 'didox',
          credentials: { partnerToken: 'someone-else-token-1234' },
        });
        expect(bind.statusCode).toBe(403);
        expect((await call('POST', 'bindProvider', member, { provider: null })).statusCode).toBe(403);
        expect((await call('POST', 'testConnection', member)).statusCode).toBe(403);
        const read = await call('GET', 'getProvider', member);
        expect(read.statusCode).toBe(200);
        expect(read.json().data).toMatchObject({ canBind: false, binding: { provider: 'didox', set: true } });
      }
      // The binding is the director's still.
      const still = await call('GET', 'getProvider', boss);
      expect(still.json().data.binding.mask.partnerToken).toBe('••••0c');
    });

    it('another organisation never sees the binding', async () => {
      const other = await director(ctx, 3);
      const read = await call('GET', 'getProvider', other);
      expect(read.json().data.binding).toBeNull();
      expect((await call('POST', 'testConnection', other)).json().data).toMatchObject({
        ok: false,
        reason: 'notBound',
      });
    });

    it('testConnection signs in at the operator: a wrong credential and an operator that is down are said in ru, uz and en', async () => {
      const boss = await director(ctx, 1);
      const test = async (lang = 'ru') => {
        const res = await call('POST', 'testConnection', boss, undefined, lang);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data;
      };
      // Bound with a password the operator does not take.
      const wrong = { ru: await test('ru'), uz: await test('uz'), en: await test('en') };
      expect(wrong.en).toMatchObject({
        ok: false,
        reason: 'unauthorized',
        provider: 'didox',
        checkedBy: 'operator',
      });
      expect(wrong.en.message).toBe(
        'Didox refused the sign-in: the login, password or partner token is wrong',
      );
      expect(wrong.ru.message).toBe('Didox отказал во входе: неверный логин, пароль или партнёрский токен');
      expect(wrong.uz.message).toBe('Didox kirishni rad etdi: login, parol yoki hamkor tokeni notoʻgʻri');
      const right = await call('POST', 'bindProvider', boss, {
        provider: 'didox',
        credentials: { password: 'demo' },
      });
      expect(right.statusCode, right.body).toBe(200);
      expect(await test('en')).toMatchObject({
        ok: true,
        reason: 'ok',
        checkedBy: 'operator',
        message: 'The connection works: Didox accepted the stored credentials',
      });
      operator.faults.down = true;
      try {
        const down = { ru: await test('ru'), uz: await test('uz'), en: await test('en') };
        expect(down.en).toMatchObject({ ok: false, reason: 'down', checkedBy: 'operator' });
        expect(down.en.message).toBe(
          'Didox does not answer now: the operator is down or unreachable from the server',
        );
        expect(down.ru.message).toMatch(/^Didox сейчас не отвечает/);
        expect(down.uz.message).toMatch(/^Didox hozir javob bermayapti/);
      } finally {
        operator.faults.down = false;
      }
      expect((await test()).reason).toBe('ok');
      const back = await call('POST', 'bindProvider', boss, {
        provider: 'didox',
        credentials: { password: PASSWORD },
      });
      expect(back.statusCode, back.body).toBe(200);
      expect((await test()).reason).toBe('unauthorized');
    });

    it('testConnection on an unreadable binding says so without asking the operator', async () => {
      const boss = await director(ctx, 1);
      await ctx.db.query("update operator_bindings set key_id = 'another-key' where organization_id = $1", [
        boss.organizationId,
      ]);
      expect((await call('POST', 'testConnection', boss, undefined, 'en')).json().data).toMatchObject({
        ok: false,
        reason: 'unreadable',
        checkedBy: 'binding',
        message: 'The credentials cannot be read with the current key: bind the operator again',
      });
      expect((await call('GET', 'getProvider', boss)).json().data.binding.readable).toBe(false);
      const key = credentialKeyOf(app.config);
      await ctx.db.query('update operator_bindings set key_id = $2 where organization_id = $1', [
        boss.organizationId,
        key?.id,
      ]);
    });

    it('IsSelectedOperator compares with the (demo) tax portal', async () => {
      const first = await call('GET', 'IsSelectedOperator', await director(ctx, 1));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({
        provider: 'didox',
        portal: { operator: 'didox', name: 'Didox', isDemo: true },
        selected: true,
        portalSupported: true,
      });
      const third = await director(ctx, 3);
      const bound = await call('POST', 'bindProvider', third, {
        provider: 'didox',
        credentials: { partnerToken: 'third-org-token-abcdef' },
      });
      expect(bound.statusCode).toBe(200);
      expect((await call('GET', 'IsSelectedOperator', third)).json().data).toMatchObject({
        provider: 'didox',
        portal: { operator: 'faktura', isDemo: true },
        selected: false,
        portalSupported: false,
      });
      const second = await director(ctx, 2);
      expect((await call('GET', 'IsSelectedOperator', second)).json().data).toMatchObject({
        provider: null,
        selected: null,
      });
    });

    it('unbinding removes the credentials', async () => {
      const third = await director(ctx, 3);
      const res = await call('POST', 'bindProvider', third, { provider: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toBeNull();
      const { rows } = await ctx.db.query('select 1 from operator_bindings where organization_id = $1', [
        third.organizationId,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('no log line and no answer ever held a credential', () => {
      expect(lines.length).toBeGreaterThan(10);
      for (const secret of [TOKEN, PASSWORD, 'someone-else-token-1234', 'third-org-token-abcdef']) {
        expect(lines.filter((line) => line.includes(secret))).toEqual([]);
        expect(answers.filter((body) => body.includes(secret))).toEqual([]);
      }
    });
  });
}
