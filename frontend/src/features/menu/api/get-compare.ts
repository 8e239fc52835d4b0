import { type CompareAnswer, type DrinkDetail } from '@coffee-guide/contracts';
import { COMPARE_MIN, readCompareParam } from '@coffee-guide/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';
import { expectObject } from '@/lib/parse';
import { getDrink } from './get-drink';

const PATH = '/api/compare';

/**
 * GET /api/compare?drinks=a,b: two to four drinks with every size. A slug that names no drink makes the
 * comparison a 404 (never cached, docs/web.md "Canonical cache keys"): the drinks are then read one by one,
 * those that exist compared and the others named as `missing`.
 */
export async function getCompare(
  slugs: readonly string[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<CompareAnswer> {
  try {
    return expectObject<CompareAnswer>(
      await apiGet(`${PATH}?drinks=${slugs.map(encodeURIComponent).join(',')}`, { signal }),
      PATH,
      ['drinks', 'missing'],
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const found = await Promise.all(
    slugs.map((slug) =>
      getDrink(slug, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  return {
    drinks: found.filter((d): d is DrinkDetail => d !== null),
    missing: slugs.filter((_, i) => found[i] === null),
  };
}

export const compareQueryOptions = (slugs: readonly string[]) =>
  queryOptions({
    queryKey: [PATH, slugs.join(',')],
    queryFn: ({ signal }) => getCompare(slugs, { signal }),
  });

export function useCompare(slugs: readonly string[], { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...compareQueryOptions(slugs), enabled });
}

/** What `/compare?drinks=…` reads: its drinks, when there are enough of them to compare. */
export function compareReadOf(params: URLSearchParams) {
  const { slugs } = readCompareParam(params.get('drinks'));
  return slugs.length >= COMPARE_MIN ? compareQueryOptions(slugs) : null;
}
