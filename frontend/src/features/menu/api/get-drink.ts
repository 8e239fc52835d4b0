import type { ApiAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectObject } from '@/lib/parse';

const PATH = '/api/menu/items';

/** GET /api/menu/items/{slug}: one drink with every size's price and full nutrition. */
export async function getDrink(
  slug: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiAnswer<'menuItem'>> {
  return expectObject<ApiAnswer<'menuItem'>>(await apiGet(`${PATH}/${encodeURIComponent(slug)}`, { signal }), PATH, [
    'id',
    'slug',
    'name',
    'categorySlug',
    'sizeDetails',
    'related',
    'estimates',
  ]);
}

export const drinkQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [PATH, slug],
    queryFn: ({ signal }) => getDrink(slug, { signal }),
  });

export function useDrink(slug: string) {
  return useQuery(drinkQueryOptions(slug));
}
