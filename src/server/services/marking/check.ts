import { getKind } from '../../../engine';
import { partiesOf } from '../../../engine/lifecycle/parties';
import {
  codesOf,
  duplicateCodes,
  LEVEL_FIELDS,
  MARKING_LEVELS,
  type MarkingLevel,
  type MarkingMapping,
  markedLines,
  readMarkingCode,
} from '../../../engine/marking';
import { ApiError } from '../../errors';
import type { MarkingRegistry, RegistryAnswer, RegistryQuery, RegistryStatus } from './types';

/** Codes one check may send to the registry (a document holds 10,000 a line at most; several lines add up). */
export const MAX_CODES_PER_CHECK = 50_000;
/** Problem codes listed in the answer (the counts cover all of them). */
export const MAX_LISTED_PROBLEMS = 1_000;

export type CodeStatus = RegistryStatus | 'invalid' | 'duplicate';

export interface CodeProblem {
  /** Pointer of the code in the document. */
  path: string;
  code: string;
  level: MarkingLevel;
  status: Exclude<CodeStatus, 'valid'>;
  /** For `invalid`: the engine's reason (validation:markingCodeReason.*). */
  reason?: string;
}

export interface LineResult {
  /** Pointer of the line's marks. */
  path: string;
  ordinal: number;
  quantity: unknown;
  checked: number;
  valid: number;
  /** Units the line holds by the registry's aggregation, counted at the line's own level; null if unknown. */
  units: number | null;
  /** Whether `units` equals the quantity (null when units are unknown). */
  countMatches: boolean | null;
}

export interface MarkingCheckResult {
  registry: 'http' | 'demo';
  demo: boolean;
  owner: string;
  checked: number;
  valid: number;
  problems: number;
  lines: LineResult[];
  codes: CodeProblem[];
}

/** The kind's marked lines as its schema declares them (the `markingCodes` keyword's value); null if none. */
export function markingMappingOf(kind: string): MarkingMapping | null {
  return (getKind(kind).schema.markingCodes as MarkingMapping | undefined) ?? null;
}

/**
 * Checks every code of a document: its structure and uniqueness by the engine's rules (no registry
 * call for a code that fails them), then the registry's answer for the rest, owned by the document's
 * sender; aggregates (group, transport) are resolved to the units they hold and compared with each
 * line's quantity.
 */
export async function checkDocumentCodes(
  registry: MarkingRegistry,
  kind: string,
  content: unknown,
): Promise<MarkingCheckResult> {
  if (registry.kind === 'unconfigured') await registry.check([], ''); // throws: not configured
  const registryKind = registry.kind === 'http' ? 'http' : 'demo';
  const mapping = markingMappingOf(kind);
  const owner = partiesOf(kind, content).find((party) => party.role === 'sender')?.identity ?? '';
  const lines = mapping ? markedLines(content, mapping) : [];
  const total = lines.reduce(
    (sum, line) => sum + MARKING_LEVELS.reduce((n, level) => n + codesOf(line.marks, level).length, 0),
    0,
  );
  if (total > MAX_CODES_PER_CHECK)
    throw new ApiError(400, 'TOO_MANY_CODES', 'marking:errors.tooMany', { max: MAX_CODES_PER_CHECK });

  const duplicates = new Set(mapping ? duplicateCodes(content, mapping).map((d) => d.pointer) : []);
  const problems: CodeProblem[] = [];
  const queries: Array<RegistryQuery & { path: string; line: number }> = [];
  lines.forEach((line, lineIndex) => {
    for (const level of MARKING_LEVELS) {
      const base = `${line.pointer}/${mapping!.marks}/${LEVEL_FIELDS[level]}/`;
      codesOf(line.marks, level).forEach((raw, index) => {
        const path = base + index;
        const reading = readMarkingCode(raw, level);
        if (!reading.ok) problems.push({ path, code: raw, level, status: 'invalid', reason: reading.reason });
        else if (duplicates.has(path))
          problems.push({ path, code: reading.code, level, status: 'duplicate' });
        else queries.push({ code: reading.code, level, path, line: lineIndex });
      });
    }
  });

  const answers: RegistryAnswer[] = queries.length ? await registry.check(queries, owner) : [];
  const results: LineResult[] = lines.map((line) => ({
    path: `${line.pointer}/${mapping!.marks}`,
    ordinal: line.ordinal,
    quantity: line.count,
    checked: 0,
    valid: 0,
    units: null,
    countMatches: null,
  }));
  const perLine = lines.map(() => [] as Array<{ level: MarkingLevel; answer: RegistryAnswer }>);
  answers.forEach((answer, i) => {
    const query = queries[i];
    const result = results[query.line];
    result.checked++;
    if (answer.status === 'valid') result.valid++;
    else problems.push({ path: query.path, code: query.code, level: query.level, status: answer.status });
    perLine[query.line].push({ level: query.level, answer });
  });
  results.forEach((result, i) => {
    result.units = unitsOf(lines[i].marks, perLine[i]);
    result.countMatches = result.units === null ? null : result.units === result.quantity;
  });
  const valid = results.reduce((sum, line) => sum + line.valid, 0);
  return {
    registry: registryKind,
    demo: registryKind === 'demo',
    owner,
    checked: total,
    valid,
    problems: problems.length,
    lines: results,
    codes: problems.slice(0, MAX_LISTED_PROBLEMS),
  };
}

/**
 * The units a line holds at the level it is counted in — consumer when it lists consumer codes, else
 * group when it lists group codes or its transport packages hold groups — with each aggregate
 * replaced by what the registry says it holds. Null when an aggregate's contents are unknown or of
 * another level.
 */
function unitsOf(
  marks: Record<string, unknown>,
  answers: Array<{ level: MarkingLevel; answer: RegistryAnswer }>,
): number | null {
  const hasConsumer = codesOf(marks, 'consumer').length > 0;
  const transportHoldsGroups = answers.some(
    (a) => a.level === 'transport' && a.answer.childLevel === 'group',
  );
  const level: MarkingLevel = hasConsumer
    ? 'consumer'
    : codesOf(marks, 'group').length > 0 || transportHoldsGroups
      ? 'group'
      : 'consumer';
  let units = 0;
  for (const { level: codeLevel, answer } of answers) {
    if (codeLevel === level) units++;
    else if (answer.children !== undefined && answer.childLevel === level) units += answer.children;
    else return null;
  }
  return units;
}
