import { getLifecycle } from '../../../engine/lifecycle';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { loadVisible } from './rows';
import { modelSign } from './sign';
import type { Caller, DocumentsContext } from './types';

/**
 * Document/isDocumentOkToSign: whether the caller could send the draft now — the same checks as
 * getModelSign for the kind's sending action (rights, status, schema and rules), reported instead
 * of thrown.
 */
export async function okToSign(ctx: DocumentsContext, caller: Caller, documentId: string) {
  const { doc } = await loadVisible(ctx.db, caller, documentId);
  const send = getLifecycle(doc.kind).actions.find((action) => action.sign.shape === 'document');
  try {
    if (!send) throw new ApiError(409, 'ACTION_NOT_ALLOWED', 'exchange:errors.notSendable');
    await modelSign(ctx, caller, documentId, send.name);
    return { ok: true, errors: [] };
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode === 404) throw error;
    return {
      ok: false,
      errors: error.errors?.length
        ? error.errors
        : [
            {
              path: '',
              code: error.code,
              key: error.messageKey,
              message: translate(caller.lang, error.messageKey, error.params),
            },
          ],
    };
  }
}
