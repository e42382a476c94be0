import { useTranslation } from 'react-i18next';
import { useActionCatalogue, useRoleActions } from '../../../api/settings';

/** A role's rights as kinds × rights ("Invoice: view, create") and the administrative ones. */
export function RoleRights({ roleId }: { roleId: string | null }) {
  const { t } = useTranslation(['integrations', 'access']);
  const granted = useRoleActions(roleId);
  const catalogue = useActionCatalogue();
  if (!roleId || !granted.data || !catalogue.data) return null;
  const held = new Set(granted.data);
  const byKind = new Map<string, string[]>();
  const admin: string[] = [];
  for (const action of catalogue.data) {
    if (!held.has(action.code)) continue;
    if (action.group === 'admin') admin.push(action.title);
    else {
      const title = action.title;
      byKind.set(title, [...(byKind.get(title) ?? []), t(`access:rights.${action.right}`)]);
    }
  }
  const lines = [...[...byKind.entries()].map(([kind, rights]) => `${kind}: ${rights.join(', ')}`), ...admin];
  if (!lines.length) return <span className="muted">{t('screens.apiKeys.noRights')}</span>;
  return (
    <ul className="rights-list" data-testid="key-rights">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
