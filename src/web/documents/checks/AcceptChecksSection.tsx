import { useTranslation } from 'react-i18next';
import { checkRules } from '../../../engine/checks';
import { useStoredChecks } from '../../api/checks';
import type { ViewSectionProps } from '../extensions';
import { ChecksPanel } from './ChecksPanel';

/** The actions some rule runs at, other than the editor and the send (accept, …). */
function checkedActions(): Set<string> {
  return new Set(checkRules().flatMap((rule) => rule.on.filter((m) => m !== 'editor' && m !== 'send')));
}

/**
 * On a document the caller may accept (an incoming one): the checks of that action — the supplier's
 * risk status and the non-conformity list as the tax authority gives them — before accepting.
 */
export function AcceptChecksSection({ document }: ViewSectionProps) {
  const { t } = useTranslation('checks');
  const moments = checkedActions();
  const action = document.actions.find((a) => a.kind === 'sign' && moments.has(a.name))?.name ?? null;
  const query = useStoredChecks(document.id, action);
  if (!action) return null;
  return (
    <ChecksPanel
      title={t('panel.acceptTitle')}
      checks={query.data?.checks ?? null}
      loading={query.isFetching}
      failed={query.isError}
      onRefresh={() => void query.refetch()}
    />
  );
}
