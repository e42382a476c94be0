import { useTranslation } from 'react-i18next';
import { InProgress } from '../../system/InProgress';

export default function AuthInnPage() {
  const { t } = useTranslation('common');
  return <InProgress title={t('signIn.byCertificate')} />;
}
