import type { KeywordError, KeywordIssue } from './types';

/** Turns issues of one keyword into AJV error objects (called from generated validator code). */
export function toErrors(
  issues: KeywordIssue[],
  instancePath: string,
  schemaPath: string,
  keyword: string,
): KeywordError[] {
  return issues.map((issue) => ({
    instancePath: issue.path ? instancePath + issue.path : instancePath,
    schemaPath,
    keyword,
    params: issue.params ?? {},
    // English fallback only; users see the text from localize.ts.
    message: `must pass "${keyword}" keyword validation`,
  }));
}
