import { getLifecycle, hasLifecycle } from './registry';

/**
 * The locale key naming a document's subtype (`forms:enums.<type field>.<value>`, e.g. FacturaType 0 →
 * "Стандартный"), or null when the kind has no subtype. Lists, exports and statistics show this name,
 * never the stored code; every kind's values have one (tests/engine/typeNames.test.ts).
 */
export function typeNameKey(kind: string, type: string | number | null | undefined): string | null {
  if (type === null || type === undefined || type === '' || !hasLifecycle(kind)) return null;
  const field = getLifecycle(kind).document.type?.split('/').pop();
  return field ? `forms:enums.${field}.${type}` : null;
}
