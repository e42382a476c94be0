import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type FormMode, listKindSummaries, summaryOf } from '../../../engine/registry';
import { ApiRequestError, apiFetch } from '../../api/client';
import { DocumentForm } from '../../form/DocumentForm';
import { useFormKind } from '../../form/kinds';
import { PrintDocument } from '../../form/print/PrintDocument';
import { loadSample } from '../../form/samples';
import { type ServerFieldError, toErrorSchema } from '../../form/serverErrors';
import { labelText } from '../../form/theme/labels';
import { Button, EmptyState, Loading, Tabs, toast } from '../../ui';
import { useDemoMode } from '../auth/useDemoMode';
import { type FixtureEntry, fixturesOf, loadFixture } from './fixtures';
import './newdoc.css';
import { DEFAULT_KIND } from './preload';

type Data = Record<string, unknown>;

/**
 * /newdoc/sandbox — the form sandbox for analysts and QA (reachable from help in demo mode): pick any
 * document kind or settings form and try it in every mode it offers, read its schema, load its
 * reference samples (valid ones, and invalid ones with the error they expect) and check it against
 * the server's rules. What is typed carries over between modes. Nothing is sent or stored here.
 */
export default function SandboxPage() {
  const demo = useDemoMode();
  const { t } = useTranslation('form');
  if (!demo)
    return (
      <section className="page">
        <h1>{t('sandbox.title')}</h1>
        <EmptyState>{t('sandbox.demoOnly')}</EmptyState>
      </section>
    );
  return <Sandbox />;
}

