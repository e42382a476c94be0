import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { tashkentTime } from '../../../engine/print';
import { VERIFY_KEY_PARAM } from '../../../engine/routes';
import { ApiRequestError } from '../../api/client';
import { type SignatureCheckView, useVerification } from '../../api/print';
import { asLocale, showDate, showMoney } from '../../documents/format';
import { currentLocale } from '../../i18n';
import { Brand } from '../../layouts/Brand';
import { LanguageSwitch } from '../../layouts/LanguageSwitch';
import '../../layouts/layout.css';
import { Button, Loading } from '../../ui';
import './verify.css';

/**
 * /verify/{id}?k={key} — the target of a printed document's QR code, open to anyone holding the
 * paper: the server checks the document and every signature now and this page says what it found.
 * Only the particulars are shown (kind, number, date, parties, total, status, signatures); the
 * content stays with the parties.
 */
export default function VerifyPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const { t } = useTranslation(['print', 'documents', 'exchange', 'common']);
  const lang = currentLocale();
  const query = useVerification(id, params.get(VERIFY_KEY_PARAM), lang);
  const data = query.data;

  let body: React.ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.isError || !data) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    body = (
      <div role="alert">
        <h2>
          {notFound
            ? t('print:verify.notFound')
            : t('print:verify.failedToLoad', { message: query.error?.message })}
        </h2>
        {notFound ? (
          <p>{t('print:verify.notFoundText')}</p>
        ) : (
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('print:verify.retry')}
          </Button>
        )}
      </div>
    );
  } else {
    const verdict = data.signatures.length === 0 ? 'unsigned' : data.valid ? 'valid' : 'invalid';
    const particulars: Array<[string, string]> = [
      [t('print:verify.kind'), t(`documents:kinds.${data.kind}`, { defaultValue: data.kind })],
      [t('print:verify.number'), data.number ?? '—'],
      [t('print:verify.date'), showDate(data.date, lang) || '—'],
      [
        t('print:verify.total'),
        data.total !== null ? `${showMoney(data.total, lang)} ${t('print:verify.currency')}` : '—',
      ],
      [t('print:verify.status'), t(`exchange:status.${data.status.key}`, { defaultValue: data.status.key })],
      ...(data.nationalId ? [[t('print:verify.nationalId'), data.nationalId] as [string, string]] : []),
    ];
    body = (
      <>
        <p className={`verify-verdict verify-${verdict}`} role="status" data-verdict={verdict}>
          <span aria-hidden="true">{verdict === 'valid' ? '✔' : '✖'}</span>
          {t(`print:verify.${verdict}`)}
        </p>
        <section aria-labelledby="verify-document">
          <h2 id="verify-document">{t('print:verify.document')}</h2>
          <dl className="verify-facts">
            {particulars.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="verify-parties">
          <h2 id="verify-parties">{t('print:verify.parties')}</h2>
          <ul className="verify-list">
            {data.parties.map((party) => (
              <li key={party.identity}>
                <span className="muted">
                  {party.roles.map((role) => t(`exchange:role.${role}`, { defaultValue: role })).join(', ')}
                </span>
                <strong>{party.name ?? '—'}</strong>
                <span>
                  {t('print:verify.identity')}: {party.identity}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="verify-signatures">
          <h2 id="verify-signatures">{t('print:verify.signatures')}</h2>
          {data.signatures.length === 0 ? (
            <p>{t('print:verify.unsigned')}</p>
          ) : (
            <ul className="verify-list">
              {data.signatures.map((signature, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: signatures come in signing order and never move
                <SignatureItem key={index} signature={signature} />
              ))}
            </ul>
          )}
          <p className={data.historyIntact ? 'verify-ok' : 'verify-bad'}>
            {t(data.historyIntact ? 'print:verify.historyIntact' : 'print:verify.historyBroken')}
          </p>
        </section>
        <p className="muted">
          {t('print:verify.checkedAt', { at: tashkentTime(data.checkedAt, asLocale(lang)) })}{' '}
          <Button variant="ghost" size="sm" onClick={() => query.refetch()} loading={query.isFetching}>
            {t('print:verify.retry')}
          </Button>
        </p>
        <p className="muted verify-note">{t('print:verify.privacy')}</p>
      </>
    );
  }

  return (
    <main className="sign-layout">
      <div className="sign-card verify-card">
        <div className="sign-head">
          <Brand to="/" />
          <LanguageSwitch id="verify-language" />
        </div>
        <h1>{t('print:verify.title')}</h1>
        {/* "Hujjat checked this document and its signatures": said only of a document it found. */}
        {data && !query.isError && <p className="muted">{t('print:verify.intro')}</p>}
        {body}
      </div>
    </main>
  );
}

function SignatureItem({ signature }: { signature: SignatureCheckView }) {
  const { t } = useTranslation(['print']);
  const lang = asLocale(currentLocale());
  const rows: Array<[string, string]> = [
    [t('print:verify.signer'), signature.signerName ?? '—'],
    ...(signature.organization ? [[t('print:verify.name'), signature.organization] as [string, string]] : []),
    ...(signature.tin ? [[t('print:verify.identity'), signature.tin] as [string, string]] : []),
    [t('print:verify.certificate'), `${signature.serialDec} (0x${signature.serialHex})`],
    ...(signature.signedAt
      ? [[t('print:verify.signedAt'), tashkentTime(signature.signedAt, lang)] as [string, string]]
      : []),
    ...(signature.timestampAt
      ? [[t('print:verify.timestampAt'), tashkentTime(signature.timestampAt, lang)] as [string, string]]
      : []),
  ];
  return (
    <li className={signature.valid ? 'verify-signature' : 'verify-signature verify-signature-bad'}>
      <p className="verify-stamp">
        {t(`print:stamp.${signature.action}`, { defaultValue: t('print:stamp.signed') })}
        <span className={signature.valid ? 'verify-badge verify-badge-ok' : 'verify-badge verify-badge-bad'}>
          {t(signature.valid ? 'print:verify.signatureValid' : 'print:verify.signatureInvalid')}
        </span>
      </p>
      <dl className="verify-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {signature.problem && <p className="verify-bad">{signature.problem.message}</p>}
    </li>
  );
}
