export {
  type CountMismatch,
  type CountProblem,
  codesOf,
  countMismatches,
  type DuplicateCode,
  duplicateCodes,
  LEVEL_FIELDS,
  type MarkedLine,
  type MarkingMapping,
  markedLines,
  readCodes,
} from './document';
export { GS, hasValidCheckDigit } from './gs1';
export { normalizeMarkingCode, splitPastedCodes } from './normalize';
export {
  MARKING_LEVELS,
  type MarkingCodeReading,
  type MarkingCodeReason,
  type MarkingLevel,
  readMarkingCode,
  shortCode,
} from './structure';
