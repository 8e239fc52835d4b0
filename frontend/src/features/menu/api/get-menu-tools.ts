import { type Drink } from '@coffee-guide/contracts';
import { menuQueryString, type MenuQuery } from '@coffee-guide/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectList } from '@/lib/parse';
import { DRINK_KEYS } from './get-menu';

const PATH = '/api/menu';

/** GET /api/menu with the tools' parameters (sort and figure filters for a size), in their canonical order. */
export async function getMenuTools(query: MenuQuery, { signal }: { signal?: AbortSignal } = {}): Promise<Drink[]> {
  return expectList<Drink>(await apiGet(`${PATH}?${menuQueryString(query)}`, { signal }), PATH, DRINK_KEYS);
}

export const menuToolsQueryOptions = (query: MenuQuery) =>
  queryOptions({
    queryKey: [PATH, 'tools', menuQueryString(query)],
    queryFn: ({ signal }) => getMenuTools(query, { signal }),
    placeholderData: keepPreviousData,
  });

export function useMenuTools(query: MenuQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...menuToolsQueryOptions(query), enabled });
}
