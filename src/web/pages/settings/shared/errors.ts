import type { ErrorSchema } from '@rjsf/utils';
import { ApiRequestError } from '../../../api/client';
import { toErrorSchema } from '../../../form/serverErrors';
import { toast } from '../../../ui';

/** The server's field errors of a 400 VALIDATION, for the form's extraErrors (null: none). */
export function fieldErrorsOf(error: unknown): ErrorSchema | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'VALIDATION') return null;
  const errors = (error.body as { errors?: Array<{ path: string; message: string }> } | undefined)?.errors;
  return errors?.length ? toErrorSchema(errors) : null;
}

/** A refused call as a toast with the server's localized message. */
export function toastError(error: unknown) {
  toast.error(error instanceof Error ? error.message : String(error));
}
