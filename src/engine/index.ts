/**
 * Public API of the schema engine (isomorphic: no React, no Fastify, no I/O).
 *
 * Kinds
 *   listKinds(group?)            document kinds ('documents') or settings forms ('settings')
 *   getKind(kind)                { kind, group, schema (bundled, self-contained), ui, modes, titleKey,
 *                                  descriptionKey }
 *   registerKind({kind, schema, ui, group?})   add a kind at run time (schema may use "defs/x.json" refs)
 *   listKindSummaries(group?), summaryOf(kind), loadKind(kind)   the web's lazy side: every kind's
 *                                summary without its schema, and one kind's schema loaded on demand
 *                                (./registry; this index registers every kind eagerly)
 *
 * Validation (same keywords, same options everywhere)
 *   createValidator(kind)        runtime AJV: (content, { now? }) → { valid, errors, serverChecks }
 *   loadPrecompiledValidator(kind)  the build-time standalone validator, same result shape, CSP-safe
 *   ajvOptions + registerKeywords   for RJSF: customizeValidator({ ajvOptionsOverrides: ajvOptions,
 *                                   extenderFn: registerKeywords }, localizer)
 *   checkDocument(kind, content, { now, checker })  server: validate + DB checks + recompute
 *
 * Messages
 *   localizeErrors(errors, t, schema?)   → [{ path, keyword, key, specKey, params, message }]
 *   localizeRjsfErrors(errors, t, schema?)  for RJSF transformErrors
 *   toErrorSchema(serverErrors)          server answer (incl. database checks) → RJSF extraErrors
 *
 * Arithmetic (exact decimals, never floats)
 *   computeLine(line, mapping?)  recomputes DeliverySum, VatSum, DeliverySumWithVat of one line
 *   computeDocument(kind, content)   recomputes all computed values of a document
 *   invoiceTotals(lines), standardVatRate(date), allowedVatRates(date), toDecimal, round, …
 *   sumInWords(amount, 'ru' | 'uz' | 'en')
 *
 * UI schema vocabulary the theme implements (see schemas/documents/invoice/ui.json):
 *   widgets: hidden, select, textarea, date, tinLookup (ui:options.fills = party property),
 *            money, count, phone, classifier, package, region, district, password, checkbox
 *   fields:  productTable (ui:options: columns, computed, widgets, enumNames, totals, wordsOf)
 *   ui:options.nullable on an object: the block is null until the user adds it
 *   ui:options.modes at the root: the modes a kind offers
 */
export { ajvOptions } from './ajvOptions';
export { bundleSchema, type JsonSchema, resolveRef, schemaAtPath } from './bundle';
export { computeDocument, computeWithSchema } from './compute';
export { checkDocument, type DocumentCheckResult } from './documents';
export { keywordNames, registerKeywords } from './keywords';
export type { KeywordError, ServerCheckRequest, ValidationContext } from './keywords/types';
export { computeLine, INVOICE_LINE, invoiceTotals, type LineMapping, lineAmounts, sumLines } from './lines';
export {
  type ErrorLike,
  type LocalizedError,
  localizeError,
  localizeErrors,
  localizeKey,
  localizeRjsfErrors,
  rjsfPropertyToPointer,
  type Translate,
  toErrorSchema,
} from './localize';
export {
  allowedVatRates,
  COUNT_DECIMALS,
  Money,
  round,
  SUM_DECIMALS,
  standardVatRate,
  sum,
  toAmount,
  toDecimal,
  toMoneyText,
  vatOf,
} from './money';
export { isOrganizationTin, partyKind } from './parties';
export {
  hasPrecompiledValidator,
  loadPrecompiledModule,
  loadPrecompiledValidateFunction,
  loadPrecompiledValidator,
} from './precompiled';
export {
  type FormMode,
  getKind,
  hasKind,
  type KindDefinition,
  type KindGroup,
  type KindSource,
  type KindSummary,
  listKindSummaries,
  listKinds,
  loadKind,
  registerKind,
  summaryOf,
  type UiSchema,
} from './schemas';
export { runServerChecks, type ServerCheckContext, type ServerChecker } from './serverChecks';
export {
  createValidator,
  type DocumentValidator,
  type ValidationError,
  type ValidationResult,
} from './validator';
export { sumInWords, type WordsLanguage } from './words';
