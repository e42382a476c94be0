import { useTranslation } from 'react-i18next';
import type { DocumentSignature } from '../../api/documents';
import { showDateTime } from '../format';

/**
 * Every signature of the document: signer, organisation, TIN/PINFL, certificate serial (hex and
 * decimal, as printed stamps show it), signing time, timestamp, and whether it is valid. The server
 * verifies each signature before it records it, so a recorded one is valid unless it says otherwise.
 */
export function SignaturesPanel({ signatures }: { signatures: DocumentSignature[] }) {
  const { t, i18n } = useTranslation(['workspace', 'exchange']);
  if (signatures.length === 0) return <p className="muted">{t('view.noSignatures')}</p>;
  const lang = i18n.language;
  return (
    <ul className="doc-signatures">
      {signatures.map((s) => (
        <li key={s.id} className="doc-signature">
          <div className="doc-signature-head">
            <strong>{s.signerName ?? '—'}</strong>
            <span className={s.valid === false ? 'sig-state sig-bad' : 'sig-state sig-ok'}>
              {s.valid === false ? t('view.signature.invalid') : t('view.signature.valid')}
            </span>
          </div>
          <dl className="doc-dl">
            <dt>{t('view.signature.action')}</dt>
            <dd>
              {t(`actions.${s.action}`, { defaultValue: s.action })} ·{' '}
              {t(`exchange:role.${s.role}`, { defaultValue: s.role })}
            </dd>
            {s.organization && (
              <>
                <dt>{t('view.signature.organization')}</dt>
                <dd>{s.organization}</dd>
              </>
            )}
            {s.tin && (
              <>
                <dt>{t('view.signature.tin')}</dt>
                <dd>{s.tin}</dd>
              </>
            )}
            {s.pinfl && (
              <>
                <dt>{t('view.signature.pinfl')}</dt>
                <dd>{s.pinfl}</dd>
              </>
            )}
            <dt>{t('view.signature.serial')}</dt>
            <dd>
              {s.serialHex ?? '—'}
              {s.serialDec && <span className="muted"> ({s.serialDec})</span>}
            </dd>
            <dt>{t('view.signature.signedAt')}</dt>
            <dd>{showDateTime(s.signedAt, lang, true)}</dd>
            <dt>{t('view.signature.timestamp')}</dt>
            <dd>
              {s.timestampAt ? showDateTime(s.timestampAt, lang, true) : t('view.signature.noTimestamp')}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
