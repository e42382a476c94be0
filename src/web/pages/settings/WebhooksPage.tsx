import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookEventTypes,
  useWebhooks,
  type WebhookEndpoint,
} from '../../api/integrations';
import { eventLabel } from '../../documents/eventLabel';
import { showDateTime } from '../../documents/format';
import { Button, Checkbox, FormItem, Input, Loading, Modal, toast } from '../../ui';
import { DeliveryLog } from './integrations/DeliveryLog';
import { OverlapField, overlapHours, SecretOnce, useManagesIntegrations } from './integrations/shared';
import { toastError } from './shared/errors';
import { NoAuthority } from './shared/NoAuthority';
import './settings.css';

/** /settings/webhooks: endpoints, their signing secret (shown once, rotated with an overlap), test events, the delivery log. */
export default function WebhooksPage() {
  const { t } = useTranslation(['integrations', 'common']);
  const gate = useManagesIntegrations();
  const title = t('screens.webhooks.title');
  if (gate.pending) return <Loading />;
  if (!gate.allowed) return <NoAuthority title={title} messageKey="integrations:screens.common.owner" />;
  return <WebhooksScreen title={title} />;
}

type Editing = { endpoint: WebhookEndpoint | null } | null;

function WebhooksScreen({ title }: { title: string }) {
  const { t } = useTranslation('integrations');
  const endpoints = useWebhooks();
  const [editing, setEditing] = useState<Editing>(null);
  const [issued, setIssued] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  return (
    <section className="page" aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">{title}</h1>
      <p className="muted">{t('screens.webhooks.intro')}</p>
      <div className="settings-toolbar">
        <Button onClick={() => setEditing({ endpoint: null })}>{t('screens.webhooks.add')}</Button>
      </div>
      {endpoints.isPending ? (
        <Loading />
      ) : endpoints.isError ? (
        <p role="alert">{endpoints.error.message}</p>
      ) : endpoints.data.length === 0 ? (
        <p className="card settings-section muted">{t('screens.webhooks.empty')}</p>
      ) : (
        <ul className="integration-list" aria-label={title}>
          {endpoints.data.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing({ endpoint })}
              onRotate={() => setRotating(endpoint)}
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <EndpointForm
          endpoint={editing.endpoint}
          onClose={() => setEditing(null)}
          onAdded={(added) => {
            setEditing(null);
            setIssued(added);
          }}
        />
      )}
      {rotating && (
        <RotateSecret
          endpoint={rotating}
          onClose={() => setRotating(null)}
          onIssued={(rotated) => {
            setRotating(null);
            setIssued(rotated);
          }}
        />
      )}
      <DeleteEndpoint endpoint={deleting} onClose={() => setDeleting(null)} />
      <SecretOnce
        title={issued ? t('screens.webhooks.issuedFor', { url: issued.url }) : ''}
        secret={issued?.secret ?? null}
        onClose={() => setIssued(null)}
      />
    </section>
  );
}

function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation('integrations');
  const when = (iso: string | null) => (iso ? showDateTime(iso, i18n.language) : '');
  if (!endpoint.enabled)
    return (
      <span data-testid="endpoint-state">
        <span className="state-badge off">{t('screens.webhooks.off')}</span>{' '}
        <span className="muted">
          {endpoint.disabledReason === 'failing'
            ? t('screens.webhooks.offFailing', { at: when(endpoint.disabledAt) })
            : t('screens.webhooks.offByHand')}
        </span>
      </span>
    );
  return (
    <span data-testid="endpoint-state">
      <span className="state-badge on">{t('screens.webhooks.active')}</span>
      {endpoint.failingSince && (
        <span className="muted">
          {' '}
          {t('screens.webhooks.failingSince', { at: when(endpoint.failingSince) })}
        </span>
      )}
    </span>
  );
}

