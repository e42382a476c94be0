import { getSubmitButtonOptions, type SubmitButtonProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';

export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { t } = useTranslation('form');
  const { norender, submitText } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <div className="form-actions">
      <Button type="submit">{submitText && submitText !== 'Submit' ? t(submitText) : t('submit')}</Button>
    </div>
  );
}
