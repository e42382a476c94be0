import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';
import { isRegistered, registerBySignature } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import {
  type Certificate,
  certificateLabel,
  EimzoError,
  fetchChallenge,
  getEimzoClient,
  isExpired,
} from '../../signing';
import { reportSigningError } from '../../signing/reportSigningError';
import { useCertificates } from '../../signing/useCertificates';
import { Button } from '../../ui/Button';
import { Loading } from '../../ui/Feedback';
import { errorIdFor, FormItem } from '../../ui/FormItem';
import { Input, Select } from '../../ui/Input';
import { toast } from '../../ui/toast/store';
import { EimzoStatus } from './EimzoStatus';
import { PhoneInput } from './PhoneInput';
import { stripPasswordChars } from './passwordFilter';
import {
  certProblem,
  confirmationProblem,
  emailProblem,
  type Problem,
  passwordProblem,
  phoneProblem,
  registrationIdentity,
} from './registrationRules';
import './auth.css';

type Field = 'cert' | 'email' | 'phone' | 'password' | 'confirm';
const FIELDS: Field[] = ['cert', 'email', 'phone', 'password', 'confirm'];

/** Registration (spec §2, §4, §5): a certificate vouches for the account; the signed payload sets phone, email and password. */
export default function RegistrationPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const ids = { cert: useId(), email: useId(), phone: useId(), password: useId(), confirm: useId() };
  const { certificates, isPending, isError, error, refetch, isFetching } = useCertificates();
  const [serial, setSerial] = useState('');
  /** The TIN or PINFL once accepted; '-1' when it is already registered (spec §4). */
  const [certValue, setCertValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [values, setValues] = useState({ email: '', phone: '', password: '', confirm: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    cert: false,
    email: false,
    phone: false,
    password: false,
    confirm: false,
  });
  const [busy, setBusy] = useState(false);

  const accepted = certValue !== '' && certValue !== '-1';
  const problems: Record<Field, Problem> = {
    cert: checking ? null : certProblem(certValue),
    email: emailProblem(values.email),
    phone: phoneProblem(values.phone),
    password: passwordProblem(values.password),
    confirm: confirmationProblem(values.confirm, values.password),
  };
  const labels: Record<Field, string> = {
    cert: t('registration.certificate'),
    email: t('registration.email'),
    phone: t('registration.phone'),
    password: t('registration.password'),
    confirm: t('registration.confirm'),
  };
  const message = (field: Field) => {
    const p = problems[field];
    return p ? t(p.key, { field: labels[field], ...p.params }) : null;
  };
  const touch = (field: Field) => setTouched((s) => ({ ...s, [field]: true }));
  const set = (field: Exclude<Field, 'cert'>, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    touch(field);
  };

  const chooseCertificate = async (nextSerial: string) => {
    setSerial(nextSerial);
    touch('cert');
    setCertValue('');
    const cert = certificates.find((c) => c.serialNumber === nextSerial);
    if (!cert) return;
    const identity = registrationIdentity(cert);
    setChecking(true);
    try {
      await isRegistered(identity);
      setCertValue(identity);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 400 && err.code !== 'VALIDATION') {
        setCertValue('-1');
        toast.error(t('validation:allreadyRegisteredInSystem'));
      } else {
        toast.error(
          err instanceof ApiRequestError && err.status
            ? `${err.status}: ${err.message}`
            : t('signing.serverError'),
        );
      }
    } finally {
      setChecking(false);
    }
  };

  const submit = async () => {
    setTouched({ cert: true, email: true, phone: true, password: true, confirm: true });
    const cert = certificates.find((c) => c.serialNumber === serial);
    if (!cert || !accepted || FIELDS.some((f) => problems[f])) return;
    setBusy(true);
    try {
      const challenge = await fetchChallenge('register');
      const payload = JSON.stringify({
        phone: `998${values.phone}`,
        email: values.email.trim(),
        password: values.password,
        challenge,
      });
      const { pkcs7_64 } = await (await getEimzoClient()).sign(cert, payload);
      const answer = await registerBySignature(pkcs7_64);
      toast.success(answer.message || t('messages.registered'));
      navigate(PATHS.authLogin);
    } catch (err) {
      if (err instanceof EimzoError) reportSigningError(t, err);
      else if (err instanceof ApiRequestError)
        toast.error(err.status ? `${err.status}: ${err.message}` : err.message);
      else reportSigningError(t, err);
      setBusy(false);
    }
  };

  const options = certificates.map((c: Certificate) => ({
    value: c.serialNumber,
    label: `${certificateLabel(c)}${isExpired(c) ? ` ${t('inn.expiredSuffix')}` : ''}`,
    disabled: isExpired(c),
  }));
  const fieldProps = (field: Field) => ({
    id: ids[field],
    invalid: touched[field] && Boolean(problems[field]),
    'aria-describedby': errorIdFor(ids[field]),
    onBlur: () => touch(field),
  });

  return (
    <form
      className="auth-form"
      aria-labelledby="registration-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      <h1 id="registration-title" className="auth-title">
        {t('registration.title')}
      </h1>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <EimzoStatus error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <FormItem
          htmlFor={ids.cert}
          label={labels.cert}
          required
          error={message('cert')}
          showError={touched.cert}
          hint={certificates.length === 0 ? t('inn.noCertificates') : undefined}
        >
          <Select
            {...fieldProps('cert')}
            value={serial}
            placeholder={t('registration.chooseCertificate')}
            options={options}
            aria-busy={checking || undefined}
            onChange={(e) => void chooseCertificate(e.target.value)}
          />
        </FormItem>
      )}
      <FormItem
        htmlFor={ids.email}
        label={labels.email}
        required
        error={message('email')}
        showError={touched.email}
      >
        <Input
          {...fieldProps('email')}
          type="email"
          autoComplete="email"
          disabled={!accepted}
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
        />
      </FormItem>
      <FormItem
        htmlFor={ids.phone}
        label={labels.phone}
        required
        error={message('phone')}
        showError={touched.phone}
      >
        <PhoneInput
          {...fieldProps('phone')}
          disabled={!accepted}
          digits={values.phone}
          onDigits={(d) => set('phone', d)}
        />
      </FormItem>
      <div className="form-row-2">
        <FormItem
          htmlFor={ids.password}
          label={labels.password}
          required
          error={message('password')}
          showError={touched.password}
        >
          <Input
            {...fieldProps('password')}
            type="password"
            autoComplete="new-password"
            disabled={!accepted}
            value={values.password}
            onChange={(e) => set('password', stripPasswordChars(e.target.value))}
          />
        </FormItem>
        <FormItem
          htmlFor={ids.confirm}
          label={labels.confirm}
          required
          error={message('confirm')}
          showError={touched.confirm}
        >
          <Input
            {...fieldProps('confirm')}
            type="password"
            autoComplete="new-password"
            disabled={!accepted}
            value={values.confirm}
            onChange={(e) => set('confirm', stripPasswordChars(e.target.value))}
          />
        </FormItem>
      </div>
      <p className="auth-note">{t('registration.offer')}</p>
      <Button type="submit" block loading={busy} disabled={!accepted || checking}>
        {t('registration.submit')}
      </Button>
      <p className="auth-links">
        {t('registration.haveAccount')} <Link to={PATHS.authInn}>{t('links.signIn')}</Link>
      </p>
    </form>
  );
}
