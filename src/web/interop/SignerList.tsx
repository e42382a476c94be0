import { useTranslation } from 'react-i18next';
import type { SignerReport } from '../api/interop';
import { showDateTime } from '../documents/format';

/** Each signer of a received document: verified or why not, and how it stands to the parties. */
export function SignerList({ signers }: { signers: SignerReport[] }) {
  const { t, i18n } = useTranslation(['interop', 'exchange']);
  if (signers.length === 0) return <p className="muted">{t('view.noSigners')}</p>;
  return (
    <ul className="receipt-signers">
      {signers.map((s) => (
        <li key={s.index} className="receipt-signer" data-testid="receipt-signer">
          <div className="receipt-signer-head">
            <strong>{s.name ?? '—'}</strong>
            <span className={s.valid ? 'sig-state sig-ok' : 'sig-state sig-bad'}>
              {s.valid ? t('view.signatureValid') : t('view.signatureNotValid')}
            </span>
          </div>
          {!s.valid && s.code && <p className="receipt-problem">{t(`signature.${s.code}`)}</p>}
          <p className={s.match === 'unmatched' ? 'receipt-problem' : 'muted'}>
            {t(`match.${s.match}`)}
            {s.role ? ` — ${t(`exchange:role.${s.role}`, { defaultValue: s.role })}` : ''}
          </p>
          <dl className="doc-dl">
            {s.organization && (
              <>
                <dt>{t('view.organization')}</dt>
                <dd>{s.organization}</dd>
              </>
            )}
            {s.tin && (
              <>
                <dt>{t('view.tin')}</dt>
                <dd>{s.tin}</dd>
              </>
            )}
            {s.pinfl && (
              <>
                <dt>{t('view.pinfl')}</dt>
                <dd>{s.pinfl}</dd>
              </>
            )}
            {s.serialHex && (
              <>
                <dt>{t('view.serial')}</dt>
                <dd>{s.serialHex}</dd>
              </>
            )}
            {s.signedAt && (
              <>
                <dt>{t('view.signedAt')}</dt>
                <dd>{showDateTime(s.signedAt, i18n.language)}</dd>
              </>
            )}
            {s.verifiedBy && (
              <>
                <dt>{t('view.verifiedBy')}</dt>
                <dd>{t(`view.verifier.${s.verifiedBy}`)}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
