import { type JsonSchema, schemaAtPath } from './bundle';

/**
 * Turns validation errors (AJV's, our keywords', the server's) into i18next keys + params, and with
 * a `t` function into text. The same function runs in RJSF's transformErrors and in the server's
 * error handler, so a message reads the same in the form and in an API answer.
 *
 * Keys live in locales/<lng>/validation.json, namespace `validation`: the spec's `validation.required`
 * is i18next key `validation:required`; its `validations.string.passportSerial` (plural "validations"
 * as the spec names it) is `validation:validations.string.passportSerial`.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface ErrorLike {
  instancePath: string;
  keyword: string;
  params?: Record<string, unknown>;
  message?: string;
}

export interface LocalizedError {
  /** JSON pointer of the field the message belongs to. */
  path: string;
  keyword: string;
  /** i18next key with namespace, e.g. `validation:string.length`. */
  key: string;
  /** The key as the spec writes it, e.g. `validation.string.length`. */
  specKey: string;
  params: Record<string, unknown>;
  message: string;
}

type Mapped = { key: string; params?: Record<string, unknown>; path?: string };

const SIMPLE: Record<string, string> = {
  tin: 'string.tin',
  pinfl: 'string.pinfl',
  pinflOrTin: 'string.pinflOrTin',
  email: 'string.email',
  isoDate: 'string.wrongDateFormat',
  dateTime: 'string.wrongDateFormat',
  passportSerial: 'validations.string.passportSerial',
  isRegisteredTin: 'allreadyRegisteredInSystem',
  passwordConfirmation: 'passwordsDoNotMatch',
  noIndividual: 'individualForbidden',
  sellerNotBuyer: 'sellerIsBuyer',
  notToOneself: 'empowermentToOneself',
  minProperties: 'emptyObject',
  additionalProperties: 'additionalProperty',
  enum: 'oneOf',
  const: 'const',
  type: 'type',
};

function mapError(error: ErrorLike, fieldSchema: JsonSchema | undefined): Mapped {
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'required':
      return { key: 'required', path: `${error.instancePath}/${String(params.missingProperty)}` };
    case 'requiredUnless':
      return { key: 'required' };
    case 'requiredWithout':
      return { key: 'requiredWithoutField', params: { other: params.other } };
    case 'minLength':
      if (fieldSchema?.maxLength === params.limit)
        return { key: 'string.length', params: { length: params.limit } };
      return params.limit === 1 ? { key: 'required' } : { key: 'string.min', params: { min: params.limit } };
    case 'maxLength':
      if (fieldSchema?.minLength === params.limit)
        return { key: 'string.length', params: { length: params.limit } };
      return { key: 'string.max', params: { max: params.limit } };
    case 'minimum':
      return { key: 'number.min', params: { min: params.limit } };
    case 'maximum':
      return { key: 'number.max', params: { max: params.limit } };
    case 'exclusiveMinimum':
      return { key: 'number.moreThan', params: { more: params.limit } };
    case 'positive':
      return { key: 'positive' };
    case 'notAfterToday':
      return { key: 'notAfterToday', params };
    case 'exclusiveMaximum':
      return { key: 'number.lessThan', params: { less: params.limit } };
    case 'minItems':
      return { key: 'array.min', params: { min: params.limit } };
    case 'maxItems':
      return { key: 'array.max', params: { max: params.limit } };
    case 'decimalPlaces':
      return { key: 'number.decimalPlaces', params: { places: params.places } };
    case 'phoneNumber':
      return { key: 'string.phoneNumber', params: { reason: params.reason } };
    case 'password':
      return { key: `password.${String(params.reason)}`, params };
    case 'correctionDeadline':
    case 'vatRateForDate':
    case 'lineArithmetic':
      return { key: error.keyword, params };
    case 'vatArithmetic':
      return { key: 'lineArithmetic', params };
    case 'dateOrder':
      return { key: 'dateOrder', params };
    case 'markingCode':
      return { key: 'markingCode', params };
    case 'markingCodes':
      return { key: 'markingDuplicate', params };
    case 'markingCount':
      return { key: `markingCount.${String(params.problem)}`, params };
    case 'documentTotals':
      return { key: 'totals', params };
    case 'serverCheck':
      // The server's checker names its own key (validation:oldDocumentType, …).
      return { key: String(params.key ?? 'notValid').replace(/^validation:/, ''), params };
    case 'additionalProperties':
      return { key: 'additionalProperty', params: { property: params.additionalProperty } };
    case 'type':
      return { key: 'type', params: { type: params.type } };
    default:
      return SIMPLE[error.keyword] ? { key: SIMPLE[error.keyword] } : { key: 'notValid' };
  }
}

