import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';
import { KindChooser } from '../../documents/editor/KindChooser';
import '../../documents/documents.css';

/**
 * /newdoc (spec §2: titled as the form for creating new documents): the kind chooser that leads to
 * the create page of the chosen kind.
 */
export default function NewdocPage() {
  const { t } = useTranslation(['common', 'workspace']);
  return (
    <section className="page" aria-labelledby="newdoc-title">
      <h1 id="newdoc-title">{t('common:newdoc.title')}</h1>
      <p className="muted">{t('workspace:editor.chooseKind')}</p>
      <KindChooser />
      <p>
        <Link to={PATHS.templates}>{t('workspace:editor.fromTemplate')}</Link>
      </p>
    </section>
  );
}
