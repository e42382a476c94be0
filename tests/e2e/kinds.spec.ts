import { readdirSync, readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_LOGIN, signInWithPassword } from './authHelpers';
import { byId, FormFiller, idOf, type Json, type Schema } from './kindFiller';

// Every document kind through the browser alone (issue 26), parametrised over the kinds' data: each
// folder of schemas/documents is a test. The sender opens the kind's form from "Create document",
// saves it with only its number (an incomplete draft), types the rest of the kind's first valid
// fixture through the form's own fields (kindFiller.ts: driven by the schema and the UI schema),
// signs and sends. Each other party opens it in a browser context of its own and takes, one after
// the other, the actions the life cycle offers it on the way forward (accept, take the cargo, …); a
// copy sent the same way is refused with a reason by the first party that may refuse (or cancelled,
// where only the sender acts). Both sides' statuses are checked after each step against
// lifecycle.json. E2E_SCREENSHOTS=1 saves each kind's form and view at 1280 and 375 px under
// docs/screenshots/kinds/.

test.use({ screenshot: 'only-on-failure' });

const KINDS = 'schemas/documents';
const BUNDLED = 'src/engine/generated/bundled';
const SCREENSHOTS = 'docs/screenshots/kinds';
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const WORKSPACE = JSON.parse(readFileSync('locales/ru/workspace.json', 'utf8'));
/** Results that refuse or withdraw (spec §4), as the action bar tells them apart. */
const NEGATIVE_RESULTS = new Set([2, 4, 6, 14]);

/** DEMO ONLY: the seeded demo organisations and the one demo individual other specs sign in as too. */
type Identity = { id: string; name: string; phone?: string };
const ORGANIZATIONS: Identity[] = [
  { id: DEMO_LOGIN.tin, phone: DEMO_LOGIN.phone, name: 'OOO «Demo Savdo» (demo)' },
  { id: '302000002', phone: '998901000002', name: 'AJ «Demo Qurilish» (demo)' },
  { id: '302000003', phone: '998901000003', name: 'XK «Demo Logistika» (demo)' },
];
const PERSON: Identity = { id: '31707920456784', name: 'Rahimov Jasur Anvarovich (demo)' };

interface Party {
  identity: string;
  name?: string;
  optional?: boolean;
  individual?: boolean;
}
interface Action {
  name: string;
  by: string;
  from: number[];
  to: number | Array<{ when?: { present?: string; absent?: string; from?: number[] }; status: number }>;
  reason?: 'none' | 'optional' | 'required';
  result?: number;
  quorum?: string;
}
interface Status {
  code: number;
  final?: boolean;
  view?: boolean;
  lists?: Record<string, string>;
  awaiting?: string[];
  seenAs?: Record<string, number>;
}
interface Lifecycle {
  document: { number: string; date: string };
  parties: Record<string, Party>;
  statuses: Status[];
  actions: Action[];
}
interface Kind {
  kind: string;
  lifecycle: Lifecycle;
  schema: Schema;
  ui: Schema;
  fixture: Record<string, Json>;
}

function readKinds(): Kind[] {
  return readdirSync(KINDS)
    .sort()
    .map((kind) => {
      const dir = `${KINDS}/${kind}`;
      const valid = readdirSync(`${dir}/fixtures/valid`).sort();
      return {
        kind,
        lifecycle: JSON.parse(readFileSync(`${dir}/lifecycle.json`, 'utf8')),
        schema: JSON.parse(readFileSync(`${BUNDLED}/${kind}.json`, 'utf8')),
        ui: JSON.parse(readFileSync(`${dir}/ui.json`, 'utf8')),
        fixture: JSON.parse(readFileSync(`${dir}/fixtures/valid/${valid[0]}`, 'utf8')),
      };
    });
}

// ---- the document's data: the fixture with demo parties -------------------------------------------

const steps = (pointer: string) => pointer.split('/').slice(1);

/** Every concrete pointer a life-cycle pointer names in the content ('*' over an array's items). */
function expand(content: Json, pointer: string): string[] {
  const out: string[] = [];
  const walk = (node: Json | undefined, rest: string[], at: string) => {
    if (rest.length === 0) {
      out.push(at);
      return;
    }
    const [step, ...tail] = rest;
    if (step === '*') {
      if (Array.isArray(node)) for (const [i, item] of node.entries()) walk(item, tail, `${at}/${i}`);
      return;
    }
    const child = node && typeof node === 'object' ? (node as Record<string, Json>)[step] : undefined;
    walk(child, tail, `${at}/${step}`);
  };
  walk(content, steps(pointer), '');
  return out;
}

function read(content: Json, pointer: string): Json | undefined {
  let node: Json | undefined = content;
  for (const step of steps(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, Json>)[step];
  }
  return node;
}

