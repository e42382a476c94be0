import { expect, type Locator, type Page } from '@playwright/test';

// A person filling a document form field by field, driven only by the kind's data: the bundled
// schema (what each field is), the UI schema (which widget shows it) and a document to type in. No
// kind is named here: a new kind is filled by the same code.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = Record<string, any>;

/** What the filler could not type, with the field's pointer (a defect of the form, reported). */
export interface FillReport {
  missing: string[];
  /** Choices the fixture names but the form's list does not offer (the first offered one is taken). */
  substituted: string[];
}

export interface FillOptions {
  /** The document's bundled schema (src/engine/generated/bundled/<kind>.json, `#/$defs/…` refs). */
  schema: Schema;
  ui: Schema;
  /** Pointers (e.g. /Seller) to leave alone: filled by the page itself (the sender's requisites). */
  skip?: (pointer: string) => boolean;
}

const SELECT_BY_INDEX = new Set(['select', undefined]);

export function resolve(root: Schema, node: Schema | undefined): Schema {
  let current = node ?? {};
  for (let i = 0; i < 20 && typeof current.$ref === 'string'; i++) {
    const ref = current.$ref as string;
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: Schema | undefined, step) => at?.[step], root);
    const { $ref: _, ...rest } = current;
    current = { ...(target ?? {}), ...rest };
  }
  return current;
}

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

export const idOf = (path: Array<string | number>) => ['root', ...path].join('_');
export const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);
const pointerOf = (path: Array<string | number>) => `/${path.join('/')}`;

/** The object's keys in the form's order (ui:order, '*' for the rest), TIN look-ups first. */
function orderedKeys(schema: Schema, ui: Schema, data: Record<string, Json>): string[] {
  const props = Object.keys(schema.properties ?? {});
  const order: string[] = ui['ui:order'] ?? ['*'];
  const named = order.filter((k) => k !== '*');
  const keys = order.flatMap((k) => (k === '*' ? props.filter((p) => !named.includes(p)) : [k]));
  const present = keys.filter((k) => k in data && props.includes(k));
  // A TIN or PINFL field looks its party up (ui.json or the schema's keyword says so).
  const lookups = present.filter((k) => {
    const field = schema.properties[k] ?? {};
    return ui[k]?.['ui:widget'] === 'tinLookup' || field.tin || field.pinfl || field.pinflOrTin;
  });
  return [...lookups, ...present.filter((k) => !lookups.includes(k))];
}

/** The date as the Russian form shows it (DD.MM.YYYY). */
const ruDate = (iso: string) => iso.split('-').reverse().join('.');

export class FormFiller {
  readonly report: FillReport = { missing: [], substituted: [] };
  constructor(
    private readonly page: Page,
    private readonly options: FillOptions,
  ) {}

  /** Types `data` into the form (only the keys it has; null and empty values are left as they are). */
  async fill(data: Record<string, Json>) {
    await expect(this.page.locator('form.hujjat-form [aria-busy="true"]')).toHaveCount(0);
    await this.object(this.options.schema, this.options.ui, data, []);
  }

  private async object(schema: Schema, ui: Schema, data: Record<string, Json>, path: Array<string | number>) {
    for (const key of orderedKeys(schema, ui, data)) {
      const child = resolve(this.options.schema, schema.properties[key]);
      await this.value(child, ui[key] ?? {}, data[key], [...path, key]);
    }
  }

  private async value(schema: Schema, ui: Schema, value: Json | undefined, path: Array<string | number>) {
    if (ui['ui:widget'] === 'hidden' || ui['ui:readonly']) return;
    if (this.options.skip?.(pointerOf(path))) return;
    if (value === null || value === undefined || value === '') return;
    const types = typesOf(schema);
    if (ui['ui:field'] === 'productTable') return this.table(schema, ui, value as Json[], path);
    if (types.includes('array')) return this.array(schema, ui, value as Json[], path);
    if (types.includes('object')) {
      await this.openBlock(path);
      return this.object(schema, ui, value as Record<string, Json>, path);
    }
    return this.leaf(schema, ui, value, path);
  }

  /** An optional block shown as "Fill the block …" is opened first. */
  private async openBlock(path: Array<string | number>) {
    const empty = this.page.locator(`[id="${idOf(path)}"].form-section--empty`);
    if ((await empty.count()) === 0) return;
    await this.reveal(empty);
    await empty.getByRole('button').click();
    await expect(empty).toHaveCount(0);
  }

  /** Blocks behind "More details" (ui:options.rare) are opened before typing into them. */
  private async reveal(target: Locator) {
    if (await target.isVisible()) return;
    const toggle = this.page.locator('.form-rare-toggle[aria-expanded="false"]');
    if ((await toggle.count()) > 0) await toggle.first().click();
    await target.scrollIntoViewIfNeeded();
  }

  private async array(schema: Schema, ui: Schema, items: Json[], path: Array<string | number>) {
    if (items.length === 0) return;
    const id = idOf(path);
    const shown = this.page.locator(`[id="${id}"] > .form-array-items > *`);
    const add = this.page.locator(`[id="${id}"] > .rjsf-array-item-add`);
    if ((await add.count()) === 0) {
      this.report.missing.push(`${pointerOf(path)} (no Add button)`);
      return;
    }
    const itemSchema = resolve(this.options.schema, schema.items);
    for (let i = 0; i < items.length; i++) {
      if ((await shown.count()) <= i) {
        await this.reveal(add);
        await add.click();
        await expect(shown).toHaveCount(i + 1);
      }
      await this.value(itemSchema, ui.items ?? {}, items[i], [...path, i]);
    }
  }

