import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

const FIVE_MINUTES = 5 * 60 * 1000;

/** 1 s doubling to 30 s; unused while retries are off, kept so a query that opts in backs off sanely. */
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/** The client settings of SPEC section 7. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: 0,
        gcTime: FIVE_MINUTES,
      },
      mutations: {
        retry: false,
        retryDelay,
      },
    },
  });
}
