import type Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../engine/constants';
import { updatePassword } from '../../api/auth';
import {
  useOwnInfo,
  useRoles,
  useSessions,
  useSignOutOtherSessions,
  useUpdateOwnInfo,
} from '../../api/settings';
import { setProfile } from '../../auth/profile';
import { showDateTime } from '../../documents/format';
import { DocumentForm } from '../../form/DocumentForm';
import { useFormKind } from '../../form/kinds';
import { changeLocale } from '../../i18n';
import { Button, EmptyState, Loading, toast } from '../../ui';
import { fieldErrorsOf, toastError } from './shared/errors';
import { roleLabel } from './staff/roleLabel';
import './settings.css';

/** /settings/account: the person, their contacts and language, the password, and active sessions. */
export default function AccountPage() {
  const { t } = useTranslation(['settings', 'common', 'access']);
  const own = useOwnInfo();
  return (
    <section className="page" aria-labelledby="account-title">
      <h1 id="account-title">{t('common:menu.account')}</h1>
      {own.isPending ? (
        <Loading />
      ) : own.isError ? (
        <p role="alert">{own.error.message}</p>
      ) : (
        <div className="settings-grid two">
          <div className="settings-grid">
            <Profile />
            <Suspense fallback={<Loading />}>
              <Contacts />
            </Suspense>
          </div>
          <div className="settings-grid">
            <Suspense fallback={<Loading />}>
              <Password hasPassword={own.data.hasPassword} />
            </Suspense>
            <Sessions />
          </div>
        </div>
      )}
    </section>
  );
}

function Profile() {
  const { t } = useTranslation(['settings', 'access']);
  const own = useOwnInfo().data!;
  const roles = useRoles();
  const role = roles.data?.find((r) => r.id === own.roleId);
  return (
    <section className="card settings-section" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.profile')}</h2>
      <dl className="settings-facts">
        <dt>{t('staff.fullName')}</dt>
        <dd>{own.fullName}</dd>
        <dt>{t('staff.pinfl')}</dt>
        <dd>{own.pinfl ?? '—'}</dd>
        <dt>{t('account.organization')}</dt>
        <dd>{own.organizationName}</dd>
        <dt>{t('staff.role')}</dt>
        <dd>
          {own.membership === 'owner'
            ? t('staff.owner')
            : role
              ? roleLabel(t, role)
              : t(`account.membership.${own.membership}`)}
        </dd>
      </dl>
      <p className="muted">{t('account.nameNote')}</p>
    </section>
  );
}

interface ProfileForm {
  Phone?: string;
  Email?: string;
  Language?: Locale | null;
}

function Contacts() {
  const { t } = useTranslation(['settings', 'access']);
  const own = useOwnInfo().data!;
  const update = useUpdateOwnInfo();
  const definition = useFormKind('profile');
  const formRef = useRef<Form | null>(null);
  const [errors, setErrors] = useState<ErrorSchema | null>(null);
  if (!definition) return <Loading />;
  const initial: ProfileForm = {
    ...(own.phone ? { Phone: `+${own.phone}` } : {}),
    ...(own.email ? { Email: own.email } : {}),
    Language: own.language,
  };
  const save = (data: ProfileForm) =>
    update.mutate(
      { phone: data.Phone ?? null, email: data.Email ?? null, language: data.Language ?? null },
      {
        onSuccess: (saved) => {
          setErrors(null);
          toast.success(t('account.saved'));
          if (saved.language) void changeLocale(saved.language);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          if (!fields) toastError(error);
        },
      },
    );
  return (
    <section className="card settings-section" aria-labelledby="contacts-title">
      <h2 id="contacts-title">{t('account.contacts')}</h2>
      <DocumentForm
        key={`${own.phone}|${own.email}|${own.language}`}
        schema={definition.schema as RJSFSchema}
        uiSchema={definition.ui as UiSchema}
        mode="update"
        initialData={initial}
        formRef={formRef}
        hideSubmit
        extraErrors={errors ?? undefined}
        idPrefix="profile"
        onSubmit={(data) => save(data as ProfileForm)}
      />
      <p className="row" style={{ marginTop: '0.75rem' }}>
        <Button onClick={() => formRef.current?.submit()} loading={update.isPending}>
          {t('save')}
        </Button>
      </p>
    </section>
  );
}

interface PasswordForm {
  currentPassword?: string;
  password: string;
  confirmPassword: string;
}

function Password({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation(['settings', 'access']);
  const definition = useFormKind('account');
  const formRef = useRef<Form | null>(null);
  const [errors, setErrors] = useState<ErrorSchema | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  if (!definition) return <Loading />;
  // Without a password yet (certificate sign-in only) there is no current one to ask.
  const ui: UiSchema = hasPassword
    ? (definition.ui as UiSchema)
    : { ...(definition.ui as UiSchema), currentPassword: { 'ui:widget': 'hidden' } };
  const submit = async (data: PasswordForm) => {
    setBusy(true);
    try {
      const profile = await updatePassword({
        oldPassword: data.currentPassword,
        newPassword: data.password,
        confirmPassword: data.confirmPassword,
      });
      setProfile(profile);
      setErrors(null);
      setRound(round + 1);
      toast.success(t('account.passwordChanged'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        // Auth/updatePassword names its fields oldPassword and newPassword.
        const raw = fields as Record<string, unknown>;
        setErrors({
          ...(raw.oldPassword ? { currentPassword: raw.oldPassword } : {}),
          ...(raw.newPassword ? { password: raw.newPassword } : {}),
          ...(raw.confirmPassword ? { confirmPassword: raw.confirmPassword } : {}),
        } as ErrorSchema);
      } else toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="password-title">
      <h2 id="password-title">{hasPassword ? t('account.changePassword') : t('account.setPassword')}</h2>
      <p className="muted">{t('account.passwordNote')}</p>
      <DocumentForm
        key={round}
        schema={definition.schema as RJSFSchema}
        uiSchema={ui}
        mode="update"
        initialData={{}}
        formRef={formRef}
        hideSubmit
        extraErrors={errors ?? undefined}
        idPrefix="password"
        onSubmit={(data) => void submit(data as PasswordForm)}
      />
      <p className="row" style={{ marginTop: '0.75rem' }}>
        <Button onClick={() => formRef.current?.submit()} loading={busy}>
          {t('account.savePassword')}
        </Button>
      </p>
    </section>
  );
}

function Sessions() {
  const { t, i18n } = useTranslation(['settings', 'access']);
  const sessions = useSessions();
  const signOut = useSignOutOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <section className="card settings-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('account.sessions')}</h2>
      {sessions.isPending ? (
        <Loading />
      ) : !sessions.data?.length ? (
        <EmptyState>{t('account.noSessions')}</EmptyState>
      ) : (
        <ul className="agreement-history">
          {sessions.data.map((s) => (
            <li key={s.id}>
              <strong>{s.current ? t('account.thisSession') : t('account.otherSession')}</strong>
              {s.organizationName && ` · ${s.organizationName}`}
              <div className="muted">
                {t('account.sessionTimes', {
                  started: showDateTime(s.startedAt, i18n.language),
                  active: showDateTime(s.lastActiveAt, i18n.language),
                })}
                {s.persistent ? ` · ${t('account.remembered')}` : ''}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="row" style={{ marginTop: '0.75rem' }}>
        <Button
          variant="secondary"
          disabled={others === 0}
          loading={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: (data) => toast.success(t('account.signedOutElsewhere', { count: data.ended })),
              onError: toastError,
            })
          }
        >
          {t('account.signOutElsewhere')}
        </Button>
      </p>
    </section>
  );
}
