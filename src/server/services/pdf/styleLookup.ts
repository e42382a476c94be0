import { createRequire } from 'node:module';

/**
 * pdfmake looks up about twenty style properties (font, bold, colour, decoration, link, …) for every
 * word of every cell, each through `StyleContextStack.getStyleProperty`: push the word on the style
 * stack, make two closures and a Set, walk the stack, pop. In a 1000-line invoice that was a tenth of
 * the PDF's time. This is the same lookup — the item's own value, then its named styles (last first),
 * then the stack from the top, then the default style — without pushing, popping or allocating.
 * Only the static helper is replaced; the stack itself and every other caller stay pdfmake's.
 */
interface StyleStack {
  styleDictionary: Record<string, Record<string, unknown> & { extends?: string | string[] }>;
  defaultStyle?: Record<string, unknown>;
  styleOverrides: unknown[];
}
type Lookup = (
  item: unknown,
  stack: StyleStack | null | undefined,
  property: string,
  fallback: unknown,
) => unknown;

const require = createRequire(import.meta.url);
let installed = false;

const isValue = (value: unknown) => value !== undefined && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string' || value instanceof String;

/** A named style's value of a property, following `extends` (pdfmake's getStylePropertyFromStyle). */
function fromStyle(stack: StyleStack, name: string, property: string, visited = new Set<string>()): unknown {
  if (visited.has(name)) return undefined;
  visited.add(name);
  const style = stack.styleDictionary?.[name];
  if (!style) return undefined;
  if (isValue(style[property])) return style[property];
  if (style.extends) {
    const parents = Array.isArray(style.extends) ? style.extends : [style.extends];
    for (let i = parents.length - 1; i >= 0; i--) {
      const value = fromStyle(stack, parents[i], property, visited);
      if (isValue(value)) return value;
    }
  }
  return undefined;
}

const lookup: Lookup = (item, stack, property, fallback) => {
  const own = (item as Record<string, unknown>)[property];
  if (isValue(own)) return own;
  if (!stack) return fallback;
  let value: unknown;
  // What autopush(item) would have put on top of the stack: the item's named styles under the item.
  if (!isString(item) && typeof (item as { section?: unknown }).section === 'undefined') {
    const style = (item as { style?: string | string[] }).style;
    if (style) {
      const names = Array.isArray(style) ? style : [style];
      for (let i = names.length - 1; i >= 0; i--) {
        value = fromStyle(stack, names[i], property);
        if (isValue(value)) return value;
      }
    }
  }
  const overrides = stack.styleOverrides;
  for (let i = overrides.length - 1; i >= 0; i--) {
    const entry = overrides[i];
    value = isString(entry)
      ? fromStyle(stack, String(entry), property)
      : (entry as Record<string, unknown>)[property];
    if (isValue(value)) return value;
  }
  value = stack.defaultStyle?.[property];
  return isValue(value) ? value : fallback;
};

export function fastStyleLookup(): void {
  if (installed) return;
  installed = true;
  const module = require('pdfmake/js/StyleContextStack') as { default: { getStyleProperty: Lookup } };
  module.default.getStyleProperty = lookup;
}
