import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

const FIVE_MINUTES = 5 * 60 * 1000;

/** 1 s doubling to 30 s; unused while retries are off, kept so a query that opts in backs off sanely. */
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/** How long a server-rendered page's data counts as fresh in the browser: hydration fetches nothing again. */
export const HYDRATED_STALE_MS = 30_000;

/**
 * The client settings of docs/decisions.md, "Calls and request conventions". `hydrated`: the page came server-rendered with its data, so the
 * first render fetches nothing (data fresh for HYDRATED_STALE_MS, a carried failure not retried on mount).
 */
export function createQueryClient({ hydrated = false }: { hydrated?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: hydrated ? HYDRATED_STALE_MS : 0,
        ...(hydrated ? { retryOnMount: false } : {}),
        gcTime: FIVE_MINUTES,
      },
      mutations: {
        retry: false,
        retryDelay,
      },
    },
  });
}
