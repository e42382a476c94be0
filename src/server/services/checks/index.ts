import {
  type CheckResult,
  type CheckRule,
  checkRules,
  describeCheck,
  evaluateRules,
  namedIn,
  partyFact,
} from '../../../engine/checks';
import type { Locale } from '../../../engine/constants';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import type { TaxAuthority } from '../soliq/types';
import { LOOKUP_DEADLINE_MS, type LookupNote, Lookups } from './lookups';
import { lookupOfFact, serverFacts } from './provider';

// Pre-sign checks on the server (issue 29; docs/checks.md): the rules of schemas/checks/rules evaluated
// with the tax authority's answers and the caller's history. The route shows them; a send or an accept
// evaluates the rules of its action again and refuses on a tripped block (requireChecks).

export interface ChecksInput {
  db: Db;
  authority: TaxAuthority;
  caller: { user: { organizationId: string }; identity: string; lang: Locale };
  kind: string;
  content: unknown;
  documentId?: string | null;
  /** 'editor' (the panel) or an action name ('send', 'accept'). */
  moment: string;
  now?: Date | string;
  levels?: CheckRule['level'][];
  deadlineMs?: number;
}

export interface ShownCheck {
  id: string;
  level: CheckResult['level'];
  outcome: CheckResult['outcome'];
  title: string;
  reason: string;
  action: string;
  reads: CheckResult['reads'];
  /** Every tax-authority answer it read came from the labelled demo registry. */
  demo: boolean;
  /** The tax authority's own words, shown under "the tax authority's response". */
  authorityReply: string | null;
}

function notesOf(rule: CheckRule, notes: Map<string, LookupNote>): LookupNote[] {
  const found: LookupNote[] = [];
  for (const fact of namedIn(rule.condition, rule.show).facts) {
    const asked = partyFact(fact);
    const note = asked ? notes.get(`${lookupOfFact(asked.fact)}:${asked.role}`) : undefined;
    if (note) found.push(note);
  }
  return found;
}

export async function runChecks(input: ChecksInput): Promise<{ checks: ShownCheck[]; blocked: boolean }> {
  const lookups = new Lookups(input.authority, input.deadlineMs ?? LOOKUP_DEADLINE_MS);
  const provider = serverFacts({
    db: input.db,
    lookups,
    caller: input.caller,
    kind: input.kind,
    content: input.content,
    documentId: input.documentId ?? null,
    now: input.now,
  });
  const rules = checkRules();
  const results = await evaluateRules(
    rules,
    { kind: input.kind, content: input.content, now: input.now, provider },
    { moment: input.moment, levels: input.levels },
  );
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const t = (key: string, params?: Record<string, unknown>) => translate(input.caller.lang, key, params);
  const checks = results.map((result) => {
    const notes = notesOf(byId.get(result.id)!, lookups.notes);
    return {
      id: result.id,
      level: result.level,
      outcome: result.outcome,
      ...describeCheck(result, t, input.caller.lang),
      reads: result.reads,
      demo: notes.length > 0 && notes.every((note) => note.demo),
      authorityReply: notes.find((note) => note.reply)?.reply ?? null,
    };
  });
  return {
    checks,
    blocked: checks.some((check) => check.level === 'block' && check.outcome === 'tripped'),
  };
}

/**
 * The gate of a send or an accept: the action's block rules evaluated again on the server (whatever
 * the browser showed); a tripped one refuses with its id and message. A block that could not be
 * checked (a look-up did not answer) does not refuse: "not checked" is not "failed".
 */
export async function requireChecks(input: Omit<ChecksInput, 'levels'>): Promise<void> {
  const { checks } = await runChecks({ ...input, levels: ['block'] });
  const tripped = checks.filter((check) => check.outcome === 'tripped');
  if (tripped.length === 0) return;
  const first = tripped[0];
  throw new ApiError(
    422,
    'CHECK_BLOCKED',
    'checks:blocked',
    { rule: first.id, title: first.title, reason: first.reason },
    tripped.map((check) => ({
      path: '',
      keyword: 'check',
      key: `checkRules:${check.id}.reason`,
      params: { rule: check.id },
      message: `${check.title}: ${check.reason} ${check.action}`,
    })),
  );
}
