// JSON pointers of lifecycle.json: "/A/B" reads a value, "*" walks every item of an array.

/** Every value the pointer reaches (an empty list when a step is missing or null). */
export function readAll(content: unknown, pointer: string): unknown[] {
  let current: unknown[] = [content];
  for (const step of pointer.split('/').slice(1)) {
    const next: unknown[] = [];
    for (const value of current) {
      if (value === null || typeof value !== 'object') continue;
      if (step === '*') {
        if (Array.isArray(value)) next.push(...value);
      } else if (Object.hasOwn(value, step)) {
        next.push((value as Record<string, unknown>)[step]);
      }
    }
    current = next;
  }
  return current.filter((value) => value !== undefined && value !== null);
}

/** The one value of a pointer without `*`, or undefined. */
export function readOne(content: unknown, pointer: string): unknown {
  return readAll(content, pointer)[0];
}

/** A copy of `content` with the value at `pointer` (no `*`) replaced; missing objects are not created. */
export function writeOne<T>(content: T, pointer: string, value: unknown): T {
  const steps = pointer.split('/').slice(1);
  const copy = structuredClone(content) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const step of steps.slice(0, -1)) {
    const child = node[step];
    if (child === null || typeof child !== 'object') return copy as T;
    node = child as Record<string, unknown>;
  }
  node[steps[steps.length - 1]] = value;
  return copy as T;
}

/** A value counts as present when it is not empty text, null or missing. */
export function isPresent(content: unknown, pointer: string): boolean {
  return readAll(content, pointer).some((value) => !(typeof value === 'string' && value.trim() === ''));
}
