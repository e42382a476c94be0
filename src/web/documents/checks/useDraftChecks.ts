import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRules, describeCheck, evaluateRules } from '../../../engine/checks';
import type { Locale } from '../../../engine/constants';
import { fetchDraftChecks, type ShownCheck } from '../../api/checks';

/** As the spec's filters: wait this long after the last change before checking. */
export const CHECKS_DEBOUNCE_MS = 600;

/**
 * The editor's checks as the person types, off the keystroke path: a change only stores the content
 * and restarts a timer; after a pause the rules the document alone decides are evaluated here (the
 * engine), then the server's answer (look-ups, history) replaces them. A stale answer is dropped.
 */
export function useDraftChecks(kind: string, documentId: string | undefined) {
  const { t, i18n } = useTranslation(['checks', 'checkRules']);
  const [checks, setChecks] = useState<ShownCheck[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sequence = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const lang = (i18n.language || 'ru') as Locale;

  const run = useCallback(async () => {
    const content = latest.current;
    if (!content) return;
    const mine = ++sequence.current;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    const local = await evaluateRules(
      checkRules(),
      { kind, content, now: new Date() },
      { moment: 'editor', documentOnly: true },
    );
    if (mine !== sequence.current) return;
    setChecks((current) =>
      current === null
        ? local.map((r) => ({
            ...r,
            ...describeCheck(r, t, lang),
            demo: false,
            authorityReply: null,
          }))
        : current,
    );
    try {
      const answer = await fetchDraftChecks(kind, content, { documentId, signal: controller.signal });
      if (mine !== sequence.current) return;
      setChecks(answer.checks);
      setFailed(false);
    } catch {
      if (mine !== sequence.current) return;
      setFailed(true);
    } finally {
      if (mine === sequence.current) setLoading(false);
    }
  }, [kind, documentId, t, lang]);

  /** Called on every change of the form: stores the content and restarts the timer, nothing more. */
  const schedule = useCallback(
    (content: unknown) => {
      latest.current = content;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), CHECKS_DEBOUNCE_MS);
    },
    [run],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  return { checks, loading, failed, schedule, refresh: () => void run() };
}
