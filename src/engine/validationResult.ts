import type { ErrorObject, ValidateFunction } from 'ajv';
import type { KeywordError, ServerCheckRequest, ValidationContext } from './keywords/types';

// The result shape of every validator (runtime, precompiled, server), without AJV's compiler: the
// precompiled path (./precompiled) and the browser import this, not ./validator.

/** One error as every layer passes it around (AJV's shape without the verbose extras). */
export type ValidationError = KeywordError;

export interface ValidationResult {
  valid: boolean;
  errors: ValidationError[];
  /** Database checks the schema declared for this document (only filled when asked for). */
  serverChecks: ServerCheckRequest[];
}

export type DocumentValidator = (content: unknown, context?: ValidationContext) => ValidationResult;

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
