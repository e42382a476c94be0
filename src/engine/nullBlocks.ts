import { type JsonSchema, resolveRef } from './bundle';

/**
 * Where a schema has required properties that may be null (the national formats' optional blocks:
 * a waybill group's trustee, an invoice's old-document block): the key must be there, `null` when
 * unused (operators refuse `{}` and a missing key alike). A form leaves a block nobody added
 * undefined; `withNullBlocks` writes the null, as a new document's blank content does.
 */
interface NullPlan {
  /** Required properties that take null. */
  nulls?: string[];
  properties?: Record<string, NullPlan>;
  items?: NullPlan;
}

const typesOf = (schema: JsonSchema): unknown[] =>
  Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];

function planOf(node: JsonSchema | undefined, root: JsonSchema, depth: number): NullPlan | null {
  const schema = resolveRef(node, root);
  if (!schema || depth > 32) return null;
  const plan: NullPlan = {};
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const resolved = resolveRef(child, root);
    if (!resolved) continue;
    if (required.has(name) && typesOf(resolved).includes('null')) {
      plan.nulls ??= [];
      plan.nulls.push(name);
    }
    const childPlan = planOf(resolved, root, depth + 1);
    if (childPlan) {
      plan.properties ??= {};
      plan.properties[name] = childPlan;
    }
  }
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    const itemPlan = planOf(schema.items, root, depth + 1);
    if (itemPlan) plan.items = itemPlan;
  }
  return plan.nulls || plan.properties || plan.items ? plan : null;
}

const plans = new WeakMap<JsonSchema, NullPlan | null>();

function planFor(root: JsonSchema): NullPlan | null {
  let plan = plans.get(root);
  if (plan === undefined) {
    plan = planOf(root, root, 0);
    plans.set(root, plan);
  }
  return plan;
}

function apply(plan: NullPlan, data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    if (!plan.items) return data;
    let changed = false;
    const items = data.map((item) => {
      const next = apply(plan.items as NullPlan, item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : data;
  }
  const object = data as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const name of plan.nulls ?? []) {
    if (object[name] !== undefined) continue;
    out ??= { ...object };
    out[name] = null;
  }
  for (const [name, child] of Object.entries(plan.properties ?? {})) {
    const value = object[name];
    const next = apply(child, value);
    if (next === value) continue;
    out ??= { ...object };
    out[name] = next;
  }
  return out ?? data;
}

/**
 * The document with `null` for every required nullable property it lacks (inside blocks and array
 * items that exist; nothing is created around them). Unchanged parts keep their identity.
 */
export function withNullBlocks<T>(schema: JsonSchema, data: T): T {
  const plan = planFor(schema);
  return plan ? (apply(plan, data) as T) : data;
}