function Sandbox() {
  // 'validation' too: the form asks for it, loading it with the page's own texts saves a round trip.
  const { t } = useTranslation(['form', 'documents', 'forms', 'validation']);
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind') ?? DEFAULT_KIND;
  // The chooser needs only every kind's summary; the chosen kind's schema, UI schema and validator
  // load on demand (one chunk each), so the page does not carry every kind.
  const summary = summaryOf(kindParam);
  const kind = summary ? kindParam : null;
  const definition = useFormKind(kind);
  const modeParam = params.get('mode') as FormMode | null;
  const mode: FormMode = summary && modeParam && summary.modes.includes(modeParam) ? modeParam : 'create';

  // Latest data per kind, kept across mode switches without re-rendering the form on each change.
  const dataByKind = useRef(new Map<string, { data: Data; demo: boolean }>());
  const [version, setVersion] = useState(0);
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const selectId = useId();

  const current = kind ? dataByKind.current.get(kind) : undefined;
  // Update, view and print show a document: until one was typed, the demo sample is loaded first
  // (the form is not mounted meanwhile, so its defaults do not count as typed data).
  const needsSample = Boolean(kind) && mode !== 'create' && !current;

  const loadDemo = useCallback(
    async (target: string) => {
      setLoading(true);
      try {
        const sample = await loadSample(target);
        if (sample) dataByKind.current.set(target, { data: sample, demo: true });
        else toast.info(t('form:sandbox.noSample'));
      } finally {
        setLoading(false);
        setVersion((v) => v + 1);
      }
    },
    [t],
  );

  // Modes that show a document need one: start them from the demo sample when nothing was typed.
  useEffect(() => {
    if (kind && needsSample && !loading) void loadDemo(kind);
  }, [kind, needsSample, loading, loadDemo]);

  const choose = (next: { kind?: string; mode?: FormMode }) => {
    setStatus(null);
    setServerErrors(undefined);
    const search = new URLSearchParams(params);
    if (next.kind) search.set('kind', next.kind);
    if (next.mode) search.set('mode', next.mode);
    setParams(search, { replace: false });
  };

  const groups = useMemo(
    () => [
      { key: 'documents', label: t('form:sandbox.documents'), kinds: listKindSummaries('documents') },
      { key: 'settings', label: t('form:sandbox.settings'), kinds: listKindSummaries('settings') },
    ],
    [t],
  );

  const onChange = useCallback(
    (data: unknown) => {
      if (kind)
        dataByKind.current.set(kind, {
          data: data as Data,
          demo: dataByKind.current.get(kind)?.demo ?? false,
        });
    },
    [kind],
  );
  // The browser's check passed; the server checks the same rules plus the database ones.
  const onSubmit = useCallback(
    async (data: unknown) => {
      if (!kind) return;
      dataByKind.current.set(kind, { data: data as Data, demo: false });
      setServerErrors(undefined);
      setStatus(t('form:sandbox.checking'));
      try {
        await apiFetch('Document/validate', { method: 'POST', query: { kind }, body: data, quiet: true });
        setStatus(t('form:sandbox.valid'));
        toast.success(t('form:sandbox.valid'));
      } catch (error) {
        const errors =
          (error instanceof ApiRequestError && (error.body as { errors?: ServerFieldError[] })?.errors) || [];
        if (error instanceof ApiRequestError && error.status === 400 && errors.length > 0) {
          setServerErrors(toErrorSchema(errors));
          setStatus(t('form:sandbox.serverErrors', { count: errors.length }));
        } else {
          setStatus(t('form:sandbox.validOffline', { reason: (error as Error).message }));
        }
      }
    },
    [kind, t],
  );

  const modeItems = (summary?.modes ?? []).map((m) => ({ key: m, label: t(`form:modes.${m}`) }));
  const title = summary ? labelText(t, summary.titleKey) : '';

  return (
    <section className="page newdoc">
      <h1>{t('form:sandbox.title')}</h1>
      <p className="muted">{t('form:sandbox.intro')}</p>

      <div className="newdoc-controls no-print">
        <div className="form-item">
          <label className="form-item-label" htmlFor={selectId}>
            {t('form:sandbox.kind')}
          </label>
          <select
            id={selectId}
            className="input input-md"
            value={kind ?? ''}
            onChange={(event) => choose({ kind: event.target.value, mode: 'create' })}
          >
            {!kind && <option value="">{kindParam}</option>}
            {groups.map((group) => (
              <optgroup key={group.key} label={group.label}>
                {group.kinds.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {labelText(t, k.titleKey)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {summary && (
          <Tabs
            items={modeItems}
            active={mode}
            onChange={(m) => choose({ mode: m as FormMode })}
            label={t('form:sandbox.mode')}
          />
        )}
      </div>

      {!summary ? (
        <EmptyState>{t('form:sandbox.unknownKind', { kind: kindParam })}</EmptyState>
      ) : (
        <div role="tabpanel" aria-label={`${title}: ${t(`form:modes.${mode}`)}`} className="newdoc-panel">
          <div className="newdoc-bar no-print">
            <span className="newdoc-source" role="note">
              {current?.demo
                ? t('form:sandbox.sourceDemo')
                : current
                  ? t('form:sandbox.sourceTyped')
                  : t('form:sandbox.sourceEmpty')}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void loadDemo(summary.kind)}
              disabled={loading}
            >
              {t('form:sandbox.loadSample')}
            </Button>
            {current && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  dataByKind.current.delete(summary.kind);
                  setStatus(null);
                  setVersion((v) => v + 1);
                  if (mode !== 'create') choose({ mode: 'create' });
                }}
              >
                {t('form:sandbox.clear')}
              </Button>
            )}
            {mode === 'print' && (
              <Button size="sm" onClick={() => window.print()}>
                {t('form:sandbox.print')}
              </Button>
            )}
          </div>
          <details className="newdoc-details">
            <summary>{t('form:sandbox.fixtures')}</summary>
            <FixtureList
              kind={summary.kind}
              onLoad={async (entry) => {
                setLoading(true);
                try {
                  const fixture = await loadFixture(entry);
                  dataByKind.current.set(summary.kind, { data: fixture.data, demo: true });
                  setStatus(
                    entry.valid
                      ? entry.name
                      : `${entry.name}: ${fixture.description ?? ''} — ${t('form:sandbox.expected', { errors: JSON.stringify(fixture.expect) })}`,
                  );
                } finally {
                  setLoading(false);
                  setVersion((v) => v + 1);
                }
              }}
            />
          </details>
          {definition && (
            <details className="newdoc-details">
              <summary>{t('form:sandbox.schema')}</summary>
              <pre className="newdoc-schema">{JSON.stringify(definition.schema, null, 2)}</pre>
            </details>
          )}
          {status && (
            <p className="newdoc-status" role="status">
              {status}{' '}
              {summary.modes.includes('print') && (
                <Button variant="ghost" size="sm" onClick={() => choose({ mode: 'print' })}>
                  {t('form:sandbox.toPrint')}
                </Button>
              )}
            </p>
          )}
          {loading || needsSample || !definition ? (
            <Loading />
          ) : mode === 'print' ? (
            current ? (
              <PrintDocument
                schema={definition.schema as never}
                uiSchema={definition.ui}
                titleKey={definition.titleKey}
                data={current.data}
              />
            ) : (
              <EmptyState>{t('form:sandbox.nothingToPrint')}</EmptyState>
            )
          ) : (
            <DocumentForm
              key={`${definition.kind}:${mode}:${version}`}
              schema={definition.schema as never}
              uiSchema={definition.ui}
              mode={mode}
              initialData={current?.data}
              validateOn={definition.kind === 'registration' ? 'submit' : 'live'}
              onChange={onChange}
              onSubmit={onSubmit}
              extraErrors={serverErrors}
              submitLabel={mode === 'update' ? 'save' : 'check'}
            />
          )}
        </div>
      )}
    </section>
  );
}

/** The kind's reference samples: valid ones, then invalid ones (with the error each expects). */
function FixtureList({ kind, onLoad }: { kind: string; onLoad(entry: FixtureEntry): void }) {
  const { t } = useTranslation('form');
  const entries = fixturesOf(kind);
  const group = (valid: boolean) => entries.filter((e) => e.valid === valid);
  return (
    <div className="newdoc-fixtures">
      {[true, false].map((valid) => (
        <div key={String(valid)}>
          <h3>{t(valid ? 'sandbox.validFixtures' : 'sandbox.invalidFixtures')}</h3>
          <ul>
            {group(valid).map((entry) => (
              <li key={entry.path}>
                <Button variant="ghost" size="sm" onClick={() => onLoad(entry)}>
                  {t('sandbox.loadFixture', { name: entry.name })}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
