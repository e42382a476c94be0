import type { ValidateFunction } from 'ajv';
import { type JsonSchema, resolveRef } from '../bundle';
import { readOne } from '../lifecycle/pointer';
import { getLifecycle, hasLifecycle } from '../lifecycle/registry';
import { getKind, onKindRegistered } from '../schemas';
import { simplifyErrors, type ValidationError } from '../validationResult';
import { createAjv } from '../validator';
import { isBlank, nationalKey } from './schemaNode';

/**
 * The strict export check: what the roaming hub would refuse in a national JSON text (uz-edi.md §b.1
 * "strict roaming validation"). It is stricter than the form's schema:
 * - the kind's schema without its local fields (a field Hujjat keeps for itself is an extra field);
 * - an unused block is `null` — never `{}` nor a block of empty strings;
 * - the text is minified JSON (the hub and the signer work on exact bytes);
 * - the national id is present (operators assign it on creation: a roaming document has one).
 * Deadlines are judged at `now` (default: the current time). Errors have the validators' shape; the custom ones use keywords `blankBlock`, `minified`,
 * `nationalId` (texts in locales <lang>/interop.json).
 */
export function checkNationalExport(
  kind: string,
  text: string,
  options: { now?: Date | string } = {},
): ValidationError[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [issue('', 'minified', { reason: 'json' })];
  }
  const errors: ValidationError[] = [];
  if (JSON.stringify(value) !== text) errors.push(issue('', 'minified', { reason: 'spacing' }));
  const validate = nationalValidator(kind);
  if (!validate.call(options.now ? { now: options.now } : {}, value))
    errors.push(...simplifyErrors(validate.errors));
  blankBlocks(value, '', errors);
  if (hasLifecycle(kind)) {
    const pointer = getLifecycle(kind).document.id;
    if (pointer && !readOne(value, pointer)) errors.push(issue(pointer, 'nationalId', {}));
  }
  return errors;
}

function issue(instancePath: string, keyword: string, params: Record<string, unknown>): ValidationError {
  return { instancePath, schemaPath: `#/national/${keyword}`, keyword, params, message: keyword };
}

function blankBlocks(value: unknown, path: string, out: ValidationError[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      blankBlocks(item, `${path}/${index}`, out);
    });
  } else if (value !== null && typeof value === 'object') {
    if (isBlank(value) && Object.keys(value).length > 0) out.push(issue(path, 'blankBlock', {}));
    for (const [key, child] of Object.entries(value))
      if (child && typeof child === 'object') blankBlocks(child, `${path}/${key}`, out);
  }
}

/** The kind's schema with every local field removed (from `properties` and `required`). */
export function nationalSchema(schema: JsonSchema): JsonSchema {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    // An object exported under other keys (`nationalKeys`) is checked under those keys.
    const declared = node as JsonSchema;
    const source = declared.nationalKeys ? renamedKeys(resolveRef(declared, schema) ?? declared) : declared;
    const local = new Set(
      Object.entries((source.properties as JsonSchema | undefined) ?? {})
        .filter(([, child]) => (child as JsonSchema)?.local === true)
        .map(([name]) => name),
    );
    for (const [key, child] of Object.entries(source)) {
      if (key === 'properties' && local.size) {
        out.properties = Object.fromEntries(
          Object.entries(child as JsonSchema)
            .filter(([name]) => !local.has(name))
            .map(([name, value]) => [name, strip(value)]),
        );
      } else if (key === 'required' && Array.isArray(child)) {
        out.required = child.filter((name) => !local.has(name));
      } else out[key] = strip(child);
    }
    return out;
  };
  const { $id: _id, ...body } = strip(schema) as JsonSchema;
  return body;
}

const validators = new Map<string, ValidateFunction>();
onKindRegistered((kind) => validators.delete(kind));
let ajv: ReturnType<typeof createAjv> | undefined;

function nationalValidator(kind: string): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.compile(nationalSchema(getKind(kind).schema));
    validators.set(kind, validate);
  }
  return validate;
}

/** An object schema whose properties and required names are its exported keys. */
function renamedKeys(node: JsonSchema): JsonSchema {
  const key = (name: string) => nationalKey({ schema: node, root: node }, name);
  const { nationalKeys: _keys, ...rest } = node;
  return {
    ...rest,
    properties: Object.fromEntries(
      Object.entries(node.properties ?? {}).map(([name, child]) => [key(name), child]),
    ),
    ...(Array.isArray(node.required) ? { required: (node.required as string[]).map(key) } : {}),
  };
}
