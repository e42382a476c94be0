import type Ajv from 'ajv';
import type { KeywordDefinition } from 'ajv';
import correctionDeadline from './correctionDeadline';
import dateOrder from './dateOrder';
import dateTime from './dateTime';
import decimalPlaces from './decimalPlaces';
import { defineKeyword } from './define';
import documentTotals from './documentTotals';
import email from './email';
import isoDate from './isoDate';
import isRegisteredTin from './isRegisteredTin';
import lineArithmetic from './lineArithmetic';
import markingCode from './markingCode';
import markingCodes from './markingCodes';
import markingCount from './markingCount';
import noIndividual from './noIndividual';
import notAfterToday from './notAfterToday';
import notToOneself from './notToOneself';
import passportSerial from './passportSerial';
import password from './password';
import passwordConfirmation from './passwordConfirmation';
import phoneNumber from './phoneNumber';
import pinfl from './pinfl';
import pinflOrTin from './pinflOrTin';
import positive from './positive';
import requiredUnless from './requiredUnless';
import requiredWithout from './requiredWithout';
import sellerNotBuyer from './sellerNotBuyer';
import serverCheck from './serverCheck';
import tin from './tin';
import type { KeywordSpec } from './types';
import vatArithmetic from './vatArithmetic';
import vatRateForDate from './vatRateForDate';

/** Every custom keyword, one file each. */
export const keywordSpecs: KeywordSpec[] = [
  correctionDeadline,
  dateOrder,
  dateTime,
  decimalPlaces,
  documentTotals,
  email,
  isRegisteredTin,
  isoDate,
  lineArithmetic,
  markingCode,
  markingCodes,
  markingCount,
  noIndividual,
  notAfterToday,
  notToOneself,
  passportSerial,
  password,
  passwordConfirmation,
  phoneNumber,
  pinfl,
  pinflOrTin,
  positive,
  requiredUnless,
  requiredWithout,
  sellerNotBuyer,
  serverCheck,
  tin,
  vatArithmetic,
  vatRateForDate,
];

/**
 * Annotation keywords: the engine reads them, validation ignores them. `local: true` marks a field the
 * national format lacks — kept beside the document, never signed nor exported (src/engine/national).
 */
export const annotationKeywords: KeywordDefinition[] = [
  { keyword: 'local', schemaType: 'boolean' },
  // `nationalKeys: "PascalCase"` on an object: its keys are exported with a capital first letter, as
  // the operators write them, though stored as the shared definition names them (src/engine/national).
  { keyword: 'nationalKeys', schemaType: 'string' },
  // `textForm: "<name>"` on an object or list field: how it is written as one text — in full in a
  // spreadsheet cell, in short on the printed form (src/engine/textForms.ts).
  { keyword: 'textForm', schemaType: 'string' },
];

export const keywordDefinitions: KeywordDefinition[] = [
  ...keywordSpecs.map((spec) => defineKeyword(spec.keyword, spec.check, spec)),
  ...annotationKeywords,
];

export const keywordNames: string[] = keywordDefinitions.map((definition) => definition.keyword as string);

/**
 * Adds the custom keywords to an AJV instance and returns it, so it fits RJSF's
 * `customizeValidator({ extenderFn: registerKeywords })`, a Fastify `ajv.plugins` entry and our own
 * runtime and standalone compilers alike.
 */
export function registerKeywords<T extends Ajv>(ajv: T): T {
  for (const definition of keywordDefinitions) {
    if (!ajv.getKeyword(definition.keyword as string)) ajv.addKeyword(definition);
  }
  return ajv;
}

export type { KeywordError, KeywordIssue, ServerCheckRequest, ValidationContext } from './types';
