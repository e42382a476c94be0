import { type IconButtonProps, TranslatableString } from '@rjsf/utils';
import { Button } from '../../ui';

/**
 * Text buttons for RJSF's plain arrays (WaybillLocalIds and the like). The core theme draws
 * Bootstrap glyph icons, which are invisible without Bootstrap; these read their text from the
 * registry's translateString (form:rjsf.* keys).
 */
function textButton(label: TranslatableString, variant: 'secondary' | 'ghost' | 'danger' = 'ghost') {
  return function ArrayButton({ id, registry, onClick, disabled, className, title }: IconButtonProps) {
    const text = registry.translateString(label);
    return (
      <Button
        id={id}
        type="button"
        size="sm"
        variant={variant}
        className={className}
        onClick={onClick}
        disabled={disabled}
        aria-label={title && title !== text ? `${text}: ${title}` : text}
      >
        {text}
      </Button>
    );
  };
}

export const AddButton = textButton(TranslatableString.AddItemButton, 'secondary');
export const CopyButton = textButton(TranslatableString.CopyButton);
export const MoveDownButton = textButton(TranslatableString.MoveDownButton);
export const MoveUpButton = textButton(TranslatableString.MoveUpButton);
export const RemoveButton = textButton(TranslatableString.RemoveButton, 'danger');
