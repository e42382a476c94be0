// Issue 27.4: a person with several memberships switches the organisation they act for. Lists, rights
// and documents follow the chosen one, the choice survives a reload (the refresh cookie's session is
// bound to it), and a stale tab — one that still believes it acts for the previous organisation —
// cannot act for the new one: its requests name the organisation (ORGANIZATION_HEADER) and a token
// for another one is refused with 409 ORGANIZATION_CHANGED. (A certificate session switches the same
// way: tests/server/access/staffSigning.test.ts.)
import { expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { ORGANIZATION_HEADER } from '../../../src/engine/constants';
import { BUILT_IN_ROLE_IDS } from '../../../src/server/services/access/builtInRoles';
import { type TestContext, withDatabases } from '../harness';

const PASSWORD = 'Demo#2026';

withDatabases('organisation switcher', (ctx: TestContext) => {
  const login = (phone: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/Auth/Login', payload: { phone, password: PASSWORD } });
  const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
    res.cookies.find((c) => c.name === 'hujjat_refresh')?.value ?? '';
  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
  const addDraft = (token: string, seller: string, number: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Document/add?kind=invoice',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: {
        ...invoice,
        FacturaId: '',
        FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: number },
        SellerTin: seller,
        BuyerTin: '302000002',
        ProductList: { ...invoice.ProductList, Tin: seller },
      },
    });
  const drafts = async (token: string) => (await get(token, '/api/Document/getCounts')).json().data.drafts;
  const documentsOf = async (tin: string) =>
    Number(
      (
        await ctx.db.query<{ n: string }>(
          `select count(*)::text as n from document_parties p where p.identity = $1`,
          [tin],
        )
      ).rows[0].n,
    );

  /** Director of 302000003 (owner there), made a viewer of 302000001: two memberships, two rights. */
  async function twoMemberships() {
    const signedIn = await login('998901000003');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const profile = signedIn.json().data;
    await ctx.db.query(
      `insert into memberships (user_id, organization_id, role, role_id)
         select $1, id, 'staff', $3 from organizations where tin = $2
       on conflict do nothing`,
      [profile.userId, '302000001', BUILT_IN_ROLE_IDS.viewer],
    );
    const orgs = (await get(profile.accessToken, '/api/Auth/getUserOrganization')).json().data as Array<{
      id: string;
      tin: string;
      current: boolean;
    }>;
    return {
      signedIn,
      profile,
      own: orgs.find((o) => o.tin === '302000003')!,
      other: orgs.find((o) => o.tin === '302000001')!,
    };
  }

  const choose = (token: string, cookie: string, organizationId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/chooseOrganization',
      headers: { authorization: `Bearer ${token}` },
      cookies: { hujjat_refresh: cookie },
      payload: { organizationId },
    });

  it('lists, rights and documents follow the chosen organisation; the choice survives a reload', async () => {
    const { signedIn, profile, own, other } = await twoMemberships();
    expect(own.current).toBe(true);
    expect(other.current).toBe(false);
    const mine = await addDraft(profile.accessToken, '302000003', `SW-${Date.now()}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const documentId = mine.json().data.documentId ?? mine.json().data.id;
    const ownDrafts = await drafts(profile.accessToken); // remembered for the party of 302000003
    expect(ownDrafts).toBeGreaterThan(0);
    const otherDirector = (await login('998901000001')).json().data.accessToken;
    const otherDrafts = await drafts(otherDirector);

    const chosen = await choose(profile.accessToken, cookieOf(signedIn), other.id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const switched = chosen.json().data;
    expect(switched).toMatchObject({ organizationId: other.id, tin: '302000001', role: 'staff' });
    // Lists and counts are the chosen organisation's, not the cached ones of the first.
    expect(await drafts(switched.accessToken)).toBe(otherDrafts);
    // Its documents: the first organisation's draft is another organisation's now (404).
    expect(
      (await get(switched.accessToken, `/api/Document/getById?documentId=${documentId}`)).statusCode,
    ).toBe(404);
    // Its rights: a viewer there may not create.
    expect((await addDraft(switched.accessToken, '302000001', `SW2-${Date.now()}`)).statusCode).toBe(403);

    // A reload renews from the cookie of the new session: still the chosen organisation.
    const reloaded = await ctx.app.inject({
      method: 'GET',
      url: '/api/Auth/refreshToken',
      cookies: { hujjat_refresh: cookieOf(chosen) },
    });
    expect(reloaded.statusCode, reloaded.body).toBe(200);
    expect(reloaded.json().data.organizationId).toBe(other.id);
    // So does the next password sign-in (the last organisation chosen).
    expect((await login('998901000003')).json().data.organizationId).toBe(other.id);

    // And back: the owner's rights and documents again.
    const back = await choose(reloaded.json().data.accessToken, cookieOf(reloaded), own.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(
      (await get(back.json().data.accessToken, `/api/Document/getById?documentId=${documentId}`)).statusCode,
    ).toBe(200);
    expect(await drafts(back.json().data.accessToken)).toBe(ownDrafts);
  });

  it('a stale tab cannot act for the organisation chosen in another tab', async () => {
    const { signedIn, profile, own, other } = await twoMemberships();
    // Tab A and tab B act for 302000003 (the same session). Tab A switches to 302000001.
    const chosen = await choose(profile.accessToken, cookieOf(signedIn), other.id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const stale = { [ORGANIZATION_HEADER]: own.id };
    // Tab B's token belonged to the ended session: 401, so it renews from the shared cookie …
    expect((await get(profile.accessToken, '/api/Document/getCounts', stale)).statusCode).toBe(401);
    const renewed = await ctx.app.inject({
      method: 'GET',
      url: '/api/Auth/refreshToken',
      cookies: { hujjat_refresh: cookieOf(chosen) },
    });
    const token = renewed.json().data.accessToken;
    // … and gets a token for 302000001, while its form was filled for 302000003: refused, nothing made.
    const before = await documentsOf('302000001');
    const sent = await addDraft(token, '302000003', `STALE-${Date.now()}`, {
      ...stale,
      'accept-language': 'en',
    });
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json()).toMatchObject({ success: false, code: 'ORGANIZATION_CHANGED' });
    expect(sent.json().message).toMatch(/another tab/);
    expect(await documentsOf('302000001')).toBe(before);
    const read = await get(token, '/api/Document/getCounts', { ...stale, 'accept-language': 'uz' });
    expect(read.statusCode).toBe(409);
    expect(read.json().message).toMatch(/boshqa oynada/);
    // The tab that names the organisation it now acts for, and clients that name none, pass.
    expect(
      (await get(token, '/api/Document/getCounts', { [ORGANIZATION_HEADER]: other.id })).statusCode,
    ).toBe(200);
    expect((await get(token, '/api/Document/getCounts')).statusCode).toBe(200);
  });
});
