import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BindingSummary,
  type OperatorProvider,
  useBindProvider,
  usePortalOperator,
  useProviderSettings,
  useTestConnection,
} from '../../api/operators';
import { showDateTime } from '../../documents/format';
import { SyncRuns } from '../../operators/SyncRuns';
import { Button, FormItem, Input, Loading, Modal, Select, toast } from '../../ui';
import { toastError } from './shared/errors';
import './settings.css';

/** /settings/operator: the company's exchange operator — choose, enter credentials, test, compare with the tax portal. */
export default function OperatorPage() {
  const { t } = useTranslation(['operators', 'common']);
  const settings = useProviderSettings();
  return (
    <section className="page" aria-labelledby="operator-title">
      <h1 id="operator-title">{t('settings.title')}</h1>
      <p className="muted">{t('settings.intro')}</p>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <p role="alert">{settings.error.message}</p>
      ) : (
        <div className="settings-grid two">
          <Binding
            providers={settings.data.providers}
            binding={settings.data.binding}
            canBind={settings.data.canBind}
            keyConfigured={settings.data.keyConfigured}
          />
          <Portal />
        </div>
      )}
      {settings.data?.binding && (
        <div style={{ marginTop: '1rem' }}>
          <SyncRuns />
        </div>
      )}
    </section>
  );
}

function Binding({
  providers,
  binding,
  canBind,
  keyConfigured,
}: {
  providers: OperatorProvider[];
  binding: BindingSummary | null;
  canBind: boolean;
  keyConfigured: boolean;
}) {
  const { t, i18n } = useTranslation(['operators', 'common']);
  const [providerId, setProviderId] = useState(binding?.provider ?? providers[0]?.id ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const bind = useBindProvider();
  const test = useTestConnection();
  useEffect(() => setProviderId(binding?.provider ?? providers[0]?.id ?? ''), [binding?.provider, providers]);
  const provider = providers.find((p) => p.id === providerId);
  const sameProvider = binding?.provider === providerId;
  const editable = canBind && keyConfigured;
  const nameOf = (id: string) => providers.find((p) => p.id === id)?.name ?? id;
  const label = (key: string) => t(`settings.fields.${key}`, { defaultValue: key });

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!provider) return;
    const absent = provider.fields.find(
      (f) => f.required && !values[f.key]?.trim() && !(sameProvider && binding?.mask[f.key]),
    );
    setMissing(absent?.key ?? null);
    if (absent) return;
    bind.mutate(
      { provider: provider.id, credentials: values },
      {
        onSuccess: () => {
          setValues({});
          toast.success(t('settings.saved'));
        },
        onError: toastError,
      },
    );
  };
  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: (check) => {
        const text = t(`settings.testResult.${check.reason}`, {
          name: check.provider ? nameOf(check.provider) : '',
        });
        if (check.ok) toast.success(text);
        else toast.error(text);
      },
      onError: toastError,
    });
  const unbind = () =>
    bind.mutate(
      { provider: null },
      {
        onSuccess: () => {
          setConfirm(false);
          toast.success(t('settings.unbound'));
        },
        onError: toastError,
      },
    );

  return (
    <section className="card settings-section" aria-labelledby="operator-binding-title">
      <h2 id="operator-binding-title">{t('settings.operator')}</h2>
      <p data-testid="operator-state">
        <strong>
          {binding ? t('settings.bound', { name: nameOf(binding.provider) }) : t('settings.none')}
        </strong>
        {binding && (
          <>
            <br />
            <span className="muted">
              {t('settings.boundAt', {
                who: binding.boundByName ?? '—',
                when: showDateTime(binding.updatedAt, i18n.language),
              })}
            </span>
          </>
        )}
      </p>
      {binding && !binding.readable && (
        <p className="settings-demo-note" role="alert">
          {t('settings.unreadable')}
        </p>
      )}
      {!keyConfigured && <p className="settings-demo-note">{t('settings.keyMissing')}</p>}
      {!canBind && <p className="muted">{t('settings.readOnly')}</p>}
      <form onSubmit={save} noValidate>
        <FormItem htmlFor="operator-provider" label={t('settings.operator')} required>
          <Select
            id="operator-provider"
            value={providerId}
            disabled={!editable}
            onChange={(e) => {
              setProviderId(e.target.value);
              setValues({});
              setMissing(null);
            }}
            options={providers.map((p) => ({ value: p.id, label: p.name }))}
          />
        </FormItem>
        {provider && (
          <fieldset className="operator-credentials">
            <legend>{t('settings.credentials')}</legend>
            {provider.fields.map((field) => {
              const mask = sameProvider ? binding?.mask[field.key] : undefined;
              const id = `operator-field-${field.key}`;
              return (
                <FormItem
                  key={field.key}
                  htmlFor={id}
                  label={label(field.key)}
                  required={field.required && !mask}
                  error={missing === field.key ? t('errors.missingField', { field: label(field.key) }) : null}
                  hint={mask ? `${t('settings.set')}: ${mask} · ${t('settings.keepHint')}` : undefined}
                >
                  <Input
                    id={id}
                    type={field.secret ? 'password' : 'text'}
                    autoComplete={field.secret ? 'new-password' : 'off'}
                    spellCheck={false}
                    maxLength={field.maxLength}
                    disabled={!editable}
                    invalid={missing === field.key}
                    value={values[field.key] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
                  />
                </FormItem>
              );
            })}
          </fieldset>
        )}
        <div className="settings-actions" style={{ marginTop: '0.75rem' }}>
          <Button type="submit" disabled={!editable || !provider} loading={bind.isPending && !confirm}>
            {t('settings.save')}
          </Button>
          <Button
            variant="secondary"
            onClick={runTest}
            disabled={!canBind || !binding}
            loading={test.isPending}
          >
            {t('settings.test')}
          </Button>
          {binding && (
            <Button variant="danger" onClick={() => setConfirm(true)} disabled={!canBind}>
              {t('settings.unbind')}
            </Button>
          )}
        </div>
      </form>
      <Modal
        open={confirm}
        role="alertdialog"
        title={t('settings.unbind')}
        onClose={() => setConfirm(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirm(false)}>
              {t('common:cancel')}
            </Button>
            <Button variant="danger" onClick={unbind} loading={bind.isPending}>
              {t('settings.unbind')}
            </Button>
          </>
        }
      >
        <p>{t('settings.unbindConfirm')}</p>
      </Modal>
    </section>
  );
}

