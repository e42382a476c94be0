import { parseIsoDate, tashkentDay } from '../keywords/dates';
import { documentSummary, getLifecycle, readAll, readOne } from '../lifecycle';
import { isNumeric, Money } from '../money';
import { sourceOfFact } from './facts';
import {
  type CheckResult,
  type CheckRule,
  type Comparison,
  type Condition,
  type FactProvider,
  type Operand,
  UNKNOWN,
  type Unknown,
} from './types';

// One evaluator for the browser and the server. A condition is three-valued: a fact nobody could
// obtain (the engine has no look-ups; a service was slow or absent) makes it unknown, and a rule whose
// condition is unknown is reported "not checked" — never "passed".

type Value = unknown;
type Truth = boolean | Unknown;

export interface CheckContext {
  kind: string;
  content: unknown;
  /** The moment of the check (Tashkent day of it is "today"). */
  now?: Date | string;
  /** Look-ups and history (server); absent in the browser. */
  provider?: FactProvider;
}

/** Facts read once per document, shared by every rule evaluated on it. */
export class Evaluation {
  private readonly facts = new Map<string, Promise<Value | Unknown>>();
  readonly today: string;

  constructor(readonly context: CheckContext) {
    this.today = tashkentDay(context.now);
  }

  private documentFact(name: string): Value {
    if (name === 'today') return this.today;
    if (name === 'document.kind') return this.context.kind;
    // The total walks every line: computed only when a rule asks for it.
    if (name === 'document.total') {
      this.total ??= documentSummary(this.context.kind, this.context.content).total;
      return this.total;
    }
    return documentField(this.context.kind, this.context.content, name.slice('document.'.length));
  }

  private total: string | null | undefined;

  fact(name: string): Promise<Value | Unknown> {
    let found = this.facts.get(name);
    if (!found) {
      const source = sourceOfFact(name);
      if (source === 'document') found = Promise.resolve(this.documentFact(name));
      else if (!this.context.provider) found = Promise.resolve(UNKNOWN);
      else {
        const provider = this.context.provider;
        found = Promise.resolve()
          .then(() => provider.fact(name))
          .catch(() => UNKNOWN as Unknown);
      }
      this.facts.set(name, found);
    }
    return found;
  }

  /** Cached history look-ups by key. */
  memo(key: string, load: () => Promise<Value | Unknown>): Promise<Value | Unknown> {
    let found = this.facts.get(key);
    if (!found) {
      found = load().catch(() => UNKNOWN as Unknown);
      this.facts.set(key, found);
    }
    return found;
  }
}

function fieldValue(rule: CheckRule, name: string, ctx: CheckContext): Value {
  const pointer = rule.fields?.[name]?.[ctx.kind];
  if (!pointer) return null;
  return pointer.includes('*') ? readAll(ctx.content, pointer) : (readOne(ctx.content, pointer) ?? null);
}

function addDaysTo(date: string, days: number): string | null {
  const parsed = parseIsoDate(date);
  if (!parsed) return null;
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + days)).toISOString().slice(0, 10);
}

