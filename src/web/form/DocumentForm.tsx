import Form from '@rjsf/core';
import type {
  ErrorSchema,
  ErrorTransformer,
  RJSFSchema,
  RJSFValidationError,
  TranslatableString,
  UiSchema,
} from '@rjsf/utils';
import { englishStringTranslator, TranslatableString as TranslatableStrings } from '@rjsf/utils';
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompletenessError, type ValidationMode } from '../../engine/draft';
import { localizeRjsfErrors } from '../../engine/localize';
import { withNullBlocks } from '../../engine/nullBlocks';
import type { FormMode } from '../../engine/schemas';
import { vatArithmeticFixes } from '../../engine/vatFixes';
import { detachedLinePaths, LineStore, validatorOfDocument } from './detachedLines';
import { hasProductTable, preloadProductTable } from './productTable/lazyField';
import { DataStore, type FormServices, TouchedStore } from './theme/formContext';
import { FORM_NAMESPACES, FormTextContext, makeFormText } from './theme/formText';
import { editTemplates, editWidgets, fields, viewFields, viewTemplates, viewWidgets } from './theme/registry';
import { formValidatorFor, loadFormValidator } from './validator';
import { preloadViewTable } from './view/lazyViewTable';
import './form.css';

export interface DocumentFormProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  mode: Exclude<FormMode, 'print'>;
  initialData?: unknown;
  /** 'submit': validate only on submit (the registration form, spec §5); otherwise on blur and change. */
  validateOn?: 'live' | 'submit';
  onSubmit?(data: unknown): void;
  onChange?(data: unknown): void;
  /** Errors from the server (e.g. database checks), shown like the form's own. */
  extraErrors?: ErrorSchema;
  submitLabel?: string;
  formRef?: RefObject<Form | null>;
  idPrefix?: string;
  /** The page has its own buttons (save, sign and send): no submit button inside the form. */
  hideSubmit?: boolean;
  /**
   * How much the form checks (engine/draft.ts), read at every validation: 'draft' lets a submit pass
   * with fields still empty (saving a draft), 'complete' (the default) checks everything.
   */
  validationMode?: RefObject<ValidationMode>;
}

/** RJSF's own UI strings by enum name (the values are English sentences, unfit as i18n keys). */
const RJSF_STRING_NAMES = new Map(
  Object.entries(TranslatableStrings).map(([name, value]) => [value as string, name]),
);

const DEFAULT_STATE_BEHAVIOR = {
  emptyObjectFields: 'skipEmptyDefaults',
  arrayMinItems: { populate: 'never' },
} as const;

/**
 * One schema-driven form for every kind and mode (DESIGN §7). The Form is uncontrolled (the parent
 * is told about changes, it does not feed them back), registries and services are stable objects,
 * and validation follows spec §5: on blur, then on change once the person has tried to submit —
 * or on submit only when `validateOn` is 'submit'.
 */
