import { precompiledLoaders } from './generated/validators';
import { type DocumentValidator, wrapValidateFunction } from './validationResult';

/**
 * The build-time (AJV standalone) validator of a kind, loaded lazily so each page bundles only the
 * kinds it shows. Same keywords, same options, same errors as createValidator; no `new Function`,
 * so it runs under a CSP without 'unsafe-eval'.
 */
export async function loadPrecompiledValidator(kind: string): Promise<DocumentValidator> {
  const load = precompiledLoaders[kind];
  if (!load) throw new Error(`No precompiled validator for kind "${kind}" (run npm run build:schemas)`);
  const module = await load();
  return wrapValidateFunction(module.validate);
}

/** The raw AJV function (e.g. for RJSF's createPrecompiledValidator({ [kind]: fn }, schema)). */
export async function loadPrecompiledValidateFunction(kind: string) {
  const load = precompiledLoaders[kind];
  if (!load) throw new Error(`No precompiled validator for kind "${kind}"`);
  return (await load()).validate;
}

export function hasPrecompiledValidator(kind: string): boolean {
  return kind in precompiledLoaders;
}

/**
 * The kind's precompiled module: `validate` (the document) and `lines` (product-line validators by
 * the RJSF hash of the line schema, see scripts/build-schemas.ts).
 */
export async function loadPrecompiledModule(kind: string) {
  const load = precompiledLoaders[kind];
  if (!load) throw new Error(`No precompiled validator for kind "${kind}" (run npm run build:schemas)`);
  return load();
}