function write(content: Json, pointer: string, value: Json) {
  const path = steps(pointer);
  let node = content as Record<string, Json>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string, Json>;
  node[path[path.length - 1]] = value;
}

function replaceStrings(node: Json, replace: (text: string) => string): Json {
  if (typeof node === 'string') return replace(node);
  if (Array.isArray(node)) return node.map((item) => replaceStrings(item, replace));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replaceStrings(v, replace)]));
  return node;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY = 86_400_000;
/** Today in Tashkent, where documents are dated. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent' }).format(new Date());
const shiftDate = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

interface Cast {
  content: Record<string, Json>;
  number: string;
  /** Who plays each role present in the document. */
  roles: Map<string, Identity[]>;
}

/** The fixture with its parties played by demo organisations (the sender first) and the demo person. */
function cast(kind: Kind, number: string): Cast {
  const content = structuredClone(kind.fixture);
  const organizations = [...ORGANIZATIONS];
  const byOriginal = new Map<string, Identity>();
  const roles = new Map<string, Identity[]>();
  const entries = Object.entries(kind.lifecycle.parties).sort(
    ([a], [b]) => Number(b === 'sender') - Number(a === 'sender'),
  );
  for (const [role, party] of entries) {
    for (const pointer of expand(content, party.identity)) {
      const original = read(content, pointer);
      if (typeof original !== 'string' || original === '') continue;
      let who = byOriginal.get(original);
      if (!who) {
        who = party.individual ? PERSON : organizations.shift();
        if (!who) throw new Error(`${kind.kind}: more organisations than the demo has`);
        byOriginal.set(original, who);
      }
      roles.set(role, [...(roles.get(role) ?? []), who]);
      if (party.name) {
        // The name beside this identity: '*' takes the identity's own index.
        const at = pointer.split('/');
        const namePointer = party.name
          .split('/')
          .map((step, i) => (step === '*' ? at[i] : step))
          .join('/');
        if (read(content, namePointer) !== undefined) write(content, namePointer, who.name);
      }
    }
  }
  // Every date moves by the same number of days, so the document is dated today and keeps its
  // intervals (a contract before it, an empowerment valid after it).
  const dated = read(content, kind.lifecycle.document.date);
  const days = typeof dated === 'string' ? Math.round((Date.parse(today()) - Date.parse(dated)) / DAY) : 0;
  const replaced = replaceStrings(content, (text) => {
    const who = byOriginal.get(text);
    if (who) return who.id;
    return ISO_DATE.test(text) ? shiftDate(text, days) : text;
  }) as Record<string, Json>;
  write(replaced, kind.lifecycle.document.number, number);
  return { content: replaced, number, roles };
}

// ---- the life cycle as the test expects it ---------------------------------------------------------

function statusOf(kind: Kind, code: number): Status {
  const status = kind.lifecycle.statuses.find((s) => s.code === code);
  if (!status) throw new Error(`${kind.kind}: no status ${code}`);
  return status;
}

function offered(kind: Kind, status: number, roles: string[]) {
  return kind.lifecycle.actions.filter((a) => a.from.includes(status) && roles.includes(a.by));
}

function target(action: Action, status: number, content: Json): number {
  if (typeof action.to === 'number') return action.to;
  const present = (pointer: string) => {
    const value = read(content, pointer);
    return value !== undefined && value !== null && value !== '';
  };
  const found = action.to.find(({ when }) => {
    if (!when) return true;
    if (when.present && !present(when.present)) return false;
    if (when.absent && present(when.absent)) return false;
    if (when.from && !when.from.includes(status)) return false;
    return true;
  });
  if (!found) throw new Error(`${action.name}: no target from ${status}`);
  return found.status;
}

/** Whether the status waits for a party holding `roles` (it has an action of an awaited role). */
function awaits(kind: Kind, code: number, roles: string[]): boolean {
  const status = statusOf(kind, code);
  return offered(kind, code, roles).some((a) => status.awaiting?.includes(a.by));
}

/** The code a party holding `roles` sees for a stored status ("waiting for you" where it is awaited). */
function seen(kind: Kind, code: number, roles: string[]): number {
  const status = statusOf(kind, code);
  if (!status.seenAs || !awaits(kind, code, roles)) return code;
  for (const role of roles) if (status.seenAs[role] !== undefined) return status.seenAs[role];
  return code;
}

const negative = (a: Action) => a.reason === 'required' || NEGATIVE_RESULTS.has(a.result ?? -1);
const label = (action: string) => WORKSPACE.actions[action] as string;

// ---- people in browsers ----------------------------------------------------------------------------

