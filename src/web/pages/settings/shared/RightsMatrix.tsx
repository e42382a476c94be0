import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionInfo } from '../../../api/settings';

export interface CellState {
  checked: boolean;
  /** A short note under the box: where the right comes from ("role", "own"). */
  note?: string;
  /** The note marks the member's own override. */
  override?: boolean;
}

const RIGHTS = ['view', 'create', 'send', 'accept'] as const;

/**
 * Document kinds × rights (view, create, send/cancel, accept/reject) with the tax authority's role
 * codes, and the administrative rights below: a checkbox per right. Scrolls sideways on a phone.
 */
export function RightsMatrix({
  catalogue,
  state,
  disabled,
  onToggle,
  caption,
}: {
  catalogue: ActionInfo[];
  state(code: string): CellState;
  disabled?: boolean;
  onToggle?(code: string, checked: boolean): void;
  caption: string;
}) {
  const { t } = useTranslation(['settings', 'access']);
  const kinds = [...new Set(catalogue.filter((a) => a.group === 'document').map((a) => a.kind as string))];
  const byCode = new Map(catalogue.map((a) => [a.code, a]));
  const admin = catalogue.filter((a) => a.group === 'admin');
  const cell = (action: ActionInfo | undefined, label: string) => {
    if (!action) return <td />;
    const s = state(action.code);
    return (
      <td>
        <span className="access-cell">
          <input
            type="checkbox"
            checked={s.checked}
            disabled={disabled || !onToggle}
            aria-label={label}
            data-code={action.code}
            onChange={(e) => onToggle?.(action.code, e.target.checked)}
          />
          {s.note && <small className={s.override ? 'override' : undefined}>{s.note}</small>}
        </span>
      </td>
    );
  };
  return (
    <div className="access-matrix">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('matrix.kind')}</th>
            {RIGHTS.map((right) => (
              <th key={right} scope="col">
                {t(`access:rights.${right}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map((kind) => {
            const first = byCode.get(`${kind}:view`);
            const send = byCode.get(`${kind}:send`);
            const accept = byCode.get(`${kind}:accept`);
            const roles = [send?.taxRole, accept?.taxRole].filter((r) => r !== undefined);
            return (
              <tr key={kind}>
                <th scope="row">
                  {first?.title ?? kind}
                  {roles.length > 0 && (
                    <span className="tax-role">{t('matrix.taxRoles', { roles: roles.join('/') })}</span>
                  )}
                </th>
                {RIGHTS.map((right) => {
                  const action = byCode.get(`${kind}:${right}`);
                  return (
                    <Fragment key={right}>
                      {cell(action, `${first?.title ?? kind}: ${t(`access:rights.${right}`)}`)}
                    </Fragment>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <table className="access-admin">
        <caption className="visually-hidden">{t('matrix.admin')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('matrix.admin')}</th>
            <th scope="col">{t('matrix.allowed')}</th>
          </tr>
        </thead>
        <tbody>
          {admin.map((action) => (
            <tr key={action.code}>
              <th scope="row">{action.title}</th>
              {cell(action, action.title)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
