import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkMarkingCodes, type MarkingCheck } from '../../api/marking';
import { Button } from '../../ui/Button';
import type { CodeBadge } from './CodeList';

/**
 * "Check in ASL BELGISI": sends the document to POST /api/Document/checkMarkingCodes and keeps the
 * answer, which the editor shows as a badge on each code of this line and a summary; a demo
 * registry's answer is labelled demo.
 */
export function useRegistryCheck(
  kind: string | undefined,
  documentId: string | undefined,
  document: () => unknown,
) {
  const [answer, setAnswer] = useState<MarkingCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (!kind) return;
    setBusy(true);
    setError(null);
    try {
      setAnswer(await checkMarkingCodes(kind, document(), documentId));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return { answer, busy, error, run, available: Boolean(kind) };
}

/** The registry's answer for each code (a package is named once in a document, so by its text). */
export function badgesOf(
  answer: MarkingCheck | null,
  t: (key: string) => string,
): ((code: string) => CodeBadge | undefined) | undefined {
  if (!answer) return undefined;
  const problems = new Map<string, string>();
  for (const problem of answer.codes) problems.set(problem.code, problem.status);
  return (code) => {
    const status = problems.get(code);
    if (!status) return { text: t('marking:status.valid'), tone: 'ok' };
    return {
      text: t(`marking:status.${status === 'duplicate' ? 'invalid' : status}`),
      tone: status === 'unknown' ? 'warn' : 'bad',
    };
  };
}

export function RegistrySummary({
  check,
  rowIndex,
}: {
  check: ReturnType<typeof useRegistryCheck>;
  /** The line's position in its table (0-based): its result among the answer's lines. */
  rowIndex?: number;
}) {
  const { t } = useTranslation('marking');
  if (!check.available) return null;
  const line = check.answer?.lines.find((l) => l.path.endsWith(`/${rowIndex}/Marks`));
  return (
    <div className="mk-registry">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void check.run()}
        loading={check.busy}
        data-testid="marking-verify"
      >
        {check.busy ? t('verifying') : t('verify')}
      </Button>
      {check.error && (
        <p className="mk-error" role="alert">
          {check.error}
        </p>
      )}
      {check.answer && (
        <div aria-live="polite" data-testid="marking-verify-result">
          {check.answer.demo && <p className="mk-demo">{t('verifyDemo')}</p>}
          <p>
            {t('verifySummary', {
              total: check.answer.checked,
              valid: check.answer.valid,
              problems: check.answer.problems,
            })}
          </p>
          {line && line.units !== null && (
            <p className={line.countMatches ? 'mk-count--ok' : 'mk-count--mismatch'}>
              {t('unitsLine', { units: line.units, quantity: line.quantity })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
