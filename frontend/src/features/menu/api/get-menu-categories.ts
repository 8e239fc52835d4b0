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

/**
 * Home's showcase: every category with its first `perCategory` drinks. The page carries what it shows (a
 * server-rendered page holds its queries' data), not the whole menu: three drinks of each category, not 357.
 */
/** The drinks per category the home page shows. */
export const HOME_DRINKS_PER_CATEGORY = 3;

export const menuCategoriesQueryOptions = (perCategory: number) =>
  queryOptions({
    queryKey: [PATH, { perCategory }],
    queryFn: async ({ signal }): Promise<MenuCategories> =>
      Object.fromEntries(
        Object.entries(await getMenuCategories({ signal })).map(([name, drinks]) => [
          name,
          drinks.slice(0, perCategory),
        ]),
      ),
  });

export function useMenuCategories(perCategory: number) {
  return useQuery(menuCategoriesQueryOptions(perCategory));
}
