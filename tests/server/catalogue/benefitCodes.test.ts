// The catalogue's old/new benefit-code toggle (spec §2): goods rows carry the benefit's previous code
// (lgotaId) beside the current one, from the loaded list, and the benefit filter finds either.
import { expect, it } from 'vitest';
import { loadList } from '../../../src/server/services/catalogue/store';
import { withDatabases } from '../harness';

withDatabases('benefit codes, old and new', (ctx) => {
  it('answers each goods row with its previous benefit code, and filters by it', async () => {
    await loadList(
      ctx.db,
      'zeroVat',
      [
        {
          catalogCode: '99900100100200301',
          catalogName: 'Услуга specops с прежним кодом (test)',
          newLgotaId: 'SPEC-NEW-1',
          lgotaName: 'Льгота с прежним кодом (test)',
          lgotaId: 'SPEC-OLD-77',
        },
        {
          catalogCode: '99900100100200302',
          catalogName: 'Услуга specops без прежнего кода (test)',
          newLgotaId: 'SPEC-NEW-2',
          lgotaName: 'Льгота без прежнего кода (test)',
        },
      ],
      { source: 'import', fileName: 'specops.csv', replace: true },
    );
    const get = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/Lgota/ZeroVatProducts${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { rows: Array<Record<string, unknown>>; totalCount: number };
    };
    const all = await get('');
    expect(all.rows).toEqual([
      {
        catalogCode: '99900100100200301',
        catalogName: 'Услуга specops с прежним кодом (test)',
        newLgotaId: 'SPEC-NEW-1',
        lgotaName: 'Льгота с прежним кодом (test)',
        lgotaId: 'SPEC-OLD-77',
      },
      {
        catalogCode: '99900100100200302',
        catalogName: 'Услуга specops без прежнего кода (test)',
        newLgotaId: 'SPEC-NEW-2',
        lgotaName: 'Льгота без прежнего кода (test)',
        lgotaId: null,
      },
    ]);
    // Either numbering finds the benefit.
    expect((await get('?lgotaName=spec-old-77')).rows.map((r) => r.catalogCode)).toEqual([
      '99900100100200301',
    ]);
    expect((await get('?lgotaName=SPEC-NEW-2')).rows.map((r) => r.catalogCode)).toEqual([
      '99900100100200302',
    ]);
  });
});
