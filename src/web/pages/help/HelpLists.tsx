import { useTranslation } from 'react-i18next';
import { useHelpLists } from '../../api/bulk';
import { Loading } from '../../ui';

const KINDS = ['invoice', 'completionAct'];

/** News, FAQ (Faq/getList, News/getList) and the Excel import templates of each kind. */
export function HelpLists() {
  const { t, i18n } = useTranslation(['help', 'bulk']);
  const lang = (i18n.language || 'ru').slice(0, 2);
  const lists = useHelpLists(lang);
  return (
    <>
      <article className="card" aria-labelledby="help-import">
        <h2 id="help-import">{t('help:import.title')}</h2>
        <p>{t('help:import.text')}</p>
        <ul>
          {KINDS.map((kind) => (
            <li key={kind}>
              <a href={`/api/Import/template?kind=${kind}&lang=${lang}`} download>
                {t('help:import.template', { kind: t(`bulk:kinds.${kind}`) })}
              </a>
            </li>
          ))}
        </ul>
      </article>
      {lists.isLoading && <Loading />}
      {lists.data && (
        <>
          <article className="card" aria-labelledby="help-news">
            <h2 id="help-news">{t('help:news')}</h2>
            {lists.data.news.map((n) => (
              <section key={n.id}>
                <h3>
                  <time dateTime={n.date}>
                    {new Date(`${n.date}T00:00:00`).toLocaleDateString(i18n.language)}
                  </time>{' '}
                  — {n.title}
                </h3>
                <p>{n.body}</p>
              </section>
            ))}
          </article>
          <article className="card" aria-labelledby="help-faq">
            <h2 id="help-faq">{t('help:faq')}</h2>
            {lists.data.faq.map((f) => (
              <details key={f.id}>
                <summary>{f.question}</summary>
                <p>{f.answer}</p>
              </details>
            ))}
          </article>
        </>
      )}
    </>
  );
}
