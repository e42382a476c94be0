import type { WidgetProps } from '@rjsf/utils';
import { errorIdFor } from '../../ui';
import { type FormServices, useErrorsShown } from '../theme/formContext';

/** aria-invalid / aria-describedby of a widget, tied to the FormItem's inline error. */
export function useWidgetAria(props: Pick<WidgetProps, 'id' | 'rawErrors' | 'registry' | 'required'>) {
  const shown = useErrorsShown(props.registry.formContext as FormServices | undefined, props.id);
  const invalid = shown && Boolean(props.rawErrors?.some(Boolean));
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorIdFor(props.id) : undefined,
    'aria-required': props.required || undefined,
  } as const;
}

/** The ui:options of a widget: size and variant of the ui kit input. */
export function inputLook(options: WidgetProps['options']) {
  return {
    size: (options.size as 'sm' | 'md' | 'mdpx0' | 'lg' | undefined) ?? 'md',
    variant: (options.variant as 'default' | 'outline' | 'bordered-bottom' | undefined) ?? 'default',
  };
}
