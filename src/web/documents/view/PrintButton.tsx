import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import type { ViewActionItemProps } from '../extensions';

/**
 * The browser's print of the view page (the document as the form shows it; the menu, actions and
 * side panels are left out by the print styles). The printed legal form and the PDF replace this
 * through `viewActionItems` (issue 14).
 */
export function PrintButton(_props: ViewActionItemProps) {
  const { t } = useTranslation('workspace');
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      {t('actions.print')}
    </Button>
  );
}
