// DocumentOrganization (spec §7): the party look-up by TIN/PINFL (the tax registry through the
// adapter, merged with the organisations registered here) and the caller's own organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DEMO_INDIVIDUALS, DEMO_ORGANIZATIONS } from '../../src/server/db/seeds/organizations';
import { DEMO_PASSWORD } from '../../src/server/db/seeds/users';
import { loadReferenceConfig } from '../../src/server/services/reference/config';
import { type TestContext, testConfig, withDatabases } from './harness';

const SAVDO = DEMO_ORGANIZATIONS[0];
const QURILISH = DEMO_ORGANIZATIONS[1];
const LOGISTIKA = DEMO_ORGANIZATIONS[2];

withDatabases('DocumentOrganization', (ctx: TestContext) => {
  let auth: Record<string, string>;

  beforeAll(async () => {
    // Own settings on one demo organisation that differ from the registry, with data that must never
    // reach another party.
    await ctx.db.query(
      `update organizations set vat_reg_code = $2, vat_status = '21', requisites = $3 where tin = $1`,
      [
        QURILISH.tin,
        '326020009999',
        JSON.stringify({
          Director: 'Someone Else (settings)',
          DirectorPinfl: QURILISH.directorPinfl,
          Accountant: 'Saidova Nodira (demo)',
          Account: '20208000900100000002',
          BankId: '09008',
          Address: 'Settings address (demo)',
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
    // Registered here, unknown to the demo registry.
    await ctx.db.query(
      `insert into organizations (tin, name, requisites) values ('399000001', 'MChJ «Faqat Ro‘yxatda» (demo)', $1)
       on conflict do nothing`,
      [
        JSON.stringify({
          Director: 'Registered Only (demo)',
          BankId: '09004',
          RegionId: 26,
          DistrictId: 1726294,
        }),
      ],
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      headers: { 'x-forwarded-for': '10.9.0.1' },
      payload: { phone: '998901000001', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    auth = { authorization: `Bearer ${res.json().data.accessToken}` };
  });

  const byTin = (tin: string, headers: Record<string, string> = {}, app = ctx.app) =>
    app.inject({
      method: 'GET',
      url: `/api/DocumentOrganization/getOrgInfoByTin?tin=${encodeURIComponent(tin)}`,
      headers: { ...auth, ...headers },
    });

  it('fills every requisite the registry knows of a counterparty, with bank, region and district named', async () => {
    const res = await byTin('305000001', { 'accept-language': 'ru' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        TinOrPinfl: '305000001',
        Tin: '305000001',
        Name: 'MChJ «Demo Farm Savdo» (demo)',
        TaxpayerType: 20,
        VatRegCode: '326050000001',
        VatRegStatus: 20,
        Account: '20208000100400000011',
        BankId: '09001',
        BankName: 'DEMO MILLIY BANK AJ BOSH OFISI (demo)',
        Oked: '46460',
        Address: "Toshkent sh., Mirobod tumani, Demo ko'chasi 11 (demo)",
        RegionId: 26,
        RegionName: 'город Ташкент',
        DistrictId: '2601',
        DistrictName: 'Мирабадский район',
        Director: 'Qodirov Sherzod Bahodirovich (demo)',
        Accountant: 'Usmonova Dildora Karimovna (demo)',
        Source: 'registry',
        IsDemo: true,
      },
    });
  });

  it('names region and district in the language asked for', async () => {
    const data = (await byTin('305000001', { 'accept-language': 'uz' })).json().data;
    expect(data).toMatchObject({ RegionName: 'Toshkent shahri', DistrictName: 'Mirobod tumani' });
  });

  it('a registered organisation: registry facts win, its own bank account and branch stay; nothing personal', async () => {
    const res = await byTin(QURILISH.tin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      Name: QURILISH.name,
      Director: QURILISH.director,
      Accountant: QURILISH.accountant,
      Address: QURILISH.address,
      // The registry's VAT code travels with the registry's status, never the settings' 21.
      VatRegCode: QURILISH.vatRegCode,
      VatRegStatus: 20,
      TaxpayerType: 20,
      Account: '20208000900100000002',
      BankId: '09008',
      BankName: 'DEMO INVEST BANK AJ BOSH OFISI (demo)',
      BranchCode: '7',
      BranchName: 'Chilonzor filiali (demo)',
      DistrictId: '2603',
      Source: 'both',
    });
    expect(res.body).not.toMatch(/998901|example\.test|42203900234562|phone|email/i);
  });

  it('a turnover-tax payer: no VAT code or status is invented', async () => {
    const data = (await byTin(LOGISTIKA.tin)).json().data;
    expect(data).toMatchObject({ TaxpayerType: 30, Name: LOGISTIKA.name, RegionId: 18 });
    expect(data).not.toHaveProperty('VatRegCode');
    expect(data).not.toHaveProperty('VatRegStatus');
    expect(data).not.toHaveProperty('DistrictId');
  });

  it('registered here only: its settings, the district code derived from its SOATO district', async () => {
    const data = (await byTin('399000001')).json().data;
    expect(data).toEqual({
      TinOrPinfl: '399000001',
      Tin: '399000001',
      Name: 'MChJ «Faqat Ro‘yxatda» (demo)',
      Director: 'Registered Only (demo)',
      BankId: '09004',
      BankName: 'DEMO SAVDO BANK AJ BOSH OFISI (demo)',
      RegionId: 26,
      RegionName: 'город Ташкент',
      DistrictId: '2606',
      DistrictName: 'Чиланзарский район',
      Source: 'registered',
    });
  });

  it('finds a demo individual by PINFL (registry and registration agree)', async () => {
    const person = DEMO_INDIVIDUALS[0];
    const res = await byTin(person.pinfl);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      TinOrPinfl: person.pinfl,
      Pinfl: person.pinfl,
      Name: person.name,
      Source: 'both',
      IsDemo: true,
    });
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

  it('getOrgInfo answers the caller’s own organisation with its phones and named bank and district', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/DocumentOrganization/getOrgInfo',
      headers: { ...auth, 'accept-language': 'ru' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      TinOrPinfl: SAVDO.tin,
      Name: SAVDO.name,
      Director: SAVDO.director,
      Account: SAVDO.account,
      BankId: SAVDO.mfo,
      BankName: 'DEMO MILLIY BANK AJ CHILONZOR FILIALI (demo)',
      VatRegCode: SAVDO.vatRegCode,
      DistrictId: '2606',
      WorkPhone: '+998711234567',
      Source: 'registered',
    });
    // A lookup of the same TIN by number is the public view: no phones.
    const looked = await byTin(SAVDO.tin);
    expect(looked.json().data).not.toHaveProperty('WorkPhone');
  });

  describe('with the tax registry down', () => {
    let down: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      // Nothing listens on port 9 of this machine: every request to the registry fails at once.
      const reference = loadReferenceConfig(
        { SOLIQ_API_URL: 'http://127.0.0.1:9/api/Soliq', TAX_RETRIES: '0', TAX_TIMEOUT_MS: '2000' },
        { demo: true },
      );
      down = await buildApp(testConfig({ reference }), {
        db: { ...ctx.db, close: async () => {} },
        logger: false,
      });
      await down.ready();
    });
    afterAll(async () => {
      await down?.close();
    });

    it('answers a registered organisation from its settings and says the registry was not asked', async () => {
      const res = await byTin(QURILISH.tin, {}, down);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        Name: QURILISH.name,
        Director: 'Someone Else (settings)',
        BankId: '09008',
        Source: 'registered',
        RegistryUnavailable: true,
      });
    });

    it('503 with a localized message for a TIN registered nowhere here', async () => {
      const res = await byTin('305000001', { 'accept-language': 'uz' }, down);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'TAX_SERVICE_UNAVAILABLE',
        message:
          "Soliq xizmati hozir ishlamayapti. Keyinroq qayta urining yoki rekvizitlarni qo'lda to'ldiring",
      });
    });
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
