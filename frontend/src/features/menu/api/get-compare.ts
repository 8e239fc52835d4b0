import { COMPARE_MIN, readCompareParam, type CompareAnswer } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectObject } from '@/lib/parse';

const PATH = '/api/compare';

/** GET /api/compare?drinks=a,b: two to four drinks with every size; unknown slugs come back as `missing`. */
export async function getCompare(slugs: readonly string[], { signal }: { signal?: AbortSignal } = {}): Promise<CompareAnswer> {
  return expectObject<CompareAnswer>(await apiGet(`${PATH}?drinks=${slugs.map(encodeURIComponent).join(',')}`, { signal }), PATH, ['drinks', 'missing']);
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
