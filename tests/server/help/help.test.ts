// Faq/getList and News/getList: every entry of the data files in the request's language.
import { expect, it } from 'vitest';
import faq from '../../../data/help/faq.json';
import news from '../../../data/help/news.json';
import { withDatabases } from '../harness';

withDatabases(
  'help',
  (ctx) => {
    it('answers the FAQ in each language, every entry filled', async () => {
      for (const lang of ['ru', 'uz', 'en'] as const) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/Faq/getList',
          headers: { 'accept-language': lang },
        });
        expect(res.statusCode).toBe(200);
        const rows = res.json().rows;
        expect(rows).toHaveLength(faq.items.length);
        expect(rows[0]).toEqual({
          id: faq.items[0].id,
          question: faq.items[0].question[lang],
          answer: faq.items[0].answer[lang],
        });
        for (const r of rows) expect(r.question && r.answer).toBeTruthy();
      }
    });

    it('answers news newest first', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/News/getList',
        headers: { 'accept-language': 'uz' },
      });
      const rows = res.json().rows;
      expect(rows).toHaveLength(news.items.length);
      expect(rows[0].title).toBe([...news.items].sort((a, b) => b.date.localeCompare(a.date))[0].title.uz);
      expect(rows.map((r: { date: string }) => r.date)).toEqual(
        [...rows.map((r: { date: string }) => r.date)].sort().reverse(),
      );
    });
  },
  { seed: false },
);
