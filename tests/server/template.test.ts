// Template group (spec §7: getList, get, change): per-organisation templates of any document kind.
import { beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seeds/users';
import { type TestContext, withDatabases } from './harness';

withDatabases('Template', (ctx: TestContext) => {
  const auth: Record<string, Record<string, string>> = {};

  async function signIn(phone: string, ip: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      headers: { 'x-forwarded-for': ip },
      payload: { phone, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().data.accessToken}` };
  }

  beforeAll(async () => {
    auth.savdo = await signIn('998901000001', '10.8.0.1');
    auth.qurilish = await signIn('998901000002', '10.8.0.2');
  });

  const change = (who: string, payload: unknown, lang = 'ru') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Template/change',
      headers: { ...auth[who], 'accept-language': lang },
      payload: payload as object,
    });
  const list = (who: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/Template/getList${query}`, headers: auth[who] });
  const get = (who: string, id: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/Template/get?id=${id}`, headers: auth[who] });

  const CONTENT = { FacturaType: 0, BuyerTin: '302000002', ProductList: { Products: [{ Name: 'Цемент' }] } };

  it('creates a template, answers it with its content, and lists it for its organisation only', async () => {
    const created = await change('savdo', {
      kind: 'invoice',
      name: '  Цемент   для «Qurilish» ',
      content: CONTENT,
    });
    expect(created.statusCode).toBe(200);
    const template = created.json().data;
    expect(template).toMatchObject({ kind: 'invoice', name: 'Цемент для «Qurilish»', content: CONTENT });
    expect(template.createdByName).toBeTruthy();

    const one = await get('savdo', template.id);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.content).toEqual(CONTENT);

    const mine = await list('savdo');
    expect(mine.json().rows.map((r: { id: string }) => r.id)).toContain(template.id);
    expect(mine.json().rows[0]).not.toHaveProperty('content');

    // Another organisation neither sees, reads, renames nor deletes it.
    expect((await list('qurilish')).json().rows.map((r: { id: string }) => r.id)).not.toContain(template.id);
    expect((await get('qurilish', template.id)).statusCode).toBe(404);
    expect((await change('qurilish', { id: template.id, name: 'x' })).statusCode).toBe(404);
    expect((await change('qurilish', { id: template.id, delete: true })).statusCode).toBe(404);
    expect((await get('savdo', template.id)).json().data.name).toBe('Цемент для «Qurilish»');
  });

  it('keeps no national id: each document made from the template gets its own', async () => {
    const created = await change('savdo', {
      kind: 'invoice',
      name: 'С ID',
      content: { ...CONTENT, FacturaId: '665f1c2e9b1d4a0012ab34cd' },
    });
    expect(created.json().data.content).toEqual(CONTENT);
    expect(created.json().data.content).not.toHaveProperty('FacturaId');
  });

  it('renames and deletes; a deleted template is gone (404)', async () => {
    const { id } = (await change('savdo', { kind: 'waybill', name: 'Рейс', content: {} })).json().data;
    const renamed = await change('savdo', { id, name: 'Рейс в Самарканд' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Рейс в Самарканд');
    const deleted = await change('savdo', { id, delete: true });
    expect(deleted.json()).toEqual({ success: true, data: null });
    expect((await get('savdo', id)).statusCode).toBe(404);
    expect((await change('savdo', { id, delete: true })).statusCode).toBe(404);
  });

  it('filters by kind and name, pages with the list page sizes', async () => {
    for (let i = 1; i <= 20; i++)
      await change('qurilish', { kind: i % 2 ? 'invoice' : 'completionAct', name: `Акт ${i}`, content: {} });
    const acts = (await list('qurilish', '?kind=completionAct&size=18')).json();
    expect(acts.totalCount).toBe(10);
    expect(acts.rows.every((r: { kind: string }) => r.kind === 'completionAct')).toBe(true);
    const byName = (await list('qurilish', `?search=${encodeURIComponent('акт 1')}`)).json();
    // "Акт 1", "Акт 10" … "Акт 19": the search is a case-insensitive part of the name.
    expect(byName.totalCount).toBe(11);
    const second = (await list('qurilish', '?page=2&size=18')).json();
    expect(second.totalCount).toBe(20);
    expect(second.rows).toHaveLength(2);
    // A literal percent sign matches only itself.
    expect((await list('qurilish', `?search=${encodeURIComponent('%')}`)).json().totalCount).toBe(0);
    expect((await list('qurilish', '?size=20')).statusCode).toBe(400);
  });

  it('refuses a missing or too long name, an unknown kind and an incomplete create, localized', async () => {
    const empty = await change('savdo', { kind: 'invoice', name: '   ', content: {} }, 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'TEMPLATE_NAME_REQUIRED',
      message: 'Enter the template name',
    });
    const long = await change('savdo', { kind: 'invoice', name: 'я'.repeat(201), content: {} }, 'uz');
    expect(long.json()).toMatchObject({ code: 'TEMPLATE_NAME_TOO_LONG' });
    expect(long.json().message).toContain('200');
    expect((await change('savdo', { kind: 'letter', name: 'x', content: {} })).statusCode).toBe(400);
    const noContent = await change('savdo', { kind: 'invoice', name: 'x' });
    expect(noContent.json()).toMatchObject({ code: 'TEMPLATE_INCOMPLETE' });
  });

  it('401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Template/getList' });
    expect(res.statusCode).toBe(401);
  });
});
