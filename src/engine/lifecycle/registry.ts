import { generatedLifecycles } from '../generated/lifecycles';
import { checkLifecycle } from './check';
import type { Lifecycle } from './types';

/**
 * Life cycles by kind: every generated kind's lifecycle.json (the build step validated it against
 * schemas/lifecycle.schema.json), plus kinds registered at run time (a test registers one from a
 * temporary folder). No kind is special: everything below reads the declarations.
 */
const lifecycles = new Map<string, Lifecycle>(
  Object.entries(generatedLifecycles) as Array<[string, Lifecycle]>,
);

/** Adds (or replaces) a kind's life cycle; refuses one whose declarations do not hold together. */
export function registerLifecycle(kind: string, lifecycle: Lifecycle): Lifecycle {
  const problems = checkLifecycle(lifecycle);
  if (problems.length) throw new Error(`lifecycle of "${kind}": ${problems.join('; ')}`);
  lifecycles.set(kind, lifecycle);
  return lifecycle;
}

export function hasLifecycle(kind: string): boolean {
  return lifecycles.has(kind);
}

export function getLifecycle(kind: string): Lifecycle {
  const lifecycle = lifecycles.get(kind);
  if (!lifecycle) throw new Error(`No life cycle for kind "${kind}"`);
  return lifecycle;
}

/** Kinds with a life cycle, in registration order. */
export function lifecycleKinds(): string[] {
  return [...lifecycles.keys()];
}
