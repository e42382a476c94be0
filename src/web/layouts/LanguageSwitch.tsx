import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../engine/constants';
import { changeLocale, currentLocale } from '../i18n';
import { Select } from '../ui/Input';

const NAMES: Record<Locale, string> = { ru: 'Русский', uz: 'O‘zbekcha', en: 'English' };

export function LanguageSwitch({ id = 'language-switch' }: { id?: string }) {
  const { t, i18n } = useTranslation('common');
  void i18n.language; // re-render on change
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <Select
        id={id}
        size="sm"
        variant="outline"
        value={currentLocale()}
        onChange={(e) => void changeLocale(e.target.value as Locale)}
        options={LOCALES.map((l) => ({ value: l, label: NAMES[l] }))}
      />
    </div>
  );
}
