import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { usePackages } from '../../api/reference';
import { Button, Input } from '../../ui';
import { schemaAt } from '../productTable/documentTotals';
import { type FormServices, pathOfId, readAt, useFormValue } from '../theme/formContext';
import { useFormText } from '../theme/formText';
import { inputLook, useWidgetAria } from './a11y';
import { ClassifierPicker } from './ClassifierPicker';

/**
 * The classifier (MXIK) code: 17 digits typed or picked from the classifier (the whole classifier
 * the server holds, the company's own products first). A pick also fills the sibling CatalogName /
 * PackageCode / PackageName (and Name, for an own product, when empty) when the object has them.
 */
export function ClassifierWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus, registry } = props;
  const { t } = useFormText();
  const aria = useWidgetAria(props);
  const [open, setOpen] = useState(false);
  const services = registry.formContext as FormServices | undefined;
  return (
    <div className="input-with-button">
      <Input
        id={id}
        {...inputLook(options)}
        {...aria}
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        value={value ?? ''}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 17);
          onChange(digits === '' ? options.emptyValue : digits);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {!readonly && !disabled && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => setOpen(true)}
          aria-label={t('classifier.open')}
        >
          …
        </Button>
      )}
      {open && (
        <ClassifierPicker
          open
          initialQuery={typeof value === 'string' ? value : ''}
          onClose={() => setOpen(false)}
          onPick={(pick) => {
            setOpen(false);
            const parent = pathOfId(id).slice(0, -1);
            const current = services
              ? (readAt(services.data.get(), parent) as Record<string, unknown> | null)
              : null;
            if (services && current && typeof current === 'object') {
              const next: Record<string, unknown> = {
                ...current,
                [pathOfId(id).at(-1) ?? 'CatalogCode']: pick.CatalogCode,
              };
              // Fill the name and package fields the object's schema has.
              const parentSchema = schemaAt(registry.rootSchema, parent, (s) =>
                registry.schemaUtils.retrieveSchema(s),
              );
              const allowed = new Set(Object.keys((parentSchema?.properties ?? {}) as object));
              for (const key of ['CatalogName', 'PackageCode', 'PackageName'] as const) {
                if (allowed.has(key) && pick[key] !== undefined) next[key] = pick[key];
              }
              // The line's name is the person's: an own product's name only fills an empty one.
              if (allowed.has('Name') && pick.Name && !current.Name) next.Name = pick.Name;
              services.setFieldValue(parent, next);
            } else onChange(pick.CatalogCode);
          }}
        />
      )}
    </div>
  );
}

/**
 * Package code: a choice among the packages bound to the sibling classifier code (GET
 * /api/Document/getPackagesTasnif), or typed.
 */
export function PackageWidget(props: WidgetProps) {
  const { id, value, options, onChange, onBlur, onFocus, required, disabled, readonly, registry } = props;
  const { lang } = useFormText();
  const aria = useWidgetAria(props);
  const services = registry.formContext as FormServices | undefined;
  const code = useFormValue(services, [...pathOfId(id).slice(0, -1), 'CatalogCode']);
  const packages = usePackages(typeof code === 'string' ? code : '', lang).data ?? [];
  const listId = `${id}__packages`;
  return (
    <>
      <Input
        id={id}
        {...inputLook(options)}
        {...aria}
        list={packages.length ? listId : undefined}
        inputMode="numeric"
        autoComplete="off"
        value={value ?? ''}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        onChange={(event) => {
          const next = event.target.value.trim();
          const known = packages.find((p) => p.code === next);
          const parent = pathOfId(id).slice(0, -1);
          const current = services
            ? (readAt(services.data.get(), parent) as Record<string, unknown> | null)
            : null;
          const parentSchema = known
            ? schemaAt(registry.rootSchema, parent, (s) => registry.schemaUtils.retrieveSchema(s))
            : undefined;
          // A package chosen from the list brings its name along when the object has the field.
          if (known && services && current && 'PackageName' in ((parentSchema?.properties ?? {}) as object)) {
            services.setFieldValue(parent, {
              ...current,
              [pathOfId(id).at(-1) ?? 'PackageCode']: next,
              PackageName: known.name,
            });
          } else onChange(next === '' ? options.emptyValue : next);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {packages.length > 0 && (
        <datalist id={listId}>
          {packages.map((p) => (
            <option key={String(p.code)} value={String(p.code)}>
              {p.name}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}
