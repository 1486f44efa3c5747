import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** Client errors (4xx) will not change on retry; a lost connection or a 5xx may. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
