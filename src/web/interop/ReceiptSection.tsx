import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeNationalErrors } from '../../engine/national/localize';
import { getKind, hasKind } from '../../engine/registry';
import { fetchSignedJson, receiptFindings } from '../api/interop';
import type { ViewSectionProps } from '../documents/extensions';
import { Button } from '../ui';
import { SignerList } from './SignerList';
import './interop.css';

/**
 * A document received from another operator, beside its view: every signer's verdict and how it
 * stands to the parties, what the receipt profile found (warnings, never a refusal), the fields
 * Hujjat does not know (kept), and the signed JSON exactly as signed — the only form a document of
 * an unknown shape is shown in.
 */
export function ReceiptSection({ document }: ViewSectionProps) {
  const { t } = useTranslation(['interop', 'validation', 'forms']);
  const findings = document.source === 'received' ? receiptFindings(document.warnings) : null;
  const [showJson, setShowJson] = useState(false);
  const raw = useQuery({
    queryKey: ['signed-json', document.id],
    queryFn: () => fetchSignedJson(document.id),
    enabled: Boolean(findings) && (showJson || findings?.recognized === false),
  });
  if (!findings) return null;
  const schema = hasKind(document.kind) ? getKind(document.kind).schema : undefined;
  const warnings = localizeNationalErrors(findings.profile as never, (key, params) => t(key, params), schema);
  return (
    <section
      className="doc-section card receipt"
      aria-labelledby="receipt-title"
      data-testid="receipt-section"
    >
      <h2 id="receipt-title">{t('view.title')}</h2>
      {findings.unverified && <p className="receipt-problem">{t('signature.SERVER_UNAVAILABLE')}</p>}
      <h3>{t('view.signers')}</h3>
      <SignerList signers={findings.signers} />
      {!findings.recognized && <p className="receipt-problem">{t('view.unrecognized')}</p>}
      {findings.recognized && (
        <>
          <h3>{t('view.findings')}</h3>
          {warnings.length === 0 ? (
            <p className="muted">{t('view.noFindings')}</p>
          ) : (
            <ul className="receipt-list" data-testid="receipt-warnings">
              {warnings.map((w) => (
                <li key={`${w.path}:${w.keyword}:${w.message}`}>
                  <code>{w.path}</code> {w.message}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {findings.extensions.length > 0 && (
        <>
          <h3>{t('view.extensions')}</h3>
          <ul className="receipt-list">
            {findings.extensions.map((x) => (
              <li key={x.path}>
                <code>{x.path}</code> = <code>{JSON.stringify(x.value).slice(0, 200)}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {findings.recognized && (
        <Button size="sm" variant="secondary" onClick={() => setShowJson((v) => !v)}>
          {showJson ? t('view.hideJson') : t('view.showJson')}
        </Button>
      )}
      {(showJson || !findings.recognized) && (
        <pre className="receipt-json" data-testid="receipt-json">
          {raw.data ?? (raw.isError ? t('view.jsonUnavailable') : '…')}
        </pre>
      )}
    </section>
  );
}
