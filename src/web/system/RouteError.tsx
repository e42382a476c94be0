import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';

/** Shown when a screen fails to load or throws (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <div className="page" role="alert">
      <h1>{status === 404 ? t('notFound.title') : t('routeError.title')}</h1>
      <p>{status === 404 ? t('notFound.text') : t('routeError.text')}</p>
      <Button onClick={() => window.location.reload()}>{t('refresh')}</Button>
    </div>
  );
}
