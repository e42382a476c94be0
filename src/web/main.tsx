import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { setTokenRefresher } from './api/client';
import { createQueryClient } from './api/queryClient';
import { refreshAccessToken, restoreSession, startSessionKeeper } from './api/session';
import { initI18n } from './i18n';
import { createRouter } from './routes';
import './styles/tokens.css';

async function start() {
  await initI18n();
  setTokenRefresher(refreshAccessToken);
  // The access token lives in memory: after a reload it is renewed from the refresh cookie while the
  // first screen renders (the route guard waits for it).
  void restoreSession().finally(startSessionKeeper);
  const queryClient = createQueryClient();
  const router = createRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
