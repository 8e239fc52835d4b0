import type { ApiAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectObject } from '@/lib/parse';

const PATH = '/api/menu/foods';

/** GET /api/menu/foods: the foods table every estimate is computed from, with its sources. */
export async function getFoods({ signal }: { signal?: AbortSignal } = {}): Promise<ApiAnswer<'menuFoods'>> {
  return expectObject<ApiAnswer<'menuFoods'>>(await apiGet(PATH, { signal }), PATH, ['asOf', 'foods']);
}

export const foodsQueryOptions = () =>
  queryOptions({
    queryKey: [PATH],
    queryFn: ({ signal }) => getFoods({ signal }),
    staleTime: 5 * 60_000,
  });

export function useFoods(enabled = true) {
  return useQuery({ ...foodsQueryOptions(), enabled });
}