/** The i18n key of the field label at a path: the schema's `title`, or the property name. */
export function fieldLabelKey(schema: JsonSchema | undefined, path: string): string {
  const title = schema ? schemaAtPath(schema, path)?.title : undefined;
  if (typeof title === 'string') return title;
  const last = path
    .split('/')
    .filter((part) => part && !/^\d+$/.test(part))
    .pop();
  return last ?? '';
}

/** Key and params of one error, without translating. */
export function localizeKey(error: ErrorLike, schema?: JsonSchema): Omit<LocalizedError, 'message'> {
  const fieldSchema = schema ? schemaAtPath(schema, error.instancePath) : undefined;
  const mapped = mapError(error, fieldSchema);
  const path = mapped.path ?? error.instancePath;
  const key = `validation:${mapped.key}`;
  const specKey = mapped.key.startsWith('validations.') ? mapped.key : `validation.${mapped.key}`;
  return {
    path,
    keyword: error.keyword,
    key,
    specKey,
    params: { ...mapped.params, fieldKey: fieldLabelKey(schema, path) },
  };
}

/**
 * One error → key, params and the text in the language of `t`. A keyword that names its reason
 * (phoneNumber: TOO_SHORT, …) says it when the reason has a text under `<key>Reason.<reason>`:
 * "Invalid phone number: the number is too short".
 */
export function localizeError(error: ErrorLike, t: Translate, schema?: JsonSchema): LocalizedError {
  const localized = localizeKey(error, schema);
  const labelKey = String(localized.params.fieldKey ?? '');
  const field = labelKey.includes(':') ? t(labelKey) : labelKey;
  const params = { ...localized.params, field };
  const message = t(localized.key, params);
  const cause = (params as Record<string, unknown>).reason;
  const reasonKey = typeof cause === 'string' ? `${localized.key}Reason.${cause}` : null;
  const reason = reasonKey ? t(reasonKey, params) : null;
  if (!reason || reason === reasonKey || reason === reasonKey?.split(':')[1])
    return { ...localized, params, message };
  return { ...localized, params, message: `${message}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` };
}

export function localizeErrors(
  errors: readonly ErrorLike[],
  t: Translate,
  schema?: JsonSchema,
): LocalizedError[] {
  return errors.map((error) => localizeError(error, t, schema));
}

/** RJSF's error shape (kept structural so the engine does not import @rjsf/utils). */
export interface RjsfErrorLike {
  name?: string;
  property?: string;
  params?: any;
  message?: string;
  stack: string;
}

/** RJSF property ".a.b.0.c" or ".a['b']" → JSON pointer "/a/b/0/c". */
export function rjsfPropertyToPointer(property = ''): string {
  const parts = property.match(/[^.[\]'"]+/g) ?? [];
  return parts.length ? `/${parts.join('/')}` : '';
}

/**
 * For RJSF's `transformErrors`: replaces each message with the localized one. RJSF reports a
 * `required` error on the missing property itself, so its path is taken as is. A custom keyword that
 * names a `missingProperty` (requiredUnless) already reports at that property, and RJSF appends the
 * name once more (".OldFacturaDoc.OldFacturaDoc"): the repeat is dropped, so the field is named by
 * its title, not its national name.
 */
export function localizeRjsfErrors<E extends RjsfErrorLike>(
  errors: E[],
  t: Translate,
  schema?: JsonSchema,
): E[] {
  return errors.map((error) => {
    let pointer = rjsfPropertyToPointer(error.property);
    const missing = error.params?.missingProperty;
    const repeated = typeof missing === 'string' && pointer.endsWith(`/${missing}/${missing}`);
    if (error.name !== 'required' && repeated) pointer = pointer.slice(0, -(missing.length + 1));
    const isRequired = error.name === 'required';
    const parent = isRequired ? pointer.split('/').slice(0, -1).join('/') : pointer;
    const localized = localizeError(
      { instancePath: parent, keyword: error.name ?? '', params: error.params },
      t,
      schema,
    );
    return {
      ...error,
      ...(repeated && error.name !== 'required' ? { property: pointer.split('/').join('.') } : {}),
      message: localized.message,
      stack: `${localized.params.field} ${localized.message}`.trim(),
    };
  });
}

/** RJSF's ErrorSchema shape: nested by field, messages under `__errors`. */
export interface ErrorSchemaNode {
  __errors?: string[];
  [field: string]: ErrorSchemaNode | string[] | undefined;
}

/**
 * Localized errors (e.g. the server's answer to POST /api/Document/validate, including its
 * database checks) → an RJSF ErrorSchema for the Form's `extraErrors`, so the browser shows them
 * inline exactly like its own errors.
 */
export function toErrorSchema(errors: ReadonlyArray<{ path: string; message: string }>): ErrorSchemaNode {
  const root: ErrorSchemaNode = {};
  for (const { path, message } of errors) {
    let node = root;
    for (const part of path.split('/').filter(Boolean)) {
      node[part] ??= {};
      node = node[part] as ErrorSchemaNode;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return root;
}
