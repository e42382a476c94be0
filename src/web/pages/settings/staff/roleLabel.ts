import type { TFunction } from 'i18next';
import type { Role } from '../../../api/settings';

/** A built-in role by its localized name, a custom one by its own. */
export function roleLabel(t: TFunction, role: Pick<Role, 'code' | 'name'>): string {
  return role.code ? t(`access:roles.${role.code}`) : role.name;
}