/** What the tax portal lists for the company, and a warning when it is not the operator bound here. */
function Portal() {
  const { t } = useTranslation('operators');
  const portal = usePortalOperator();
  const settings = useProviderSettings();
  const nameOf = (id: string) => settings.data?.providers.find((p) => p.id === id)?.name ?? id;
  return (
    <section className="card settings-section" aria-labelledby="operator-portal-title">
      <h2 id="operator-portal-title">{t('settings.portal.title')}</h2>
      {portal.isPending ? (
        <Loading />
      ) : portal.isError ? (
        <p className="muted" role="status">
          {t('settings.portal.unavailable')}
        </p>
      ) : (
        <div data-testid="operator-portal">
          <p>
            {portal.data.portal ? (
              <>
                {t('settings.portal.listed', { name: portal.data.portal.name })}
                {portal.data.portal.isDemo && (
                  <span className="badge operator-demo">{t('settings.portal.demo')}</span>
                )}
              </>
            ) : (
              t('settings.portal.nothing')
            )}
          </p>
          {portal.data.portal && !portal.data.portalSupported && (
            <p className="muted">{t('settings.portal.unsupported')}</p>
          )}
          {portal.data.selected === true && <p className="operator-match">{t('settings.portal.match')}</p>}
          {portal.data.selected === false && portal.data.portal && portal.data.provider && (
            <p className="settings-demo-note" role="alert" data-testid="operator-mismatch">
              {t('settings.portal.differs', {
                portal: portal.data.portal.name,
                bound: nameOf(portal.data.provider),
              })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
