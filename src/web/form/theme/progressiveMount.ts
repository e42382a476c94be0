import type { RJSFSchema } from '@rjsf/utils';
import { startTransition, useEffect, useState } from 'react';

/**
 * How much of a long form its first frame mounts, in fields: more than a wide screen (≈ 20 fields at
 * 1280 × 900) or a phone (≈ 10 at 375 px) shows before the first scroll.
 */
export const FIRST_FRAME_FIELDS = 24;

/** A nested object counts as its fields; arrays (the product table, lists) count as a screenful. */
const ARRAY_WEIGHT = FIRST_FRAME_FIELDS;

/**
 * The fields a root property puts on screen, roughly: 1 for a plain field or an empty optional block
 * (it shows its "Add" button), the number of fields for an object, a screenful for an array.
 */
export function fieldWeight(
  schema: RJSFSchema | undefined,
  value: unknown,
  retrieve: (schema: RJSFSchema, value?: unknown) => RJSFSchema,
): number {
  if (!schema || typeof schema !== 'object') return 1;
  const resolved = retrieve(schema, value);
  if (resolved.type === 'array') return ARRAY_WEIGHT;
  if (resolved.properties) {
    if (value === null || value === undefined) return 1;
    return Math.max(1, Object.keys(resolved.properties).length);
  }
  return 1;
}

/**
 * False for the first render and its frame, then true: a long form paints what fits on the first
 * screen at once and mounts the rest right after, in a transition that the browser may interrupt to
 * paint and handle input (DESIGN §8, first render). `needed` false (a short form) mounts all at once.
 */
export function useRestMounted(needed: boolean): boolean {
  const [mounted, setMounted] = useState(!needed);
  useEffect(() => {
    if (mounted) return;
    const mount = () => startTransition(() => setMounted(true));
    // After the next frame (rAF, then a task): the first screen is on the display by then. A page in
    // a background tab gets no frames: the fallback timer mounts the rest there too.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      clearTimeout(fallback);
      timer = setTimeout(mount, 0);
    });
    const fallback = setTimeout(() => {
      cancelAnimationFrame(frame);
      mount();
    }, 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [mounted]);
  return mounted;
}
