import { menuCategoriesSchema, type MenuCategories } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export async function getMenuCategories({ signal }: { signal?: AbortSignal } = {}): Promise<MenuCategories> {
  return menuCategoriesSchema.parse(await apiGet('/api/menu/categories', { signal }));
}

export const menuCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/menu/categories'],
    queryFn: ({ signal }) => getMenuCategories({ signal }),
  });

export function useMenuCategories() {
  return useQuery(menuCategoriesQueryOptions());
}