function EndpointItem({
  endpoint,
  onEdit,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('integrations');
  const [logOpen, setLogOpen] = useState(false);
  const sendTest = useSendTestEvent(endpoint.id);
  const update = useUpdateWebhook();
  const headingId = `endpoint-${endpoint.id}`;
  const toggle = () =>
    update.mutate(
      { id: endpoint.id, input: { enabled: !endpoint.enabled } },
      {
        onSuccess: () =>
          toast.success(t(endpoint.enabled ? 'screens.webhooks.switchedOff' : 'screens.webhooks.switchedOn')),
        onError: toastError,
      },
    );
  return (
    <li className="card integration-item" aria-labelledby={headingId} data-testid="webhook-endpoint">
      <div className="integration-item-head">
        <h3 id={headingId}>{endpoint.url}</h3>
        <EndpointState endpoint={endpoint} />
      </div>
      <dl className="settings-facts">
        {endpoint.description && (
          <>
            <dt>{t('screens.webhooks.description')}</dt>
            <dd>{endpoint.description}</dd>
          </>
        )}
        <dt>{t('screens.webhooks.events')}</dt>
        <dd>
          {endpoint.eventTypes.length
            ? endpoint.eventTypes.map((type) => (
                <code key={type} className="event-code">
                  {type}{' '}
                </code>
              ))
            : t('screens.webhooks.allEvents')}
        </dd>
        <dt>{t('screens.webhooks.secret')}</dt>
        <dd>
          <code>{endpoint.secretPrefix}…</code>
          {endpoint.previousSecretUntil && new Date(endpoint.previousSecretUntil) > new Date() && (
            <span className="muted">
              {' '}
              ·{' '}
              {t('screens.common.overlapUntil', {
                until: showDateTime(endpoint.previousSecretUntil, i18n.language),
              })}
            </span>
          )}
        </dd>
      </dl>
      <div className="settings-actions">
        <Button
          size="sm"
          loading={sendTest.isPending}
          disabled={!endpoint.enabled}
          onClick={() =>
            sendTest.mutate(undefined, {
              onSuccess: () => {
                setLogOpen(true);
                toast.success(t('screens.webhooks.testSent'));
              },
              onError: toastError,
            })
          }
        >
          {t('screens.webhooks.sendTest')}
        </Button>
        <Button variant="secondary" size="sm" aria-expanded={logOpen} onClick={() => setLogOpen(!logOpen)}>
          {logOpen ? t('screens.webhooks.hideLog') : t('screens.webhooks.log')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {t('screens.webhooks.edit')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onRotate}>
          {t('screens.webhooks.rotate')}
        </Button>
        <Button variant="secondary" size="sm" loading={update.isPending} onClick={toggle}>
          {endpoint.enabled ? t('screens.webhooks.switchOff') : t('screens.webhooks.switchOn')}
        </Button>
        <Button variant="danger" size="sm" onClick={onDelete}>
          {t('screens.webhooks.delete')}
        </Button>
      </div>
      {logOpen && <DeliveryLog endpoint={endpoint} />}
    </li>
  );
}

function EndpointForm({
  endpoint,
  onClose,
  onAdded,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onAdded: (added: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation(['integrations', 'workspace']);
  const types = useWebhookEventTypes();
  const add = useAddWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [chosen, setChosen] = useState<Set<string>>(new Set(endpoint?.eventTypes ?? []));
  const [tried, setTried] = useState(false);
  const urlError = url.trim() ? null : t('screens.webhooks.urlRequired');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (urlError) return;
    const input = { url: url.trim(), description: description.trim(), eventTypes: [...chosen] };
    if (endpoint)
      update.mutate(
        { id: endpoint.id, input },
        {
          onSuccess: () => {
            toast.success(t('screens.webhooks.saved'));
            onClose();
          },
          onError: toastError,
        },
      );
    else
      add.mutate(input, {
        onSuccess: (added) => {
          toast.success(t('screens.webhooks.added'));
          onAdded(added);
        },
        onError: toastError,
      });
  };
  const flip = (type: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });
  return (
    <Modal
      open
      title={
        endpoint ? t('screens.webhooks.editTitle', { url: endpoint.url }) : t('screens.webhooks.createTitle')
      }
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('screens.common.cancel')}
          </Button>
          <Button type="submit" form="webhook-form" loading={add.isPending || update.isPending}>
            {endpoint ? t('screens.common.save') : t('screens.webhooks.add')}
          </Button>
        </>
      }
    >
      <form id="webhook-form" onSubmit={submit} noValidate>
        <FormItem
          htmlFor="webhook-url"
          label={t('screens.webhooks.url')}
          required
          error={urlError}
          showError={tried}
        >
          <Input
            id="webhook-url"
            type="url"
            inputMode="url"
            maxLength={2000}
            placeholder="https://erp.example.uz/hujjat/webhook"
            spellCheck={false}
            value={url}
            invalid={tried && Boolean(urlError)}
            onChange={(e) => setUrl(e.target.value)}
          />
        </FormItem>
        <FormItem htmlFor="webhook-description" label={t('screens.webhooks.description')}>
          <Input
            id="webhook-description"
            maxLength={200}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormItem>
        <fieldset className="event-choice">
          <legend>
            {t('screens.webhooks.events')} <span className="muted">({t('screens.webhooks.eventsHint')})</span>
          </legend>
          {types.isPending ? (
            <Loading />
          ) : (
            types.data?.types.map((type) => (
              <div key={type.type}>
                <Checkbox
                  label={eventLabel(t, type.action)}
                  checked={chosen.has(type.type)}
                  onChange={() => flip(type.type)}
                />
                <div className="event-code">{type.type}</div>
              </div>
            ))
          )}
        </fieldset>
      </form>
    </Modal>
  );
}

function RotateSecret({
  endpoint,
  onClose,
  onIssued,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onIssued: (rotated: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation('integrations');
  const rotate = useRotateWebhookSecret();
  const [overlap, setOverlap] = useState('24');
  const submit = () =>
    rotate.mutate(
      { id: endpoint.id, overlapHours: overlapHours(overlap) },
      {
        onSuccess: (rotated) => {
          toast.success(t('screens.webhooks.rotated'));
          onIssued(rotated);
        },
        onError: toastError,
      },
    );
  return (
    <Modal
      open
      title={t('screens.webhooks.rotateTitle', { url: endpoint.url })}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('screens.common.cancel')}
          </Button>
          <Button onClick={submit} loading={rotate.isPending}>
            {t('screens.webhooks.rotate')}
          </Button>
        </>
      }
    >
      <p className="muted">{t('screens.webhooks.rotateNote')}</p>
      <OverlapField id="webhook-overlap" value={overlap} onChange={setOverlap} />
    </Modal>
  );
}

function DeleteEndpoint({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const remove = useDeleteWebhook();
  const submit = () =>
    endpoint &&
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        toast.success(t('screens.webhooks.deleted'));
        onClose();
      },
      onError: toastError,
    });
  return (
    <Modal
      open={endpoint !== null}
      role="alertdialog"
      title={t('screens.webhooks.deleteTitle')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('screens.common.cancel')}
          </Button>
          <Button variant="danger" onClick={submit} loading={remove.isPending}>
            {t('screens.webhooks.delete')}
          </Button>
        </>
      }
    >
      <p>{t('screens.webhooks.deleteConfirm', { url: endpoint?.url ?? '' })}</p>
    </Modal>
  );
}
