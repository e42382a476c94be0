// The label of a field a settings change names (audit_log detail.changes): requisites by the company
// form's labels, a right by its kind and right, every other field by settings:history.fields. The
// keys a label may come from, in order; the first that exists is shown (a server test checks that
// every field the settings services write has one in ru, uz and en).

/** i18n keys that may name `field` of a change recorded under `event`, most specific first. */
export function historyFieldKeys(event: string, field: string): string[] {
  if (event.startsWith('settings.requisites.')) return [`forms:company.${field}`];
  if (event === 'settings.access.changed') {
    const [scope, right] = field.split(':');
    return scope === 'admin' ? [`access:admin.${right}`] : [`access:rights.${right}`];
  }
  return [`settings:history.fields.${field}`];
}

/** The kind a document right is about ("invoice:view" → "invoice"), for its title; null otherwise. */
export function rightKind(event: string, field: string): string | null {
  if (event !== 'settings.access.changed') return null;
  const [scope] = field.split(':');
  return scope === 'admin' ? null : scope;
}
