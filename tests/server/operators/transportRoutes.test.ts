// What the screens read of the synchronisation (issue 28 items 2 and 5): Synchronize/GetLastProcess
// (the organisation's last runs, newest first) and the operator's and roaming ids on the printed form.
// The rows are written here as the sync jobs write them (migration 0110); these routes only read.
import { beforeAll, expect, it } from 'vitest';
import { bearer, director, type Session } from '../access/helpers';
import { kindCases } from '../documents/kindContent';
import { type TestContext, withDatabases } from '../harness';

withDatabases('synchronisation runs and operator ids on screen', (ctx: TestContext) => {
  let seller: Session;
  let other: Session;
  let documentId: string;
  const get = (who: Session | null, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? bearer(who) : {} });

  beforeAll(async () => {
    seller = await director(ctx, 1);
    other = await director(ctx, 2);
    const invoice = (await kindCases('invoice'))[0];
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/Document/add?kind=invoice',
      headers: bearer(seller),
      payload: invoice.content as object,
    });
    expect(added.statusCode, added.body).toBe(200);
    documentId = added.json().data.id;
  });

  it('GetLastProcess: the caller’s runs only, newest first, with counts and errors', async () => {
    await ctx.db.query(
      `insert into operator_runs (organization_id, provider, direction, started_at, finished_at, pulled, pushed, failed, error_code, error_message)
       values ($1, 'didox', 'pull', now() - interval '2 hours', now() - interval '2 hours', 12, 0, 0, null, null),
              ($1, 'didox', 'push', now() - interval '1 hour', now() - interval '1 hour', 0, 3, 1, 'RATE_LIMITED', 'The operator asked to wait 30 s'),
              ($2, 'didox', 'pull', now(), null, 99, 0, 0, null, null)`,
      [seller.organizationId, other.organizationId],
    );
    const res = await get(seller, '/api/Synchronize/GetLastProcess');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows;
    expect(rows.map((r: { direction: string }) => r.direction)).toEqual(['push', 'pull']);
    expect(rows[0]).toMatchObject({
      providerName: 'Didox',
      pushed: 3,
      failed: 1,
      errorCode: 'RATE_LIMITED',
      errorMessage: 'The operator asked to wait 30 s',
    });
    expect(rows[1]).toMatchObject({ pulled: 12, failed: 0 });
    expect((await get(seller, '/api/Synchronize/GetLastProcess?limit=1')).json().data.rows).toHaveLength(1);
    expect((await get(seller, '/api/Synchronize/GetLastProcess?limit=0')).statusCode).toBe(400);
    expect((await get(null, '/api/Synchronize/GetLastProcess')).statusCode).toBe(401);
  });

  it('the printed form names the operator’s id beside Hujjat’s — only for the organisation it travelled for', async () => {
    const before = await get(seller, `/api/DocumentContent/getHtml/${documentId}`);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('DX-4711');
    await ctx.db.query(
      `insert into operator_documents (organization_id, provider, operator_id, roaming_id, document_id, kind, direction,
                                       transport_state, attempts)
       values ($1, 'didox', 'DX-4711', '665f1c2e9b1d4a0012ab9999', $2, 'invoice', 'out', 'atOperator', 1)`,
      [seller.organizationId, documentId],
    );
    const html = await get(seller, `/api/DocumentContent/getHtml/${documentId}`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('DX-4711');
    expect(html.body).toContain('ID документа (Didox)');
  });
});
