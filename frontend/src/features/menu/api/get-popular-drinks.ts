import { drinkListSchema, type Drink } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export async function getPopularDrinks({ signal }: { signal?: AbortSignal } = {}): Promise<Drink[]> {
  return drinkListSchema.parse(await apiGet('/api/menu/popular', { signal }));
}

export const popularDrinksQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/menu/popular'],
    queryFn: ({ signal }) => getPopularDrinks({ signal }),
  });

/** SPEC section 7: home fires this call; its answer (and its failure) is not used yet. */
export function usePopularDrinks() {
  return useQuery(popularDrinksQueryOptions());
}
