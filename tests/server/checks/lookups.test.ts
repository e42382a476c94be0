// Look-ups that stay honest: the real adapter (HTTP) slow → "not checked", never "passed"; a refusal
// shows the tax authority's own words under its label; answers are reused per the TTL.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { runChecks } from '../../../src/server/services/checks';
import { HttpTaxAuthority } from '../../../src/server/services/soliq/http/httpAuthority';
import { fixtureContent } from './fixtures';

/** No history: the caller has sent nothing. */
const emptyDb = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Db;
const caller = {
  user: { organizationId: '00000000-0000-0000-0000-000000000001' },
  identity: '302000001',
  lang: 'en' as const,
};

function authority(fetchImpl: typeof fetch, timeoutMs = 100) {
  return new HttpTaxAuthority(
    {
      mode: 'http',
      soliq: { baseUrl: 'http://soliq.test/api/Soliq' },
      timeoutMs,
      retries: 0,
      cacheTtlMs: 60_000,
    },
    fetchImpl,
    () => 0,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function check(a: HttpTaxAuthority, id: string, set: Record<string, unknown> = {}) {
  const { checks } = await runChecks({
    db: emptyDb,
    authority: a,
    caller,
    kind: 'invoice',
    content: await fixtureContent('invoice', set),
    moment: 'editor',
    now: '2026-11-06T10:00:00+05:00',
  });
  return checks.find((c) => c.id === id)!;
}

describe('checks: the tax authority over HTTP', () => {
  it('a service that does not answer in time is "not checked"', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const result = await check(authority(hanging), 'buyer-vat-payer');
    expect(result.outcome).toBe('notChecked');
    expect(result.demo).toBe(false);
  });

  it("a refusal is shown under the tax authority's label, in its own words", async () => {
    const refusing: typeof fetch = async () => json({ success: false, message: 'STIR topilmadi' }, 400);
    const result = await check(authority(refusing), 'buyer-vat-payer');
    expect(result.outcome).toBe('notChecked');
    expect(result.authorityReply).toBe('STIR topilmadi');
  });

  it("a high risk score trips the rule with the authority's reason; answers are reused", async () => {
    let calls = 0;
    const answering: typeof fetch = async (url) => {
      calls++;
      const u = new URL(String(url));
      if (u.pathname.endsWith('/getRiskStatus'))
        return json({
          success: true,
          data: { level: 'red', highRiskShare: '3.1', reason: 'Xavf mezoni 12' },
        });
      if (u.pathname.endsWith('/payerRegCode'))
        return json({ data: { vatRegCode: '326020000002', vatRegStatus: 20 } });
      return json({ rows: [] });
    };
    const a = authority(answering);
    const result = await check(a, 'counterparty-high-risk');
    expect(result).toMatchObject({ outcome: 'tripped', authorityReply: 'Xavf mezoni 12', demo: false });
    const before = calls;
    await check(a, 'counterparty-high-risk');
    expect(calls).toBe(before);
  });
});
