import { useTranslation } from 'react-i18next';
import { InProgress } from '../../system/InProgress';

export default function RequisitePage() {
  const { t } = useTranslation('common');
  return <InProgress title={t('menu.companyDetails')} />;
}
