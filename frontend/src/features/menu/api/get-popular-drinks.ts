import type { ApiAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectList } from '@/lib/parse';
import { DRINK_KEYS } from './get-menu';

const PATH = '/api/menu/popular';

export async function getPopularDrinks({ signal }: { signal?: AbortSignal } = {}): Promise<ApiAnswer<'menuPopular'>> {
  return expectList<ApiAnswer<'menuPopular'>[number]>(await apiGet(PATH, { signal }), PATH, DRINK_KEYS);
}

export const popularDrinksQueryOptions = () =>
  queryOptions({
    queryKey: [PATH],
    queryFn: ({ signal }) => getPopularDrinks({ signal }),
  });

/** docs/decisions.md, "Calls and request conventions": home fires this call; its answer (and its failure) is not used. */
export function usePopularDrinks() {
  return useQuery(popularDrinksQueryOptions());
}
