import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../engine/routes';
import { login } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { setProfile } from '../../auth/profile';
import { Button } from '../../ui/Button';
import { errorIdFor, FormItem } from '../../ui/FormItem';
import { Checkbox, Input } from '../../ui/Input';
import { toast } from '../../ui/toast/store';
import { stripPasswordChars } from './passwordFilter';
import { useDemoMode } from './useDemoMode';
import './auth.css';

type Field = 'phone' | 'password';

/** Sign-in by phone (or TIN) and password (spec §2). */
export default function AuthLoginPage() {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const demo = useDemoMode();
  const phoneId = useId();
  const passwordId = useId();
  const [values, setValues] = useState({ phone: '', password: '', rememberMe: false });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ phone: false, password: false });
  const [busy, setBusy] = useState(false);

  const errors: Record<Field, string | null> = {
    phone: values.phone.trim() ? null : t('validation:required', { field: t('login.phone') }),
    password: values.password ? null : t('validation:required', { field: t('login.password') }),
  };
  const touch = (field: Field) => setTouched((s) => ({ ...s, [field]: true }));

  const submit = async () => {
    setTouched({ phone: true, password: true });
    if (errors.phone || errors.password) return;
    setBusy(true);
    try {
      const answer = await login({
        phone: values.phone.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
      });
      setProfile(answer.data);
      navigate(PATHS.incoming, { replace: true });
    } catch (err) {
      // Spec §8: the status code and the server's message.
      if (err instanceof ApiRequestError)
        toast.error(err.status ? `${err.status}: ${err.message}` : err.message);
      else toast.error(t('login.failed'));
      setBusy(false);
    }
  };

  return (
    <form
      className="auth-form"
      aria-labelledby="auth-login-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h1 id="auth-login-title" className="auth-title">
        {t('login.title')}
      </h1>
      {demo && <p className="demo-note">{t('login.demoHint')}</p>}
      <FormItem
        htmlFor={phoneId}
        label={t('login.phone')}
        required
        error={errors.phone}
        showError={touched.phone}
      >
        <Input
          id={phoneId}
          name="username"
          autoComplete="username"
          inputMode="tel"
          value={values.phone}
          invalid={touched.phone && Boolean(errors.phone)}
          aria-describedby={errorIdFor(phoneId)}
          onChange={(e) => {
            setValues((v) => ({ ...v, phone: e.target.value }));
            touch('phone');
          }}
          onBlur={() => touch('phone')}
        />
      </FormItem>
      <FormItem
        htmlFor={passwordId}
        label={t('login.password')}
        required
        error={errors.password}
        showError={touched.password}
      >
        <Input
          id={passwordId}
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          invalid={touched.password && Boolean(errors.password)}
          aria-describedby={errorIdFor(passwordId)}
          onChange={(e) => {
            setValues((v) => ({ ...v, password: stripPasswordChars(e.target.value) }));
            touch('password');
          }}
          onBlur={() => touch('password')}
        />
      </FormItem>
      <Checkbox
        label={t('login.rememberMe')}
        checked={values.rememberMe}
        onChange={(e) => setValues((v) => ({ ...v, rememberMe: e.target.checked }))}
      />
      <Button type="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
      <p className="auth-links">
        {t('inn.noAccount')} <Link to={PATHS.registration}>{t('links.register')}</Link>
      </p>
    </form>
  );
}
