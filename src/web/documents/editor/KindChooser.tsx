import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { listKindSummaries } from '../../../engine/registry';
import { PATHS } from '../../../engine/routes';
import { useMyRights } from '../../api/settings';

/** The document kinds as cards: each leads to the create page with that kind chosen. */
export function KindChooser() {
  const { t } = useTranslation(['workspace', 'documents']);
  const rights = useMyRights();
  // Only the kinds the member may create (issue 15); all of them until the rights are known.
  const kinds = listKindSummaries('documents').filter(
    (k) => k.modes.includes('create') && (!rights.data || rights.data.has(`${k.kind}:create`)),
  );
  return (
    <ul className="kind-cards">
      {kinds.map((k) => (
        <li key={k.kind}>
          <Link className="kind-card" to={`${PATHS.create}?kind=${encodeURIComponent(k.kind)}`}>
            <span className="kind-card-title">{t(k.titleKey)}</span>
            <span className="kind-card-text">{t(k.descriptionKey, { defaultValue: '' })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
