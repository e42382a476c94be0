import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { ajvOptions } from './ajvOptions';
import { registerKeywords } from './keywords';
import type { KeywordError, ServerCheckRequest, ValidationContext } from './keywords/types';
import { getKind, onKindRegistered } from './schemas';

/** One error as every layer passes it around (AJV's shape without the verbose extras). */
export type ValidationError = KeywordError;

export interface ValidationResult {
  valid: boolean;
  errors: ValidationError[];
  /** Database checks the schema declared for this document (only filled when asked for). */
  serverChecks: ServerCheckRequest[];
}

export type DocumentValidator = (content: unknown, context?: ValidationContext) => ValidationResult;

/** A fresh AJV with the shared options and our keywords (one per process is enough). */
export function createAjv(): Ajv {
  return registerKeywords(new Ajv(ajvOptions));
}

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();
onKindRegistered((kind) => {
  const previous = compiled.get(kind);
  if (previous) ajv?.removeSchema(kind);
  compiled.delete(kind);
});

/** Compiles (once) the bundled schema of a kind with the runtime AJV. */
export function compileKind(kind: string): ValidateFunction {
  let validate = compiled.get(kind);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.compile(getKind(kind).schema);
    compiled.set(kind, validate);
  }
  return validate;
}

export function simplifyErrors(errors: ErrorObject[] | null | undefined): ValidationError[] {
  return (errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({
    instancePath,
    schemaPath,
    keyword,
    params: params as Record<string, unknown>,
    message: message ?? '',
  }));
}

/** Wraps a compiled or precompiled AJV function into the engine's validator shape. */
export function wrapValidateFunction(
  validate: ValidateFunction | ((data: any, options?: any) => boolean),
): DocumentValidator {
  return (content, context = {}) => {
    const serverChecks: ServerCheckRequest[] = [];
    const valid = (validate as any).call({ ...context, serverChecks }, content) as boolean;
    return { valid, errors: valid ? [] : simplifyErrors((validate as any).errors), serverChecks };
  };
}

/** Runtime validator of a kind (compiles with AJV; use loadPrecompiledValidator under a strict CSP). */
export function createValidator(kind: string): DocumentValidator {
  return wrapValidateFunction(compileKind(kind));
}
