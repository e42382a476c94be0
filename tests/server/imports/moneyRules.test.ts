// Issue 26 in the Excel import, for every importable kind (schemas/imports/*.json): a document dated
// after today and a negative or zero quantity or price are refused with their rule, at their row and
// column, and nothing is created — the same keywords as the form and Document/add.
import { beforeAll, expect, it } from 'vitest';
import { getLifecycle } from '../../../src/engine/lifecycle';
import { DEMO_PASSWORD } from '../../../src/server/db/seeds/users';
import { importTemplates } from '../../../src/server/services/imports/templates';
import { lineFields, refusingKeyword, tashkentDayAfter } from '../../engine/moneyRuleCases';
import { type TestContext, withDatabases } from '../harness';
import { multipart, workbook } from './xlsx';

const templates = [...importTemplates().values()];

interface Case {
  name: string;
  kind: string;
  column: string;
  value: unknown;
  rule: string;
}

/** Per importable kind: its document date, and each quantity and price column its lines have. */
function cases(): Case[] {
  const found: Case[] = [];
  for (const template of templates) {
    const date = getLifecycle(template.kind).document.date;
    if (date && template.columns.includes(date))
      found.push({
        name: `${template.kind} dated after today`,
        kind: template.kind,
        column: date,
        value: tashkentDayAfter(new Date(), 2),
        rule: 'notAfterToday',
      });
    for (const line of lineFields().filter((l) => l.kind === template.kind && l.array === template.lines)) {
      const column = `${template.lines}/*/${line.field}`;
      if (!template.columns.includes(column)) continue;
      for (const value of [-5600, 0])
        found.push({
          name: `${template.kind} ${line.role} ${value}`,
          kind: template.kind,
          column,
          value,
          rule: refusingKeyword(line),
        });
    }
  }
  return found;
}

withDatabases('Excel import refuses what costs money', (ctx: TestContext) => {
  let auth: Record<string, string>;
  beforeAll(async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Auth/Login',
      headers: { 'x-forwarded-for': '10.62.0.1' },
      payload: { phone: '998901000001', password: DEMO_PASSWORD },
    });
    auth = { authorization: `Bearer ${res.json().data.accessToken}` };
  });

  /** The template's own sample under a header of column pointers, with one cell of the first row changed. */
  function file(kind: string, change?: { column: string; value: unknown }) {
    const template = templates.find((t) => t.kind === kind)!;
    const rows = template.sample.map((row) => [...(row as unknown[])]);
    if (change) rows[0][template.columns.indexOf(change.column)] = change.value;
    return workbook([template.columns, ...rows]);
  }

  async function importFile(kind: string, body: Buffer) {
    const upload = multipart(body);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/Import/DocumentExcelImport?kind=${kind}`,
      headers: { ...auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { importId } = res.json().data;
    await ctx.app.jobs.runPending();
    const log = (
      await ctx.app.inject({ method: 'GET', url: `/api/DocExcelImport/Get?logId=${importId}`, headers: auth })
    ).json().data;
    const items = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/DocExcelImport/GetItemList?logId=${importId}&pageSize=100`,
        headers: auth,
      })
    ).json();
    return {
      log,
      errors: items.rows as Array<{
        row: number;
        column: string;
        rule: string;
        message: string;
        level?: string | null;
      }>,
    };
  }

  it('has cases for every importable kind: its date, its quantities and prices', () => {
    const all = cases();
    for (const template of templates) {
      expect(
        all.some((c) => c.kind === template.kind && c.rule === 'notAfterToday'),
        template.kind,
      ).toBe(true);
      expect(
        all.filter((c) => c.kind === template.kind && c.rule !== 'notAfterToday').length,
      ).toBeGreaterThanOrEqual(4);
    }
  });

  it.each(templates.map((t) => [t.kind]))(
    '%s: the sample itself passes (what the cases change is all that is wrong)',
    async (kind) => {
      const { log, errors } = await importFile(kind, file(kind));
      // The pre-sign checks' warnings and notes (a level other than block) are listed too; they do not refuse.
      expect(errors.filter((e) => !e.level || e.level === 'block')).toEqual([]);
      expect(log.state).toBe('done');
    },
  );

  it.each(cases().map((c) => [c.name, c] as const))(
    '%s: refused with its rule, nothing created',
    async (_, c) => {
      const { log, errors } = await importFile(c.kind, file(c.kind, c));
      expect(log).toMatchObject({ state: 'invalid', createdCount: 0 });
      expect(errors.map((e) => ({ row: e.row, column: e.column, rule: e.rule }))).toContainEqual({
        row: 2,
        column: c.column,
        rule: c.rule,
      });
    },
  );
});