class Sessions {
  private readonly pages = new Map<string, Page>();
  constructor(private readonly browser: Browser) {}

  async of(who: Identity): Promise<Page> {
    const known = this.pages.get(who.id);
    if (known) return known;
    const context = await this.browser.newContext();
    const page = await context.newPage();
    if (who.phone) await signInWithPassword(page, who.phone);
    else {
      // A person signs in with the personal demo key (the emulator types its password).
      await page.goto('/auth-inn');
      await page.getByLabel('Поиск сертификата по ИНН, организации или владельцу').fill(who.id);
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await expect(page).toHaveURL(/\/documents\/incoming$/);
    }
    this.pages.set(who.id, page);
    return page;
  }

  async close() {
    await Promise.all([...this.pages.values()].map((page) => page.context().close()));
  }
}

const badge = (page: Page) => page.locator('.doc-view-title .status-badge');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Действия с документом' });

async function signInDialog(page: Page, action: string) {
  const dialog = page.getByRole('dialog', { name: `${label(action)}: выбор ключа` });
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/** Waits for running transitions (the menu drawer after a resize), then shoots the window from the top. */
async function shot(page: Page, path: string) {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
  await page.evaluate(() => window.scrollTo(0, 0));
  // Toasts are the moment's, not the screen's.
  await page.screenshot({ path, style: '.toasts { display: none !important; }' });
}

/** The window at 1280 and 375 px (a view is reloaded at 375; a form keeps what was typed). */
async function shoot(page: Page, name: string, reload: boolean) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await shot(page, `${SCREENSHOTS}/${name}-1280.png`);
  await page.setViewportSize({ width: 375, height: 800 });
  if (reload) {
    await page.reload();
    await expect(badge(page)).toBeVisible();
  }
  await shot(page, `${SCREENSHOTS}/${name}-375.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Sign and send from the editor; on refusal, the form's own error list says why. */
async function signAndSend(page: Page, kind: Kind, missing: string[]) {
  await page.getByRole('button', { name: label('send'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${label('send')}: выбор ключа` });
  const errors = page.locator('.form-error-summary');
  await expect(dialog.or(errors).first()).toBeVisible({ timeout: 20_000 });
  if (await errors.isVisible()) {
    const list = await errors
      .locator('a')
      .evaluateAll((links) => links.map((a) => `${a.getAttribute('href')}: ${a.textContent}`));
    throw new Error(
      `${kind.kind}: the form refuses to send:\n  ${list.join('\n  ')}\n  not typed (no such field): ${missing.join(', ') || 'none'}`,
    );
  }
  await signInDialog(page, 'send');
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop() as string;
}

/**
 * Follows the document through the actions `choose` picks, each taken by a party holding its role in
 * its own browser, checking what every party that sees the document is shown after each step.
 */
