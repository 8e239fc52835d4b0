import type { ApiAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';
import { expectList } from '@/lib/parse';

const PATH = '/api/nutrition';

/** docs/decisions.md, "Error messages": a failed category fetch is 'Failed to fetch nutrition data' (the status is kept for 404s). */
export const NUTRITION_ERROR = 'Failed to fetch nutrition data';

export async function getNutrition(
  category: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiAnswer<'nutrition'>> {
  const url = category ? `${PATH}?category=${encodeURIComponent(category)}` : PATH;
  try {
    return expectList<ApiAnswer<'nutrition'>[number]>(await apiGet(url, { signal }), PATH, [
      'menuItemId',
      'menuItem',
      'size',
      'calories',
    ]);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, NUTRITION_ERROR, error.serverMessage);
    throw error;
  }
}

export const nutritionQueryOptions = (category: string | null) =>
  queryOptions({
    queryKey: [PATH, { category: category ?? 'all' }],
    queryFn: ({ signal }) => getNutrition(category, { signal }),
  });

export function useNutrition(category: string | null) {
  return useQuery(nutritionQueryOptions(category));
}
