import type { ApiAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectList } from '@/lib/parse';

/** What a drink answer must carry for the cards; the contract types the rest. */
export const DRINK_KEYS = ['id', 'slug', 'name', 'categorySlug', 'sizes', 'dietaryOptions'] as const;

const PATH = '/api/menu';

/** GET /api/menu, all drinks or one category (a slug, or secret-menu). */
export async function getMenu(
  category: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiAnswer<'menuList'>> {
  const url = category ? `${PATH}?category=${encodeURIComponent(category)}` : PATH;
  return expectList<ApiAnswer<'menuList'>[number]>(await apiGet(url, { signal }), PATH, DRINK_KEYS);
}

export const menuQueryOptions = (category: string | null) =>
  queryOptions({
    queryKey: [PATH, { category: category ?? 'all' }],
    queryFn: ({ signal }) => getMenu(category, { signal }),
  });

export function useMenu(category: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...menuQueryOptions(category), enabled });
}