  private async leaf(schema: Schema, ui: Schema, value: Json, path: Array<string | number>) {
    const id = idOf(path);
    const field = byId(this.page, id);
    if ((await field.count()) === 0) {
      this.report.missing.push(pointerOf(path));
      return;
    }
    await this.reveal(field);
    // What the field is, as the page draws it (widgets may come from the schema, not ui.json).
    const state = await field.evaluate((el) => {
      const input = el as HTMLInputElement;
      return {
        tag: el.tagName,
        type: input.type,
        value: input.value,
        locked: input.readOnly || input.disabled,
        date: input.placeholder === 'ДД.ММ.ГГГГ',
        decimal: el.classList.contains('input-number'),
        lookup: document.getElementById(`${el.id}__lookup`) !== null,
      };
    });
    if (state.locked) return; // computed by the form (totals, VAT of a base)
    const widget = ui['ui:widget'] as string | undefined;
    if (state.tag === 'SELECT') {
      const index = Array.isArray(schema.enum) ? schema.enum.indexOf(value) : -1;
      const option = SELECT_BY_INDEX.has(widget) && index >= 0 ? String(index) : String(value);
      // A directory list (districts, countries) may not offer the fixture's code: the person then
      // picks what the list offers, and the report says so.
      const chosen = await field.selectOption(option, { timeout: 5_000 }).catch(() => null);
      if (chosen) return;
      const first = field.locator('option:not([value=""])').first();
      this.report.substituted.push(`${pointerOf(path)}: ${String(value)} not offered`);
      await field.selectOption((await first.getAttribute('value')) ?? '');
      return;
    }
    if (state.type === 'checkbox') {
      await field.setChecked(value === true);
      return;
    }
    const text = state.date ? ruDate(String(value)) : String(value);
    if (state.type === 'tel' || state.date || state.decimal) {
      // Masked fields are typed key by key; a phone's mask holds "+998" itself.
      await field.click();
      await field.press('ControlOrMeta+a');
      await field.press('Backspace');
      await this.page.keyboard.type(state.type === 'tel' ? text.replace(/^\+?998/, '') : text);
      await field.press('Tab');
      return;
    }
    if (state.lookup) {
      if (state.value === text) return;
      await field.fill(text);
      // The look-up answers (found, not found or unavailable) before its party is typed.
      const hint = byId(this.page, `${id}__lookup`);
      await expect(hint).toHaveText(/\S/, { timeout: 10_000 });
      await expect(hint).not.toHaveText(/Поиск/);
      return;
    }
    // A value the page put there (the sender's requisites, a look-up) is the person's to keep.
    if (state.value !== '') return;
    await field.fill(text);
  }

  private async table(schema: Schema, _ui: Schema, lines: Json[], path: Array<string | number>) {
    const id = idOf(path);
    const table = byId(this.page, `${id}-table`);
    if ((await table.count()) === 0) {
      this.report.missing.push(`${pointerOf(path)} (no product table)`);
      return;
    }
    const section = this.page.locator('section.pt').filter({ has: table });
    const rows = table.locator('tbody tr.pt-row');
    const lineSchema = resolve(this.options.schema, schema.items);
    for (let i = 0; i < lines.length; i++) {
      if ((await rows.count()) <= i) {
        await section.getByRole('toolbar').getByRole('button', { name: 'Добавить строку' }).click();
        await expect(rows).toHaveCount(i + 1);
      }
      const line = lines[i] as Record<string, Json>;
      const cells = flatten(line, lineSchema, this.options.schema);
      // The classifier code first: picking it may bring its name and package along.
      cells.sort((a, b) => Number(b[0] === 'CatalogCode') - Number(a[0] === 'CatalogCode'));
      for (const [name, value] of cells) {
        if (value === null || value === undefined || value === '') continue;
        const cellId = `${id}_${i}_${name}`;
        const cell = byId(this.page, cellId);
        if ((await cell.count()) === 0) continue; // not a column: kept in the data, never typed
        const tag = await cell.evaluate((el) => `${el.tagName}:${(el as HTMLInputElement).type ?? ''}`);
        if (tag.startsWith('OUTPUT')) continue; // computed
        if (tag.startsWith('SELECT')) {
          await cell.selectOption(String(value));
        } else if (tag === 'INPUT:checkbox') {
          await cell.setChecked(value === true);
        } else {
          await cell.click();
          const input = this.page.locator(`input[id="${cellId}"]`);
          await expect(input).toBeFocused();
          await input.fill(String(value));
          await input.press('Enter');
          await expect(this.page.locator(`input[id="${cellId}"]`)).toHaveCount(0);
        }
      }
    }
  }
}

/** A line's leaves by slash path (Vat/Rate), the way the table names its columns. */
function flatten(
  line: Record<string, Json>,
  schema: Schema,
  root: Schema,
  prefix = '',
): Array<[string, Json]> {
  const out: Array<[string, Json]> = [];
  for (const [key, value] of Object.entries(line)) {
    const child = resolve(root, schema.properties?.[key]);
    const name = prefix ? `${prefix}/${key}` : key;
    if (
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      typesOf(child).includes('object')
    )
      out.push(...flatten(value as Record<string, Json>, child, root, name));
    else out.push([name, value]);
  }
  return out;
}
