import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../errors';
import { MAX_JSON_DEPTH, MAX_REQUEST_INTEGER, NOT_BLANK_PATTERN } from '../limits';

// Rules every route's input follows, whatever its own schema says (docs/CONVENTIONS.md "Server"):
// - no text holds the NUL character (PostgreSQL refuses it in text and jsonb: a 500 otherwise);
// - JSON is nested at most MAX_JSON_DEPTH levels (validators and walkers recurse);
// - a number in a request schema lies within ±MAX_REQUEST_INTEGER unless the schema bounds it
//   (page=1e308 passes `type: integer`, then overflows an offset or an integer column);
// - a text that must not be empty (minLength ≥ 1) must not be blank either: services trim names,
//   so " " passed validation and broke a constraint as "".

type Schema = Record<string, any>;

function typesOf(schema: Schema): string[] {
  return ([] as string[]).concat(schema.type ?? []);
}

/** A copy of a request schema with the rules above written into it (refs and shared ids left alone). */
export function tightenSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const source = schema as Schema;
  if (source.$ref || source.$id) return schema;
  const out: Schema = { ...source };
  const types = typesOf(source);
  if (types.includes('integer') || types.includes('number')) {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = MAX_REQUEST_INTEGER;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -MAX_REQUEST_INTEGER;
  }
  if (
    types.includes('string') &&
    (source.minLength ?? 0) >= 1 &&
    source.pattern === undefined &&
    source.enum === undefined &&
    source.const === undefined &&
    source.format === undefined
  ) {
    out.pattern = NOT_BLANK_PATTERN;
  }
  if (source.properties && typeof source.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(source.properties).map(([name, value]) => [name, tightenSchema(value)]),
    );
  }
  if (source.items) {
    out.items = Array.isArray(source.items) ? source.items.map(tightenSchema) : tightenSchema(source.items);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(source[key])) out[key] = source[key].map(tightenSchema);
  }
  return out;
}

/**
 * The first place in parsed input that breaks the NUL or depth rule, or null. Iterative (an input
 * nested a million levels deep must not exhaust the stack here either); Buffers (uploads) are bytes.
 */
export function inputProblem(input: unknown, root: string): InputProblem | null {
  const flat = flatProblem(input, root);
  return flat === undefined ? walkProblem(input, root) : flat;
}

type InputProblem = { path: string; problem: 'nul' | 'depth' };

/**
 * inputProblem of a plain object whose values are all scalars (every query string and route params
 * without repeated names), without the walk's stack and entry arrays: the same answer, in the walk's
 * order (keys first to last, then values last to first). Undefined when the input is not such an object.
 */
function flatProblem(input: unknown, root: string): InputProblem | null | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input) || Buffer.isBuffer(input)) return undefined;
  if (ArrayBuffer.isView(input)) return undefined;
  const record = input as Record<string, unknown>;
  const keys = Object.keys(record);
  for (const key of keys) {
    const value = record[key];
    if (value !== null && typeof value === 'object') return undefined;
  }
  for (const key of keys) if (key.includes('\u0000')) return { path: root, problem: 'nul' };
  for (let i = keys.length - 1; i >= 0; i--) {
    const value = record[keys[i]];
    if (typeof value === 'string' && value.includes('\u0000'))
      return { path: `${root}/${keys[i]}`, problem: 'nul' };
  }
  return null;
}

/** The walk of inputProblem for any input (nested objects and arrays). */
export function walkProblem(input: unknown, root: string): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: root, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, problem: 'nul' };
      continue;
    }
    if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_JSON_DEPTH) return { path, problem: 'depth' };
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (const [key, child] of entries) {
      if (key.includes('\u0000')) return { path, problem: 'nul' };
      stack.push({ value: child, path: `${path}/${key}`, depth: depth + 1 });
    }
  }
  return null;
}

function refusal(found: { path: string; problem: 'nul' | 'depth' }) {
  // The path is made of the client's own keys: shown without its NUL characters, and bounded.
  const path = found.path.replaceAll('\u0000', '').slice(0, 200);
  if (found.problem === 'depth')
    return new ApiError(400, 'TOO_DEEP', 'errors:tooDeep', { depth: MAX_JSON_DEPTH });
  return new ApiError(400, 'VALIDATION', 'errors:badRequestFields', {}, [
    { path, keyword: 'nul', key: 'errors:nulCharacter', message: '' },
  ]);
}

export function applyRequestRules(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Schema | undefined;
    if (!schema) return;
    route.schema = {
      ...schema,
      ...(schema.body ? { body: tightenSchema(schema.body) } : {}),
      ...(schema.querystring ? { querystring: tightenSchema(schema.querystring) } : {}),
      ...(schema.params ? { params: tightenSchema(schema.params) } : {}),
    };
  });
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const found =
      inputProblem(request.params, 'params') ??
      inputProblem(request.query, 'querystring') ??
      inputProblem(request.body, 'body');
    done(found ? refusal(found) : undefined);
  });
}