async function walk(
  kind: Kind,
  sessions: Sessions,
  data: Cast,
  id: string,
  sent: number,
  choose: (actions: Action[]) => Action | undefined,
) {
  const rolesOf = (who: Identity) => [...data.roles].filter(([, list]) => list.includes(who)).map(([r]) => r);
  const people = [...new Set([...data.roles.values()].flat())];
  const boxes = new Map<Identity, string | null>();
  let status = sent;
  const check = async () => {
    for (const who of people) {
      const roles = rolesOf(who);
      const lists = statusOf(kind, status).lists ?? {};
      const box = roles.map((r) => lists[r]).find(Boolean) ?? lists['*'] ?? boxes.get(who) ?? null;
      boxes.set(who, box);
      if (!box) continue;
      const page = await sessions.of(who);
      if (!page.url().endsWith(id)) {
        // First sight: from the list the document is in, by its number.
        await page.goto(`/documents/${box}?number=${encodeURIComponent(data.number)}`);
        await page.getByRole('link', { name: data.number, exact: true }).first().click();
        await expect(page).toHaveURL(new RegExp(`${id}$`));
      } else await page.reload();
      await expect(badge(page), `${kind.kind}: ${who.name} at ${status}`).toHaveAttribute(
        'data-status',
        String(seen(kind, status, roles)),
      );
      // Internal approval is offered only while the life cycle waits for this party.
      const awaited = !statusOf(kind, status).final && awaits(kind, status, roles);
      const panel = page.getByTestId('agreement-panel');
      await expect(panel).toBeVisible();
      await expect(
        panel.getByRole('button', { name: 'Отправить на согласование' }),
        `${kind.kind}: approval offered to ${who.name} at ${status}`,
      ).toHaveCount(awaited ? 1 : 0);
    }
  };
  await check();
  const taken: string[] = [];
  for (let step = 0; step < 10 && !statusOf(kind, status).final; step++) {
    const actors = people.flatMap((who) => offered(kind, status, rolesOf(who)).map((a) => ({ who, a })));
    const action = choose(actors.map(({ a }) => a));
    if (!action) break;
    const who = actors.find(({ a }) => a === action)!.who;
    const page = await sessions.of(who);
    const button = toolbar(page).locator(`[data-action="${action.name}"]`);
    await expect(button, `${kind.kind}: ${action.name} offered to ${who.name} at ${status}`).toBeVisible();
    // What the bar offers is what the life cycle offers this party now, and nothing more.
    const offeredNow = offered(kind, status, rolesOf(who)).map((a) => a.name);
    const shown = await toolbar(page)
      .locator('[data-action]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
    expect(
      shown.filter((name) => kind.lifecycle.actions.some((a) => a.name === name)),
      `${kind.kind} at ${status}`,
    ).toEqual(offeredNow);
    await button.click();
    if (action.reason === 'required' || action.reason === 'optional') {
      const reason = page.getByRole('dialog', { name: `${label(action.name)}: причина` });
      await reason.getByLabel(/Причина/).fill(`Проверка вида ${kind.kind}: ${label(action.name)}`);
      await reason.getByRole('button', { name: 'Далее' }).click();
    }
    await signInDialog(page, action.name);
    status = target(action, status, data.content);
    taken.push(action.name);
    await check();
  }
  return { status, taken };
}

// ---- one test per kind -----------------------------------------------------------------------------

for (const [index, kind] of readKinds().entries()) {
  test(`${kind.kind}: made in the form, saved incomplete, signed, sent; each party acts`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const number = `K${RUN}-${index + 1}`;
    const data = cast(kind, number);
    const sessions = new Sessions(browser);
    const sender = data.roles.get('sender')![0];
    const page = await sessions.of(sender);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The form from "Create document", empty but for what the page knows (the sender, today).
    await page
      .getByRole('navigation', { name: 'Главное меню' })
      .getByRole('link', { name: 'Создать документ' })
      .click();
    await page.locator(`a.kind-card[href$="kind=${kind.kind}"]`).click();
    await expect(page.locator('#doc-editor-title')).toContainText('Новый документ');
    const numberField = byId(page, idOf(steps(kind.lifecycle.document.number)));

    // Saved with only its number: a draft may be incomplete.
    await numberField.fill(number);
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect.soft(page, `${kind.kind}: an incomplete draft is saved`).toHaveURL(/\/documents\/update\//);
    if (page.url().includes('/update/')) {
      // The draft's edit page (a form of its own) is where the rest is typed.
      await expect(page.locator('#doc-editor-title')).toContainText('Редактирование');
      await expect(numberField).toHaveValue(number);
    }

    // Completed field by field, then signed and sent.
    const filler = new FormFiller(page, { schema: kind.schema, ui: kind.ui });
    await filler.fill(data.content);
    if (filler.report.substituted.length)
      test
        .info()
        .annotations.push({ type: 'substituted', description: filler.report.substituted.join('; ') });
    await shoot(page, `${kind.kind}-form`, false);
    const id = await signAndSend(page, kind, filler.report.missing);
    const send = kind.lifecycle.actions.find((a) => a.name === 'send')!;
    const sent = target(send, 0, data.content);
    await shoot(page, `${kind.kind}-view`, true);

    // Forward: every party takes the next step its life cycle offers that neither refuses nor withdraws.
    const forward = await walk(
      kind,
      sessions,
      data,
      id,
      sent,
      (actions) =>
        actions.find((a) => !negative(a) && a.by !== 'sender') ?? actions.find((a) => !negative(a)),
    );
    test
      .info()
      .annotations.push({ type: 'forward', description: `${kind.kind}: ${forward.taken.join(' → ')}` });

    // A copy, sent the same way, refused with a reason by the first party that may (the sender
    // withdraws it where nobody else acts).
    await page.goto(`/documents/${id}`);
    await toolbar(page).locator('[data-action="copy"]').click();
    await expect(page).toHaveURL(/\/documents\/update\/[0-9a-f-]{36}$/);
    const copyNumber = `${number}-R`;
    await numberField.fill(copyNumber);
    const copyId = await signAndSend(page, kind, []);
    const refused = await walk(
      kind,
      sessions,
      { ...data, number: copyNumber },
      copyId,
      sent,
      (actions) => actions.find((a) => negative(a) && a.by !== 'sender') ?? actions.find(negative),
    );
    expect(refused.taken.length, `${kind.kind}: something to refuse`).toBeGreaterThan(0);
    test
      .info()
      .annotations.push({ type: 'refused', description: `${kind.kind}: ${refused.taken.join(' → ')}` });
    await sessions.close();
  });
}
