import Ajv, { type ValidateFunction } from 'ajv';
import { ajvOptions } from './ajvOptions';
import { registerKeywords } from './keywords';
import { getKind, onKindRegistered } from './schemas';
import { type DocumentValidator, wrapValidateFunction } from './validationResult';

export {
  type DocumentValidator,
  simplifyErrors,
  type ValidationError,
  type ValidationResult,
  wrapValidateFunction,
} from './validationResult';

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

/** Runtime validator of a kind (compiles with AJV; use loadPrecompiledValidator under a strict CSP). */
export function createValidator(kind: string): DocumentValidator {
  return wrapValidateFunction(compileKind(kind));
}
