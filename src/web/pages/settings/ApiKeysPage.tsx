import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiKey,
  type IssuedKey,
  useAddApiKey,
  useApiKeys,
  useRevokeApiKey,
  useRotateApiKey,
} from '../../api/integrations';
import { type Role, useBranches, useRoles } from '../../api/settings';
import { showDateTime } from '../../documents/format';
import { Button, FormItem, Input, Loading, Modal, Select, Textarea, toast } from '../../ui';
import { RoleRights } from './integrations/RoleRights';
import { OverlapField, overlapHours, SecretOnce, useManagesIntegrations } from './integrations/shared';
import { toastError } from './shared/errors';
import { NoAuthority } from './shared/NoAuthority';
import { roleLabel } from './staff/roleLabel';
import './settings.css';

/** /settings/apiKeys: the organisation's API keys — list, create (shown once), rotate with an overlap, revoke. */
export default function ApiKeysPage() {
  const { t } = useTranslation(['integrations', 'common']);
  const gate = useManagesIntegrations();
  const title = t('screens.apiKeys.title');
  if (gate.pending) return <Loading />;
  if (!gate.allowed) return <NoAuthority title={title} messageKey="integrations:screens.common.owner" />;
  return <KeysScreen title={title} />;
}

function KeysScreen({ title }: { title: string }) {
  const { t } = useTranslation('integrations');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <section className="page" aria-labelledby="api-keys-title">
      <h1 id="api-keys-title">{title}</h1>
      <p className="muted">{t('screens.apiKeys.intro')}</p>
      <div className="settings-toolbar">
        <Button onClick={() => setCreating(true)}>{t('screens.apiKeys.add')}</Button>
      </div>
      {keys.isPending ? (
        <Loading />
      ) : keys.isError ? (
        <p role="alert">{keys.error.message}</p>
      ) : keys.data.length === 0 ? (
        <p className="card settings-section muted">{t('screens.apiKeys.empty')}</p>
      ) : (
        <ul className="integration-list" aria-label={title}>
          {keys.data.map((key) => (
            <KeyItem key={key.id} apiKey={key} onRotate={setRotating} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      {creating && (
        <CreateKey
          onClose={() => setCreating(false)}
          onIssued={(answer) => {
            setCreating(false);
            setIssued(answer);
          }}
        />
      )}
      {rotating && (
        <RotateKey
          apiKey={rotating}
          onClose={() => setRotating(null)}
          onIssued={(answer) => {
            setRotating(null);
            setIssued(answer);
          }}
        />
      )}
      <RevokeKey apiKey={revoking} onClose={() => setRevoking(null)} />
      <SecretOnce
        title={issued ? t('screens.apiKeys.issuedFor', { name: issued.key.name }) : ''}
        secret={issued?.secret ?? null}
        onClose={() => setIssued(null)}
      />
    </section>
  );
}

function KeyItem({
  apiKey,
  onRotate,
  onRevoke,
}: {
  apiKey: ApiKey;
  onRotate: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}) {
  const { t, i18n } = useTranslation(['integrations', 'access']);
  const when = (iso: string | null) => (iso ? showDateTime(iso, i18n.language) : t('screens.common.never'));
  const active = apiKey.state === 'active';
  const headingId = `key-${apiKey.id}`;
  return (
    <li className="card integration-item" aria-labelledby={headingId} data-testid="api-key">
      <div className="integration-item-head">
        <h3 id={headingId}>{apiKey.name}</h3>
        <span className={`state-badge ${active ? 'on' : apiKey.state === 'revoked' ? 'off' : 'idle'}`}>
          {t(`screens.apiKeys.states.${apiKey.state}`)}
        </span>
      </div>
      <dl className="settings-facts">
        <dt>{t('screens.apiKeys.role')}</dt>
        <dd>
          {apiKey.roleName
            ? roleLabel(t, { code: apiKey.roleCode as Role['code'], name: apiKey.roleName })
            : t('screens.common.none')}
          <details className="key-rights">
            <summary>{t('screens.apiKeys.rights')}</summary>
            <RoleRights roleId={apiKey.roleId} />
          </details>
        </dd>
        <dt>{t('screens.apiKeys.branch')}</dt>
        <dd>{apiKey.branchCode ?? t('screens.apiKeys.allBranches')}</dd>
        <dt>{t('screens.apiKeys.addresses')}</dt>
        <dd>
          {apiKey.allowedAddresses.length
            ? apiKey.allowedAddresses.join(', ')
            : t('screens.apiKeys.anyAddress')}
        </dd>
        <dt>{t('screens.apiKeys.expires')}</dt>
        <dd>{when(apiKey.expiresAt)}</dd>
        <dt>{t('screens.apiKeys.lastUsed')}</dt>
        <dd>
          {when(apiKey.lastUsedAt)}
          {apiKey.lastUsedIp && <span className="muted"> · {apiKey.lastUsedIp}</span>}
        </dd>
        {apiKey.secrets.length > 0 && (
          <>
            <dt>{t('screens.apiKeys.secret')}</dt>
            <dd>
              {apiKey.secrets.map((s) => (
                <div key={s.prefix}>
                  <code>{s.prefix}…</code>
                  {s.expiresAt && (
                    <span className="muted">
                      {' '}
                      ·{' '}
                      {t('screens.common.overlapUntil', { until: showDateTime(s.expiresAt, i18n.language) })}
                    </span>
                  )}
                </div>
              ))}
            </dd>
          </>
        )}
      </dl>
      {active && (
        <div className="settings-actions">
          <Button variant="secondary" size="sm" onClick={() => onRotate(apiKey)}>
            {t('screens.apiKeys.rotate')}
          </Button>
          <Button variant="danger" size="sm" onClick={() => onRevoke(apiKey)}>
            {t('screens.apiKeys.revoke')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The end of the chosen day (local time) as the server's date-time; empty: no expiry. */
const expiryOf = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : null);
const addressesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

function CreateKey({ onClose, onIssued }: { onClose: () => void; onIssued: (answer: IssuedKey) => void }) {
  const { t } = useTranslation(['integrations', 'access']);
  const roles = useRoles();
  const branches = useBranches();
  const add = useAddApiKey();
  const [form, setForm] = useState({ name: '', roleId: '', branchCode: '', addresses: '', expires: '' });
  const [tried, setTried] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const nameError = form.name.trim() ? null : t('screens.apiKeys.nameRequired');
  const roleError = form.roleId ? null : t('screens.apiKeys.roleRequired');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (nameError || roleError) return;
    add.mutate(
      {
        name: form.name.trim(),
        roleId: form.roleId,
        branchCode: form.branchCode || null,
        allowedAddresses: addressesOf(form.addresses),
        expiresAt: expiryOf(form.expires),
      },
      {
        onSuccess: (answer) => {
          toast.success(t('screens.apiKeys.created', { name: answer.key.name }));
          onIssued(answer);
        },
        onError: toastError,
      },
    );
  };
  return (
    <Modal
      open
      title={t('screens.apiKeys.createTitle')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('screens.common.cancel')}
          </Button>
          <Button type="submit" form="api-key-form" loading={add.isPending}>
            {t('screens.apiKeys.add')}
          </Button>
        </>
      }
    >
      <form id="api-key-form" onSubmit={submit} noValidate>
        <FormItem
          htmlFor="key-name"
          label={t('screens.apiKeys.name')}
          required
          error={nameError}
          showError={tried}
        >
          <Input
            id="key-name"
            maxLength={100}
            value={form.name}
            invalid={tried && Boolean(nameError)}
            onChange={(e) => set('name')(e.target.value)}
          />
        </FormItem>
        <FormItem
          htmlFor="key-role"
          label={t('screens.apiKeys.role')}
          required
          error={roleError}
          showError={tried}
        >
          <Select
            id="key-role"
            value={form.roleId}
            invalid={tried && Boolean(roleError)}
            placeholder={t('screens.apiKeys.chooseRole')}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
            onChange={(e) => set('roleId')(e.target.value)}
          />
        </FormItem>
        {form.roleId && <RoleRights roleId={form.roleId} />}
        <FormItem htmlFor="key-branch" label={t('screens.apiKeys.branch')}>
          <Select
            id="key-branch"
            value={form.branchCode}
            placeholder={t('screens.apiKeys.allBranches')}
            options={(branches.data ?? [])
              .filter((b) => b.isActive)
              .map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }))}
            onChange={(e) => set('branchCode')(e.target.value)}
          />
        </FormItem>
        <FormItem
          htmlFor="key-addresses"
          label={t('screens.apiKeys.addresses')}
          hint={t('screens.apiKeys.addressesHint')}
        >
          <Textarea
            id="key-addresses"
            rows={3}
            spellCheck={false}
            value={form.addresses}
            onChange={(e) => set('addresses')(e.target.value)}
          />
        </FormItem>
        <FormItem
          htmlFor="key-expires"
          label={t('screens.apiKeys.expires')}
          hint={t('screens.apiKeys.expiresHint')}
        >
          <Input
            id="key-expires"
            type="date"
            value={form.expires}
            onChange={(e) => set('expires')(e.target.value)}
          />
        </FormItem>
      </form>
    </Modal>
  );
}

function RotateKey({
  apiKey,
  onClose,
  onIssued,
}: {
  apiKey: ApiKey;
  onClose: () => void;
  onIssued: (answer: IssuedKey) => void;
}) {
  const { t } = useTranslation('integrations');
  const rotate = useRotateApiKey();
  const [overlap, setOverlap] = useState('24');
  const submit = () =>
    rotate.mutate(
      { id: apiKey.id, overlapHours: overlapHours(overlap) },
      {
        onSuccess: (answer) => {
          toast.success(t('screens.apiKeys.rotated', { name: apiKey.name }));
          onIssued(answer);
        },
        onError: toastError,
      },
    );
  return (
    <Modal
      open
      title={t('screens.apiKeys.rotateTitle', { name: apiKey.name })}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('screens.common.cancel')}
          </Button>
          <Button onClick={submit} loading={rotate.isPending}>
            {t('screens.apiKeys.rotate')}
          </Button>
        </>
      }
    >
      <OverlapField id="key-overlap" value={overlap} onChange={setOverlap} />
    </Modal>
  );
}

function RevokeKey({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const revoke = useRevokeApiKey();
  const submit = () =>
    apiKey &&
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(t('screens.apiKeys.revoked', { name: apiKey.name }));
        onClose();
      },
      onError: toastError,
    });
  return (
    <Modal
      open={apiKey !== null}
      role="alertdialog"
      title={apiKey ? t('screens.apiKeys.revokeTitle', { name: apiKey.name }) : ''}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('screens.common.cancel')}
          </Button>
          <Button variant="danger" onClick={submit} loading={revoke.isPending}>
            {t('screens.apiKeys.revoke')}
          </Button>
        </>
      }
    >
      <p>{t('screens.apiKeys.revokeConfirm')}</p>
    </Modal>
  );
}
