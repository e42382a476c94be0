// API keys (issue 30): a key bound to a role reads and writes what the role allows (an invoice-only key
// gets 403 on waybills), is attributed in history and audit, is refused at once when revoked or
// expired, honours its address list and a rotation's overlap, never manages keys, and never appears in
// the request log.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { buildApp } from '../../../src/server/app';
import { bearer, director, type Session } from '../access/helpers';
import { ORG1, ORG2 } from '../documents/exchange';
import { kindCases } from '../documents/kindContent';
import { type TestContext, testConfig, withDatabases } from '../harness';

const invoiceDraft = (n: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { FacturaNo: n, FacturaDate: '2026-11-20' },
  SellerTin: ORG1.identity,
  BuyerTin: ORG2.identity,
  ProductList: { ...invoice.ProductList, Tin: ORG1.identity },
});

withDatabases('API keys', (ctx: TestContext) => {
  let boss: Session;
  let invoiceRole: string;
  let logged: FastifyInstance;
  const lines: string[] = [];
  const key = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const call = (
    headers: Record<string, string>,
    method: string,
    url: string,
    payload?: unknown,
    app = ctx.app,
  ) => app.inject({ method: method as 'GET', url, headers, payload: payload as object });
  const addKey = async (body: Record<string, unknown>) => {
    const res = await call(bearer(boss), 'POST', '/api/ApiKey/add', {
      name: 'ERP',
      roleId: invoiceRole,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { key: { id: string; secrets: Array<{ prefix: string }> }; secret: string };
  };

  beforeAll(async () => {
    boss = await director(ctx, 1);
    const role = await call(bearer(boss), 'POST', '/api/Roles/add', { name: 'Invoices only (key test)' });
    invoiceRole = role.json().data.id;
    const granted = await call(
      bearer(boss),
      'POST',
      `/api/Auth/upsertAuthRoleActions?roleId=${invoiceRole}`,
      {
        actions: ['invoice:view', 'invoice:create', 'invoice:send', 'invoice:accept'],
      },
    );
    expect(granted.statusCode, granted.body).toBe(200);
    // The same database behind an app whose request log is captured.
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    logged = await buildApp(testConfig({ logLevel: 'trace' }), {
      db: { ...ctx.db, close: async () => {} },
      logger: { stream },
    });
    await logged.ready();
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('an invoice-only key: invoices yes, waybills 403; attributed in history and audit', async () => {
    const { key: created, secret } = await addKey({ name: 'ERP invoices' });
    expect(secret).toMatch(/^hjk_/);
    expect(created.secrets[0].prefix).toBe(secret.slice(0, 10));
    // The list never shows the secret.
    const list = await call(bearer(boss), 'GET', '/api/ApiKey/getList');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(10));
    expect(list.json().data.map((k: any) => k.id)).toContain(created.id);

    const added = await call(key(secret), 'POST', '/api/Document/add?kind=invoice', invoiceDraft('KEY-1'));
    expect(added.statusCode, added.body).toBe(200);
    const documentId = added.json().data.id;
    expect(
      (await call(key(secret), 'GET', `/api/Document/getById?documentId=${documentId}`)).statusCode,
    ).toBe(200);

    const [waybill] = await kindCases('waybill');
    const refused = await call(key(secret), 'POST', '/api/Document/add?kind=waybill', waybill.content);
    expect(refused.statusCode, refused.body).toBe(403);
    const bossWaybill = await call(bearer(boss), 'POST', '/api/Document/add?kind=waybill', waybill.content);
    expect(bossWaybill.statusCode, bossWaybill.body).toBe(200);
    const read = await call(
      key(secret),
      'GET',
      `/api/Document/getById?documentId=${bossWaybill.json().data.id}`,
    );
    expect(read.statusCode).toBe(403);

    // History: the event's actor is the key's member, named after the key; audit names the key.
    const { rows: events } = await ctx.db.query<{ full_name: string; is_api_key: boolean }>(
      `select u.full_name, u.is_api_key from document_events e join users u on u.id = e.actor_user_id
        where e.document_id = $1`,
      [documentId],
    );
    expect(events).toEqual([{ full_name: 'API: ERP invoices', is_api_key: true }]);
    const { rows: denied } = await ctx.db.query<{ detail: any }>(
      `select detail from audit_log where event = 'access.denied' and organization_id = $1 order by id desc limit 1`,
      [boss.organizationId],
    );
    const detail = typeof denied[0].detail === 'string' ? JSON.parse(denied[0].detail) : denied[0].detail;
    expect(detail.apiKeyId).toBe(created.id);
    // Staff lists leave keys out.
    const staff = await call(bearer(boss), 'GET', '/api/Auth/getUsersList');
    expect(staff.body).not.toContain('API: ERP invoices');
  });

  it('a revoked key is refused on its next request; an expired one too', async () => {
    const { key: created, secret } = await addKey({ name: 'Revoked' });
    expect((await call(key(secret), 'GET', '/api/Events/getList')).statusCode).toBe(200);
    const revoked = await call(bearer(boss), 'POST', `/api/ApiKey/revoke?id=${created.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.state).toBe('revoked');
    expect((await call(key(secret), 'GET', '/api/Events/getList')).statusCode).toBe(401);

    const { key: expiring, secret: expiringSecret } = await addKey({
      name: 'Expiring',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await call(key(expiringSecret), 'GET', '/api/Events/getList')).statusCode).toBe(200);
    await ctx.db.query(`update api_keys set expires_at = now() - interval '1 second' where id = $1`, [
      expiring.id,
    ]);
    expect((await call(key(expiringSecret), 'GET', '/api/Events/getList')).statusCode).toBe(401);
    const refused = await call(bearer(boss), 'POST', '/api/ApiKey/add', {
      name: 'Past',
      roleId: invoiceRole,
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('rotation keeps the old secret for the overlap only; address lists hold', async () => {
    const { key: created, secret: first } = await addKey({ name: 'Rotated' });
    const rotated = await call(bearer(boss), 'POST', `/api/ApiKey/rotate?id=${created.id}`, {
      overlapHours: 1,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json().data.secret;
    expect(second).not.toBe(first);
    expect((await call(key(first), 'GET', '/api/Events/getList')).statusCode).toBe(200);
    expect((await call(key(second), 'GET', '/api/Events/getList')).statusCode).toBe(200);
    const again = await call(bearer(boss), 'POST', `/api/ApiKey/rotate?id=${created.id}`, {
      overlapHours: 0,
    });
    const third = again.json().data.secret;
    expect((await call(key(first), 'GET', '/api/Events/getList')).statusCode).toBe(401);
    expect((await call(key(second), 'GET', '/api/Events/getList')).statusCode).toBe(401);
    expect((await call(key(third), 'GET', '/api/Events/getList')).statusCode).toBe(200);

    const { secret: fenced } = await addKey({
      name: 'Fenced',
      allowedAddresses: ['203.0.113.0/24', '2001:db8::1'],
    });
    const from = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/Events/getList', headers: key(fenced), remoteAddress });
    expect((await from('127.0.0.1')).statusCode).toBe(401);
    expect((await from('203.0.113.9')).statusCode).toBe(200);
    expect((await from('2001:db8::1')).statusCode).toBe(200);
    expect((await from('2001:db8::2')).statusCode).toBe(401);
    const bad = await call(bearer(boss), 'POST', '/api/ApiKey/add', {
      name: 'Bad',
      roleId: invoiceRole,
      allowedAddresses: ['not-an-address'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a key never manages keys or sessions; only the owner or an admin does', async () => {
    const { secret } = await addKey({ name: 'Not an admin', roleId: '00000000-0000-4000-8000-000000000001' });
    expect((await call(key(secret), 'GET', '/api/ApiKey/getList')).statusCode).toBe(403);
    expect(
      (await call(key(secret), 'POST', '/api/ApiKey/add', { name: 'x', roleId: invoiceRole })).statusCode,
    ).toBe(403);
    expect(
      (await call(key(secret), 'POST', '/api/Auth/updatePassword', { newPassword: 'Xodim#2026x' }))
        .statusCode,
    ).toBe(403);
  });

  it('keeps keys out of the request log', async () => {
    lines.length = 0;
    const created = await call(
      bearer(boss),
      'POST',
      '/api/ApiKey/add',
      { name: 'Logged', roleId: invoiceRole },
      logged,
    );
    const secret = created.json().data.secret as string;
    await call(key(secret), 'GET', '/api/Events/getList', undefined, logged);
    await call(key(secret), 'GET', '/api/ApiKey/getList', undefined, logged);
    await call(key(`${secret.slice(0, -1)}x`), 'GET', '/api/Events/getList', undefined, logged);
    const rotated = await call(
      bearer(boss),
      'POST',
      `/api/ApiKey/rotate?id=${created.json().data.key.id}`,
      {},
      logged,
    );
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('/api/Events/getList');
    for (const s of [secret, rotated.json().data.secret as string]) {
      expect(log).not.toContain(s);
      expect(log).not.toContain(s.slice(4));
    }
  });
});