export function DocumentForm({
  schema,
  uiSchema,
  mode,
  initialData,
  validateOn = 'live',
  onSubmit,
  onChange,
  extraErrors,
  submitLabel,
  formRef,
  idPrefix = 'root',
  hideSubmit,
  validationMode,
}: DocumentFormProps) {
  // The kind's precompiled validator (a kind's page loads it with the kind: form/kinds.ts); a schema
  // the build step did not precompile gets AJV's compiler, loaded on demand (form/runtimeValidator).
  // Not ready: its load starts before the texts' (both suspend), so they load side by side.
  const validator = formValidatorFor(schema);
  const loadingValidator = validator ? null : loadFormValidator(schema);
  const { t, i18n } = useTranslation([...FORM_NAMESPACES]);
  if (!validator) throw loadingValidator;
  // One translation hook for the whole form: fields and widgets read it from context (theme/formText).
  const text = useMemo(() => makeFormText(t, i18n), [t, i18n, i18n.language]);
  const innerRef = useRef<Form | null>(null);
  const ref = formRef ?? innerRef;
  const [submitted, setSubmitted] = useState(false);
  const readOnly = mode === 'view';

  // Services live as long as the form: a new kind or mode mounts a new form (keyed by the caller).
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mounted form, on purpose
  const services = useMemo<FormServices>(
    () => ({
      mode,
      touched: new TouchedStore(),
      data: new DataStore(initialData),
      lines: new LineStore(detachedLinePaths(schema, uiSchema)),
      setFieldValue: (path, value) => ref.current?.setFieldValue(path.map(String), value),
    }),
    [],
  );
  const lines = services.lines as LineStore;
  // The table's chunk loads while the form's first frame renders (productTable/lazyField.tsx).
  useMemo(
    () => hasProductTable(uiSchema) && (readOnly ? preloadViewTable() : preloadProductTable()),
    [uiSchema, readOnly],
  );
  // RJSF holds the document without its product lines (detachedLines.ts): taken out once, at mount.
  // Optional blocks the document leaves out start as null (engine/nullBlocks.ts): RJSF would fill an
  // absent one with its defaults (a required flag's false) and the block would look added.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial data of a mounted form, on purpose
  const initialHeader = useMemo(() => lines.detach(withNullBlocks(schema as never, initialData)), []);
  // The document as the page gets it: the lines put back, and null in every optional block nobody
  // added (engine/nullBlocks.ts: a new goods group's trustee is "none", not "missing").
  const whole = useCallback(
    (formData: unknown) => withNullBlocks(schema as never, lines.attach(formData)),
    [schema, lines],
  );
  const rjsfValidator = useMemo(() => validatorOfDocument(validator.rjsf, whole), [validator, whole]);

  // Stable callbacks reading the latest texts: RJSF treats functions as equal in its deep compare.
  const tRef = useRef(t);
  tRef.current = t;
  const textRef = useRef(text);
  textRef.current = text;
  const modeRef = useRef(validationMode);
  modeRef.current = validationMode;
  const transformErrors = useCallback<ErrorTransformer>(
    (errors) =>
      localizeRjsfErrors(
        // A draft is saved with fields still empty: the same check less its completeness errors.
        modeRef.current?.current === 'draft'
          ? errors.filter((error) => !isCompletenessError({ keyword: error.name ?? '' }))
          : errors,
        (key, params) => tRef.current(key, params ?? {}) as string,
        schema as never,
      ),
    [schema],
  );
  const translateString = useCallback((text: TranslatableString, params?: string[]) => {
    const english = englishStringTranslator(text, params);
    const name = RJSF_STRING_NAMES.get(text);
    if (!name) return english;
    // Without parameters (Yes/No of every boolean, button labels) the text is read once per language.
    return params?.length
      ? (tRef.current(`form:rjsf.${name}`, { defaultValue: english }) as string)
      : textRef.current.label(`form:rjsf.${name}`, english);
  }, []);

  const ui = useMemo<UiSchema>(
    () => ({
      ...uiSchema,
      'ui:submitButtonOptions': {
        norender: readOnly || Boolean(hideSubmit),
        submitText: submitLabel ?? (mode === 'update' ? 'save' : 'submit'),
      },
    }),
    [uiSchema, readOnly, submitLabel, mode, hideSubmit],
  );

  const onFormChange = useCallback(
    (event: { formData?: unknown }) => {
      const data = whole(event.formData);
      // An act's VatSum and TotalSum follow its base and rate (vatArithmetic): a new rate or new
      // lines write them back, and the change that brings them in finds nothing left to fix.
      services.data.set(data);
      const fixes = vatArithmeticFixes(schema as never, data);
      for (const fix of fixes) ref.current?.setFieldValue(fix.path, fix.value);
      if (fixes.length === 0) onChange?.(data);
    },
    [services, whole, onChange, schema, ref],
  );
  const onBlur = useCallback((id: string) => services.touched.touch(id), [services]);
  const onError = useCallback(
    (_errors: RJSFValidationError[]) => {
      services.touched.showAll();
      setSubmitted(true);
    },
    [services],
  );
  const onFormSubmit = useCallback(
    (event: { formData?: unknown }) => {
      services.touched.showAll();
      onSubmit?.(whole(event.formData));
    },
    [services, whole, onSubmit],
  );

  const liveValidate = readOnly || validateOn === 'submit' ? undefined : submitted ? 'onChange' : 'onBlur';

  return (
    <FormTextContext.Provider value={text}>
      <Form
        ref={ref}
        className={`hujjat-form hujjat-form--${mode}`}
        schema={schema}
        uiSchema={ui}
        validator={rjsfValidator}
        formContext={services}
        initialFormData={initialHeader}
        widgets={readOnly ? viewWidgets : editWidgets}
        fields={readOnly ? viewFields : fields}
        templates={readOnly ? viewTemplates : editTemplates}
        readonly={readOnly}
        noValidate={readOnly}
        liveValidate={liveValidate}
        showErrorList={validateOn === 'submit' ? false : 'top'}
        focusOnFirstError
        noHtml5Validate
        transformErrors={transformErrors}
        translateString={translateString}
        extraErrors={extraErrors}
        experimental_defaultFormStateBehavior={DEFAULT_STATE_BEHAVIOR}
        idPrefix={idPrefix}
        onChange={onFormChange}
        onBlur={onBlur}
        onError={onError}
        onSubmit={onFormSubmit}
      />
    </FormTextContext.Provider>
  );
}
