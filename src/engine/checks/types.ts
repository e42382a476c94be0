// Pre-sign checks (issue 29): rules declared as data in schemas/checks/rules/<id>.json, read by the
// schema build (scripts/build-schemas.ts → generated/checks.ts) and evaluated by evaluate.ts — in the
// browser with the facts of the document alone, on the server with the look-ups and the caller's history.

export type CheckLevel = 'block' | 'warn' | 'inform';
/** Where a rule's facts come from: the document, the caller's history, the tax authority, the lines' rules. */
export type CheckSource = 'document' | 'history' | 'taxAuthority' | 'lines';
/** When a rule runs: in the editor's panel, or at a lifecycle action (send, accept, …) by its name. */
export type CheckMoment = 'editor' | string;

/** A value a condition compares: a literal, or one of the forms below. */
export type Operand =
  | string
  | number
  | boolean
  | null
  | { fact: string }
  | { field: string }
  | { param: string }
  | { kindOf: Operand }
  | { earliestDateOf: Operand }
  | { nextMonthDay: Operand; day: number }
  | { addDays: Operand; days: number }
  | { count: Operand };

export type Comparison = { value: Operand } & {
  equals?: Operand;
  notEquals?: Operand;
  in?: Operand[];
  greaterThan?: Operand;
  atLeast?: Operand;
  lessThan?: Operand;
  atMost?: Operand;
  before?: Operand;
  after?: Operand;
  isEmpty?: boolean;
  someStartsWith?: string[];
  everyStartsWith?: string[];
};

export type Condition = { all: Condition[] } | { any: Condition[] } | { not: Condition } | Comparison;

export interface RuleTexts {
  title: string;
  reason: string;
  action: string;
}

export interface CheckRule {
  id: string;
  level: CheckLevel;
  reads: CheckSource[];
  on: CheckMoment[];
  appliesTo: {
    kinds: string[];
    /** Values of the kind's lifecycle `document.type` (FacturaType, …); any when absent. */
    types?: number[];
    /** Classifier group prefixes: the rule applies when a line's code (field `catalogCode`) starts with one. */
    classifierGroups?: string[];
  };
  /** Named document fields: name → kind → JSON pointer (`*` walks arrays). */
  fields?: Record<string, Record<string, string>>;
  /** Named constants of the rule (a cap, a day of the month), usable in conditions and texts. */
  params?: Record<string, string | number | boolean>;
  /** True: the rule trips. */
  condition: Condition;
  /** Values handed to the texts ({{name}}), computed like operands. */
  show?: Record<string, Operand>;
  text: Record<'ru' | 'uz' | 'en', RuleTexts>;
  /** Test data (never in the generated module): documents that trip and pass the rule. */
  fixtures?: unknown[];
  note?: string;
}

/** A fact the evaluator could not obtain (a service slow or absent, a fact only the server has). */
export const UNKNOWN: unique symbol = Symbol('unknown');
export type Unknown = typeof UNKNOWN;

export type FactValue = unknown;

/** What the server's look-ups add (the engine alone answers UNKNOWN for them). */
export interface FactProvider {
  /** A named fact (`receiver.vatPayer`, `history.duplicateSent`, …) or UNKNOWN. */
  fact(name: string): Promise<FactValue | Unknown> | FactValue | Unknown;
  /** The kind of the caller's document with this id (national id or Hujjat's), null when none. */
  kindOf?(id: string): Promise<string | null | Unknown>;
  /** Dates of the caller's documents with these ids. */
  datesOf?(ids: string[]): Promise<string[] | Unknown>;
}

export type CheckOutcome = 'tripped' | 'passed' | 'notChecked';

export interface CheckResult {
  id: string;
  level: CheckLevel;
  outcome: CheckOutcome;
  /** Text parameters (the rule's params and `show` values). */
  params: Record<string, unknown>;
  /** Facts of which sources were read (so the panel can say "demo" or "the tax authority's response"). */
  reads: CheckSource[];
}
