import { useTranslation } from 'react-i18next';
import { InProgress } from '../../system/InProgress';

export default function ViewPage() {
  const { t } = useTranslation('common');
  return <InProgress title={t('pages.viewDocument')} />;
}
