import { useTranslation } from 'react-i18next';
import { useSendRoute } from '../../api/operators';

/**
 * Before signing (issue 28 item 5): when the document's action goes to the counterparty through the
 * company's exchange operator (the counterparty is not on this server, or the document already travels
 * there), the dialog says which operator. When the counterparty is elsewhere but the operator does not
 * carry the document's kind, it says the document stays on this server. Nothing while the server has
 * not answered or when the document stays here for a counterparty on this server.
 */
export function ViaOperator({ documentId }: { documentId: string }) {
  const { t } = useTranslation('operators');
  const route = useSendRoute(documentId).data;
  if (!route) return null;
  // The counterparty is elsewhere but the operator does not carry the kind: the truth, not "via".
  const carried = route.carried !== false;
  return (
    <p
      className={carried ? 'sign-via' : 'sign-via sign-via-not-carried'}
      role="note"
      data-testid="via-operator"
      data-carried={carried}
    >
      <strong>{t(carried ? 'via.title' : 'via.notCarriedTitle', { name: route.providerName })}</strong>
      {'. '}
      {t(carried ? 'via.note' : 'via.notCarriedNote', { name: route.providerName })}
    </p>
  );
}
