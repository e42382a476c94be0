import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { listKindSummaries } from '../../../engine/registry';
import { PATHS } from '../../../engine/routes';

/** The document kinds as cards: each leads to the create page with that kind chosen. */
export function KindChooser() {
  const { t } = useTranslation(['workspace', 'documents']);
  const kinds = listKindSummaries('documents').filter((k) => k.modes.includes('create'));
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
