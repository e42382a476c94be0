// Shared types of the custom keywords. Kept free of AJV (types only) so the precompiled validators
// can import the check functions without pulling the AJV compiler into the browser bundle.
import type { KeywordDefinition } from 'ajv';

/** Something a keyword found wrong. `path` is a JSON pointer suffix relative to the checked value. */
export interface KeywordIssue {
  path?: string;
  params?: Record<string, unknown>;
}

/** A database-backed check declared in a schema (`serverCheck`) and run later by the server. */
export interface ServerCheckRequest {
  /** Name of the check, e.g. `oldDocumentSameType`. */
  check: string;
  /** Where the checked value sits in the document. */
  instancePath: string;
  value: unknown;
  /** Extra options declared in the schema next to the name. */
  options: Record<string, unknown>;
}

/**
 * What the caller passes as `this` when validating (AJV `passContext`). Everything is optional so
 * a validator called without context (RJSF does that) behaves as "now" and collects nothing.
 */
export interface ValidationContext {
  /** The moment of validation; deadlines are measured from it. Defaults to the current time. */
  now?: Date | string;
  /** When present, `serverCheck` keywords push what the server must check afterwards. */
  serverChecks?: ServerCheckRequest[];
  /**
   * The whole document when a part of it is validated alone (a product line on commit in the form),
   * for keywords whose rule depends on a field elsewhere in it (`positive`'s exception).
   */
  document?: unknown;
}

/**
 * A custom keyword as data: its name, its check and what AJV needs to know of it. Each keyword file
 * exports one; ./index turns them into AJV `code` keywords (./define). Plain data, so importing a
 * check (the precompiled validators do) never runs AJV's code generator.
 */
export interface KeywordSpec {
  keyword: string;
  check: KeywordCheck;
  type?: KeywordDefinition['type'];
  schemaType: KeywordDefinition['schemaType'];
  metaSchema?: object;
}

export type KeywordCheck<S = any> = (
  data: any,
  schema: S,
  rootData: any,
  context: ValidationContext | undefined,
  instancePath: string,
) => KeywordIssue[] | null;

/** An AJV-compatible error object, as the keywords produce it. */
export interface KeywordError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}
