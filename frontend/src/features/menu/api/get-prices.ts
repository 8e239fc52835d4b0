import type { ApiAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';
import { expectList } from '@/lib/parse';

const PATH = '/api/prices';

/** docs/decisions.md, "Error messages": a failed category fetch is 'Failed to fetch price data' (the status is kept for 404s). */
export const PRICES_ERROR = 'Failed to fetch price data';

export async function getPrices(
  category: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiAnswer<'prices'>> {
  const url = category ? `${PATH}?category=${encodeURIComponent(category)}` : PATH;
  try {
    return expectList<ApiAnswer<'prices'>[number]>(await apiGet(url, { signal }), PATH, [
      'menuItemId',
      'menuItem',
      'size',
      'price',
    ]);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, PRICES_ERROR, error.serverMessage);
    throw error;
  }
}

export const pricesQueryOptions = (category: string | null) =>
  queryOptions({
    queryKey: [PATH, { category: category ?? 'all' }],
    queryFn: ({ signal }) => getPrices(category, { signal }),
  });

export function usePrices(category: string | null) {
  return useQuery(pricesQueryOptions(category));
}
