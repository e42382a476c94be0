import { useTranslation } from 'react-i18next';
import { InProgress } from '../../system/InProgress';

export default function IncomingPage() {
  const { t } = useTranslation('common');
  return <InProgress title={t('menu.incoming')} />;
}