function nextMonthDayOf(date: string, day: number): string | null {
  const parsed = parseIsoDate(date);
  if (!parsed) return null;
  const year = parsed.month === 12 ? parsed.year + 1 : parsed.year;
  const month = parsed.month === 12 ? 1 : parsed.month + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

const asList = (value: Value): Value[] =>
  Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
const text = (value: Value) => (typeof value === 'string' ? value.trim() : value);

export async function operandValue(
  operand: Operand,
  rule: CheckRule,
  evaluation: Evaluation,
): Promise<Value | Unknown> {
  if (operand === null || typeof operand !== 'object') return operand;
  const ctx = evaluation.context;
  if ('fact' in operand) return evaluation.fact(operand.fact);
  if ('field' in operand) return fieldValue(rule, operand.field, ctx);
  if ('param' in operand) return rule.params?.[operand.param] ?? null;
  if ('count' in operand) {
    const value = await operandValue(operand.count, rule, evaluation);
    return value === UNKNOWN ? UNKNOWN : asList(value).filter((v) => text(v) !== '').length;
  }
  if ('nextMonthDay' in operand || 'addDays' in operand) {
    const inner = 'nextMonthDay' in operand ? operand.nextMonthDay : operand.addDays;
    const value = await operandValue(inner, rule, evaluation);
    if (value === UNKNOWN) return UNKNOWN;
    if (typeof value !== 'string') return null;
    return 'nextMonthDay' in operand
      ? nextMonthDayOf(value, operand.day)
      : addDaysTo(value, (operand as { days: number }).days);
  }
  const provider = ctx.provider;
  if ('kindOf' in operand) {
    const id = await operandValue(operand.kindOf, rule, evaluation);
    if (id === UNKNOWN) return UNKNOWN;
    const key = typeof id === 'string' ? id.trim() : '';
    if (!key) return null;
    if (!provider?.kindOf) return UNKNOWN;
    return evaluation.memo(`kindOf:${key}`, () => provider.kindOf!(key));
  }
  if ('earliestDateOf' in operand) {
    const ids = await operandValue(operand.earliestDateOf, rule, evaluation);
    if (ids === UNKNOWN) return UNKNOWN;
    const list = asList(ids)
      .map((id) => String(text(id)))
      .filter(Boolean);
    if (list.length === 0) return null;
    if (!provider?.datesOf) return UNKNOWN;
    const dates = await evaluation.memo(`datesOf:${list.join(',')}`, () => provider.datesOf!(list));
    if (dates === UNKNOWN) return UNKNOWN;
    return (dates as string[]).slice().sort()[0] ?? null;
  }
  return null;
}

function same(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (isNumeric(a) && isNumeric(b) && typeof a !== 'boolean' && typeof b !== 'boolean')
    return new Money(String(a)).eq(new Money(String(b)));
  return String(text(a)) === String(text(b));
}

function order(a: Value, b: Value): number | null {
  if (a === null || a === undefined || b === null || b === undefined || a === '' || b === '') return null;
  if (isNumeric(a) && isNumeric(b)) return new Money(String(a)).cmp(new Money(String(b)));
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

async function compare(c: Comparison, rule: CheckRule, evaluation: Evaluation): Promise<Truth> {
  const left = await operandValue(c.value, rule, evaluation);
  if (left === UNKNOWN) return UNKNOWN;
  const values = asList(left);
  const right = async (operand: Operand) => operandValue(operand, rule, evaluation);
  if (c.isEmpty !== undefined) return (values.filter((v) => text(v) !== '').length === 0) === c.isEmpty;
  if (c.someStartsWith)
    return values.some((v) => c.someStartsWith!.some((prefix) => String(v).startsWith(prefix)));
  if (c.everyStartsWith)
    return (
      values.length > 0 &&
      values.every((v) => c.everyStartsWith!.some((prefix) => String(v).startsWith(prefix)))
    );
  if (c.in) {
    const options = await Promise.all(c.in.map(right));
    if (options.includes(UNKNOWN)) return UNKNOWN;
    return values.some((v) => options.some((o) => same(v, o)));
  }
  if (c.equals !== undefined || c.notEquals !== undefined) {
    const other = await right((c.equals !== undefined ? c.equals : c.notEquals) as Operand);
    if (other === UNKNOWN) return UNKNOWN;
    const equal = values.length === 0 ? other === null : values.some((v) => same(v, other));
    return c.equals !== undefined ? equal : !equal;
  }
  const pairs: Array<[Operand | undefined, (n: number) => boolean]> = [
    [c.greaterThan, (n) => n > 0],
    [c.atLeast, (n) => n >= 0],
    [c.lessThan, (n) => n < 0],
    [c.atMost, (n) => n <= 0],
    [c.after, (n) => n > 0],
    [c.before, (n) => n < 0],
  ];
  for (const [operand, holds] of pairs) {
    if (operand === undefined) continue;
    const other = await right(operand);
    if (other === UNKNOWN) return UNKNOWN;
    return values.some((v) => {
      const n = order(v, other);
      return n !== null && holds(n);
    });
  }
  return false;
}

export async function conditionHolds(
  condition: Condition,
  rule: CheckRule,
  evaluation: Evaluation,
): Promise<Truth> {
  if ('all' in condition || 'any' in condition) {
    const every = 'all' in condition;
    const parts = every ? (condition as { all: Condition[] }).all : (condition as { any: Condition[] }).any;
    let unknown = false;
    for (const part of parts) {
      const truth = await conditionHolds(part, rule, evaluation);
      if (truth === UNKNOWN) unknown = true;
      else if (truth !== every) return truth;
    }
    return unknown ? UNKNOWN : every;
  }
  if ('not' in condition) {
    const truth = await conditionHolds(condition.not, rule, evaluation);
    return truth === UNKNOWN ? UNKNOWN : !truth;
  }
  return compare(condition, rule, evaluation);
}

/** The document's date, number or type by its kind's lifecycle pointers (no walk over the lines). */
function documentField(kind: string, content: unknown, key: string): Value {
  const pointers = getLifecycle(kind).document as unknown as Record<string, string | undefined>;
  const pointer = pointers[key];
  const value = pointer ? readOne(content, pointer) : undefined;
  if (value === undefined || value === null || value === '') return null;
  if (key === 'type') return isNumeric(value) ? Number(value) : value;
  if (key === 'date')
    return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
  return typeof value === 'string' ? value.trim() : value;
}

/** Whether the rule concerns this document at all (kind, type, classifier groups of its lines). */
export function ruleApplies(rule: CheckRule, kind: string, content: unknown): boolean {
  if (!rule.appliesTo.kinds.includes(kind)) return false;
  if (rule.appliesTo.types) {
    const type = documentField(kind, content, 'type');
    if (!rule.appliesTo.types.some((t) => String(t) === String(type ?? ''))) return false;
  }
  if (rule.appliesTo.classifierGroups) {
    const codes = asList(fieldValue(rule, 'catalogCode', { kind, content })).map(String);
    if (!codes.some((code) => rule.appliesTo.classifierGroups!.some((group) => code.startsWith(group))))
      return false;
  }
  return true;
}

export async function evaluateRule(rule: CheckRule, evaluation: Evaluation): Promise<CheckResult> {
  const truth = await conditionHolds(rule.condition, rule, evaluation);
  const params: Record<string, unknown> = { ...(rule.params ?? {}) };
  for (const [name, operand] of Object.entries(rule.show ?? {})) {
    const value = await operandValue(operand, rule, evaluation);
    params[name] = value === UNKNOWN ? null : value;
  }
  return {
    id: rule.id,
    level: rule.level,
    outcome: truth === UNKNOWN ? 'notChecked' : truth ? 'tripped' : 'passed',
    params,
    reads: rule.reads,
  };
}

export interface EvaluateOptions {
  /** Only rules that run at this moment ('editor', or an action name such as 'send'). */
  moment?: string;
  /** Only these levels (a gate needs only its blocks). */
  levels?: CheckRule['level'][];
  /** The browser: only the rules the document alone decides. */
  documentOnly?: boolean;
}

/** The rules that concern the document at this moment, evaluated together (facts read once). */
export async function evaluateRules(
  rules: readonly CheckRule[],
  context: CheckContext,
  options: EvaluateOptions = {},
): Promise<CheckResult[]> {
  const evaluation = new Evaluation(context);
  const chosen = rules.filter(
    (rule) =>
      (!options.moment || rule.on.includes(options.moment)) &&
      (!options.levels || options.levels.includes(rule.level)) &&
      (!options.documentOnly || rule.reads.every((source) => source === 'document')) &&
      ruleApplies(rule, context.kind, context.content),
  );
  return Promise.all(chosen.map((rule) => evaluateRule(rule, evaluation)));
}
