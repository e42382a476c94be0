import { getSubmitButtonOptions, type SubmitButtonProps } from '@rjsf/utils';
import { Button } from '../../ui';
import { useFormText } from './formText';

export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { t } = useFormText();
  const { norender, submitText } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <div className="form-actions">
      <Button type="submit">{submitText && submitText !== 'Submit' ? t(submitText) : t('submit')}</Button>
    </div>
  );
}
