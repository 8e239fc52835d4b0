import type { ApiAnswer } from '@coffee-guide/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectList } from '@/lib/parse';
import { DRINK_KEYS } from './get-menu';

const PATH = '/api/menu/search';

/** GET /api/menu/search: the catalog's typo-tolerant search. Sent only for non-blank text (docs/decisions.md, "Calls and request conventions"). */
export async function searchMenu(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiAnswer<'menuSearch'>> {
  return expectList<ApiAnswer<'menuSearch'>[number]>(
    await apiGet(`${PATH}?q=${encodeURIComponent(query)}`, { signal }),
    PATH,
    DRINK_KEYS,
  );
}

export const menuSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [PATH, { q: query }],
    queryFn: ({ signal }) => searchMenu(query, { signal }),
    // while the visitor types, the previous results stay until the next ones arrive
    placeholderData: keepPreviousData,
  });

export function useMenuSearch(query: string) {
  return useQuery({ ...menuSearchQueryOptions(query), enabled: query.length > 0 });
}
