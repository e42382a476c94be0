import type { TFunction } from 'i18next';

/** Schema titles are i18n keys ("forms:party.Name"); plain text passes through unchanged. */
export function labelText(t: TFunction, label: string | undefined): string {
  if (!label) return '';
  return /^[a-z][\w-]*:[\w.-]+$/i.test(label) ? t(label, { defaultValue: label.split('.').pop() }) : label;
}
