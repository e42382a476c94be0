import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: true,
        staleTime: 30_000,
        // Client errors will not heal by retrying; network and server errors get one more try.
        retry: (count, error) =>
          count < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
