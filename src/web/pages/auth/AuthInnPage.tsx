import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { SIGN_IN_TOAST_DELAY_MS } from '../../../engine/constants';
import { PATHS } from '../../../engine/routes';
import { eimzoAuth } from '../../api/auth';
import { setProfile } from '../../auth/profile';
import {
  type Certificate,
  fetchChallenge,
  getEimzoClient,
  isExpired,
  preloadCertificateFilter,
  useCertificateFilter,
} from '../../signing';
import { reportSigningError } from '../../signing/reportSigningError';
import { useCertificates } from '../../signing/useCertificates';
import { Button } from '../../ui/Button';
import { Loading } from '../../ui/Feedback';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast/store';
import { CertificateList } from './CertificateList';
import { EimzoStatus } from './EimzoStatus';
import { useDemoMode } from './useDemoMode';
import './auth.css';

/** Sign-in by certificate (spec §2): pick a key from E-IMZO, sign the server's challenge. */
export default function AuthInnPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const demo = useDemoMode();
  const searchId = useId();
  const { certificates, isPending, isError, error, refetch, isFetching } = useCertificates();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const visible = useCertificateFilter(certificates, query);
  const chosen = certificates.find((c) => c.serialNumber === selected && !isExpired(c)) ?? null;
  const canSignIn = Boolean(chosen && (chosen.TIN || chosen.PINFL));

  const signIn = async (cert: Certificate) => {
    setBusy(true);
    try {
      const challenge = await fetchChallenge('auth');
      const client = await getEimzoClient();
      const { pkcs7_64 } = await client.sign(cert, challenge);
      const answer = await eimzoAuth(pkcs7_64);
      setProfile(answer.data);
      navigate(PATHS.incoming, { replace: true });
      const message = answer.message || t('messages.signedIn');
      setTimeout(() => toast.success(message), SIGN_IN_TOAST_DELAY_MS);
    } catch (err) {
      reportSigningError(t, err);
      setBusy(false);
    }
  };

  return (
    <form
      className="auth-form"
      aria-labelledby="auth-inn-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen && canSignIn && !busy) void signIn(chosen);
      }}
    >
      <h1 id="auth-inn-title" className="auth-title">
        {t('inn.title')}
      </h1>
      {demo && <p className="demo-note">{t('inn.demoHint')}</p>}
      {isPending ? (
        <Loading />
      ) : isError ? (
        <EimzoStatus error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          <label className="visually-hidden" htmlFor={searchId}>
            {t('inn.search')}
          </label>
          <Input
            id={searchId}
            type="search"
            value={query}
            placeholder={t('inn.searchPlaceholder')}
            onChange={(e) => setQuery(e.target.value)}
            onFocus={() => void preloadCertificateFilter()}
            autoComplete="off"
          />
          <CertificateList
            certificates={visible}
            total={certificates.length}
            selected={selected}
            onSelect={setSelected}
            onActivate={(cert) => !busy && void signIn(cert)}
          />
        </>
      )}
      <Button type="submit" block disabled={!canSignIn} loading={busy}>
        {t('inn.submit')}
      </Button>
      <p className="auth-links">
        {t('inn.noAccount')} <Link to={PATHS.registration}>{t('links.register')}</Link>
      </p>
    </form>
  );
}
