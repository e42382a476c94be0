import { useTranslation } from 'react-i18next';

/** What a screen shows a member without the right to it (the server refuses the same with 403). */
export function NoAuthority({
  title,
  messageKey = 'settings:noAuthority',
}: {
  title: string;
  messageKey?: string;
}) {
  const { t } = useTranslation(['settings', 'access']);
  return (
    <section className="page" aria-labelledby="no-authority-title">
      <h1 id="no-authority-title">{title}</h1>
      <p role="alert" className="card settings-section" data-testid="no-authority">
        {t(messageKey)}
      </p>
    </section>
  );
}
