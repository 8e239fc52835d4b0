import type { Drink, MenuCategories } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectList, isRecord, UnexpectedAnswerError } from '@/lib/parse';
import { DRINK_KEYS } from './get-menu';

const PATH = '/api/menu/categories';

export async function getMenuCategories({ signal }: { signal?: AbortSignal } = {}): Promise<MenuCategories> {
  const answer = await apiGet(PATH, { signal });
  if (!isRecord(answer)) throw new UnexpectedAnswerError(PATH);
  const out: MenuCategories = {};
  for (const [name, drinks] of Object.entries(answer)) out[name] = expectList<Drink>(drinks, PATH, DRINK_KEYS);
  return out;
}

export const menuCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [PATH],
    queryFn: ({ signal }) => getMenuCategories({ signal }),
  });

export function useMenuCategories() {
  return useQuery(menuCategoriesQueryOptions());
}
