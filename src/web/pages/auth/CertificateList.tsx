import { useTranslation } from 'react-i18next';
import { type Certificate, certificateIdentity, certificateLabel, isExpired } from '../../signing';

function formatDate(date: Date, locale: string) {
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleDateString(locale === 'en' ? 'en-US' : locale === 'uz' ? 'uz-Latn-UZ' : 'ru-RU');
}

/**
 * The certificates as a radio group: arrow keys move between them, Enter on one signs in. Expired
 * ones are greyed and cannot be chosen.
 */
export function CertificateList({
  certificates,
  total,
  selected,
  onSelect,
  onActivate,
}: {
  certificates: Certificate[];
  total: number;
  selected: string | null;
  onSelect: (serial: string) => void;
  onActivate: (cert: Certificate) => void;
}) {
  const { t, i18n } = useTranslation('auth');
  if (total === 0)
    return (
      <p className="cert-empty" role="status">
        {t('inn.noCertificates')}
      </p>
    );
  if (certificates.length === 0)
    return (
      <p className="cert-empty" role="status">
        {t('inn.nothingFound')}
      </p>
    );
  return (
    <fieldset className="cert-list">
      <legend className="visually-hidden">{t('inn.listLabel')}</legend>
      {certificates.map((cert) => {
        const expired = isExpired(cert);
        const id = `cert-${cert.serialNumber}`;
        const identity = certificateIdentity(cert);
        return (
          <label
            key={cert.serialNumber}
            htmlFor={id}
            className={`cert-item${expired ? ' cert-expired' : ''}${selected === cert.serialNumber ? ' cert-selected' : ''}`}
          >
            <input
              id={id}
              type="radio"
              name="certificate"
              value={cert.serialNumber}
              checked={selected === cert.serialNumber}
              disabled={expired}
              onChange={() => onSelect(cert.serialNumber)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !expired) {
                  e.preventDefault();
                  onSelect(cert.serialNumber);
                  onActivate(cert);
                }
              }}
            />
            <span className="cert-body">
              <span className="cert-title">
                {certificateLabel(cert)}
                {expired && <span className="cert-expired-suffix"> {t('inn.expiredSuffix')}</span>}
              </span>
              <span className="cert-meta">
                <span>
                  {cert.TIN ? t('inn.tin') : t('inn.pinfl')}: {identity}
                </span>
                {cert.O && <span>{cert.O}</span>}
                <span>
                  {t('inn.owner')}: {cert.CN}
                </span>
                <span>
                  {t('inn.validTo')}: {formatDate(cert.validTo, i18n.language)}
                </span>
                {cert.type === 'ftjc' && <span>{t('inn.token')}</span>}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
