// DocumentOrganization (spec §7): the party lookup by TIN/PINFL and the caller's own organisation.
import { beforeAll, expect, it } from 'vitest';
import { DEMO_INDIVIDUALS, DEMO_ORGANIZATIONS } from '../../src/server/db/seeds/organizations';
import { DEMO_PASSWORD } from '../../src/server/db/seeds/users';
import { type TestContext, withDatabases } from './harness';

const SAVDO = DEMO_ORGANIZATIONS[0];
const QURILISH = DEMO_ORGANIZATIONS[1];

withDatabases('DocumentOrganization', (ctx: TestContext) => {
  let auth: Record<string, string>;

  beforeAll(async () => {
    // Full requisites on one demo organisation, with data that must never reach another party.
    await ctx.db.query(
      `update organizations set vat_reg_code = $2, vat_status = '20', requisites = $3 where tin = $1`,
      [
        QURILISH.tin,
        '326020000002',
        JSON.stringify({
          Director: QURILISH.director,
          DirectorPinfl: QURILISH.directorPinfl,
          Accountant: 'Saidova Nodira (demo)',
          Account: '20208000900100000002',
          Mfo: '00450',
          Address: 'Toshkent sh., Demo ko‘chasi 2 (demo)',
          BranchCode: '7',
          BranchName: 'Chilonzor filiali (demo)',
          Mobile: '+998901112233',
          Email: 'director@example.test',
        }),
      ],
    );
    await ctx.db.query(`update organizations set requisites = requisites || $2 where tin = $1`, [
      SAVDO.tin,
      JSON.stringify({ WorkPhone: '+998711234567' }),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      headers: { 'x-forwarded-for': '10.9.0.1' },
      payload: { phone: '998901000001', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    auth = { authorization: `Bearer ${res.json().data.accessToken}` };
  });

  const byTin = (tin: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/DocumentOrganization/getOrgInfoByTin?tin=${encodeURIComponent(tin)}`,
      headers: { ...auth, ...headers },
    });

  it('answers another organisation’s requisites in the party fields, and nothing personal', async () => {
    const res = await byTin(QURILISH.tin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        TinOrPinfl: QURILISH.tin,
        Tin: QURILISH.tin,
        Name: QURILISH.name,
        Director: QURILISH.director,
        Accountant: 'Saidova Nodira (demo)',
        Account: '20208000900100000002',
        BankId: '00450',
        Address: 'Toshkent sh., Demo ko‘chasi 2 (demo)',
        BranchCode: '7',
        BranchName: 'Chilonzor filiali (demo)',
        VatRegCode: '326020000002',
        VatRegStatus: 20,
      },
    });
    expect(res.body).not.toMatch(/998901|example\.test|42203900234562|phone|email/i);
  });

  it('answers only what is stored (no invented requisites)', async () => {
    const res = await byTin(DEMO_ORGANIZATIONS[2].tin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      TinOrPinfl: DEMO_ORGANIZATIONS[2].tin,
      Tin: DEMO_ORGANIZATIONS[2].tin,
      Name: DEMO_ORGANIZATIONS[2].name,
      Director: DEMO_ORGANIZATIONS[2].director,
    });
  });

  it('finds a demo individual by PINFL', async () => {
    const person = DEMO_INDIVIDUALS[0];
    const res = await byTin(person.pinfl);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ TinOrPinfl: person.pinfl, Pinfl: person.pinfl, Name: person.name });
  });

  it('404 with a localized message for an unknown TIN', async () => {
    const res = await byTin('399999999', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'ORGANIZATION_NOT_FOUND' });
    expect(res.json().message).toContain('399999999');
    expect(res.json().message).toContain('by hand');
    const ru = await byTin('31234567890123');
    expect(ru.statusCode).toBe(404);
    expect(ru.json().message).toMatch(/не найдены/);
  });

  it.each([
    ['ru', 'Укажите ИНН (9 цифр) или ПИНФЛ (14 цифр)'],
    ['uz', 'STIR (9 raqam) yoki JShShIR (14 raqam) kiriting'],
    ['en', 'Enter a TIN (9 digits) or a PINFL (14 digits)'],
  ])('400 with a clear message for a malformed TIN (%s)', async (lang, message) => {
    for (const tin of ['12345', '30200000a', '3020000011', '123456789012345', '']) {
      const res = await byTin(tin, { 'accept-language': lang });
      expect(res.statusCode, tin).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_TIN', message });
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/DocumentOrganization/getOrgInfoByTin',
      headers: { ...auth, 'accept-language': lang },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(message);
  });

  it('401 without a session', async () => {
    for (const url of [
      `/api/DocumentOrganization/getOrgInfoByTin?tin=${SAVDO.tin}`,
      '/api/DocumentOrganization/getOrgInfoByTin?tin=1',
      '/api/DocumentOrganization/getOrgInfo',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    const forged = await byTin(SAVDO.tin, { authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
  });

  it('getOrgInfo answers the caller’s own organisation in the same shape, with its phones', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/DocumentOrganization/getOrgInfo',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        TinOrPinfl: SAVDO.tin,
        Tin: SAVDO.tin,
        Name: SAVDO.name,
        Director: SAVDO.director,
        WorkPhone: '+998711234567',
      },
    });
    // A lookup of the same TIN by number is the public view: no phones.
    const looked = await byTin(SAVDO.tin);
    expect(looked.json().data).not.toHaveProperty('WorkPhone');
  });

  it('documents the group in OpenAPI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, { get?: { tags?: string[] } }>;
    for (const path of [
      '/api/DocumentOrganization/getOrgInfoByTin',
      '/api/DocumentOrganization/getOrgInfo',
    ]) {
      expect(paths[path]?.get?.tags, path).toEqual(['DocumentOrganization']);
    }
  });
});
