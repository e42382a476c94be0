import { useTranslation } from 'react-i18next';
import { showMoney } from './format';

/**
 * Money as people read it wherever a sum is shown: the exact decimal with grouped digits, two
 * decimals and the currency ("1 250 000,50 сум"); '' when there is no sum.
 */
export function useSum(): (value: string | null | undefined) => string {
  const { t, i18n } = useTranslation('workspace');
  return (value) => {
    const amount = showMoney(value, i18n.language);
    return amount ? t('workspace:money', { amount }) : '';
  };
}
