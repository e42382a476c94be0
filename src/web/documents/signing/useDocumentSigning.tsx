import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/client';
import {
  type DocumentAction,
  documentKeys,
  getModelSign,
  invalidateDocuments,
  newIdempotencyKey,
  type RunAnswer,
  runSignAction,
} from '../../api/documents';
import { type Certificate, EimzoError, getEimzoClient, reportSigningError } from '../../signing';
import { toast } from '../../ui';
import { base64ToBytes } from './bytes';
import { KeyDialog } from './KeyDialog';
import { ReasonDialog } from './ReasonDialog';
import { resultMessageKey } from './resultMessage';
import { ViaOperator } from './ViaOperator';

export interface SignTarget {
  id: string;
  /** TIN/PINFL of the party that acts: its keys are offered first. */
  partyIds: string[];
}

type Step =
  | { step: 'idle' }
  | { step: 'reason'; target: SignTarget; action: DocumentAction }
  | { step: 'key'; target: SignTarget; action: DocumentAction; reason?: string; busy: boolean };

/** Kinds of plug-in failures after which the person may simply try again with the same dialog. */
const RETRY_IN_PLACE = new Set(['cancelled', 'wrongPassword']);

/**
 * Signing in the browser (spec §4): the reason first when the action takes one, then the key (the
 * remembered one first); the server's exact bytes (getModelSign) are signed as they are — with the
 * key loaded, the password checked and a server timestamp — and sent to `run`, which verifies, joins
 * co-signatures and moves the status. Success is announced by result code; failures as spec §8
 * says (4001 info, 4003 error, the plug-in's reason, the timestamp, the server's message).
 */
export function useDocumentSigning(options: { onDone?(answer: RunAnswer): void } = {}) {
  const { t } = useTranslation(['workspace', 'auth', 'exchange']);
  const client = useQueryClient();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const onDone = useRef(options.onDone);
  onDone.current = options.onDone;

  const start = useCallback((target: SignTarget, action: DocumentAction) => {
    if (action.reason === 'required' || action.reason === 'optional')
      setState({ step: 'reason', target, action });
    else setState({ step: 'key', target, action, busy: false });
  }, []);
  const close = useCallback(() => setState({ step: 'idle' }), []);

  const sign = useCallback(
    async (cert: Certificate) => {
      if (state.step !== 'key') return;
      const { target, action, reason } = state;
      setState({ ...state, busy: true });
      try {
        const model = await getModelSign(target.id, action.name, reason);
        const eimzo = await getEimzoClient();
        const signature = await eimzo.signDocument(cert, base64ToBytes(model.toSign), { timestamp: true });
        const answer = await runSignAction(
          { documentId: target.id, action: action.name, signature, reason, version: model.version },
          newIdempotencyKey(),
        );
        const key = resultMessageKey(answer.code ?? action.result);
        toast.success(key ? t(key) : answer.message);
        setState({ step: 'idle' });
        if (answer.data) client.setQueryData(documentKeys.view(target.id), answer.data);
        invalidateDocuments(client, target.id);
        onDone.current?.(answer);
      } catch (error) {
        if (error instanceof EimzoError && RETRY_IN_PLACE.has(error.kind)) {
          reportSigningError(t, error);
          setState({ ...state, busy: false });
          return;
        }
        if (error instanceof ApiRequestError && error.status === 400 && error.code === 'VALIDATION') {
          toast.error(t('workspace:sign.invalid', { message: error.message }));
        } else reportSigningError(t, error);
        setState({ step: 'idle' });
        // The document may have moved on (another person acted, a new version): show what it is now.
        invalidateDocuments(client, target.id);
      }
    },
    [state, t, client],
  );

  const actionLabel = state.step === 'idle' ? '' : t(`workspace:actions.${state.action.name}`);
  const element =
    state.step === 'reason' ? (
      <ReasonDialog
        open
        title={t('workspace:reason.title', { action: actionLabel })}
        confirmLabel={t('workspace:sign.continue')}
        required={state.action.reason === 'required'}
        onCancel={close}
        onConfirm={(reason) =>
          setState({ step: 'key', target: state.target, action: state.action, reason, busy: false })
        }
      />
    ) : state.step === 'key' ? (
      <KeyDialog
        open
        title={t('workspace:sign.title', { action: actionLabel })}
        confirmLabel={t('workspace:sign.confirm')}
        partyIds={state.target.partyIds}
        busy={state.busy}
        onCancel={close}
        onSign={(cert) => void sign(cert)}
        note={<ViaOperator documentId={state.target.id} />}
      />
    ) : null;

  return { start, element, busy: state.step === 'key' && state.busy };
}
