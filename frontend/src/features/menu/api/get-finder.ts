import { type FinderAnswerPayload } from '@coffee-guide/contracts';
import { parseFinderQuery, type FinderQuery } from '@coffee-guide/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { expectObject } from '@/lib/parse';

const PATH = '/api/menu/finder';

function search(q: FinderQuery): string {
  const parts: string[] = [];
  if (q.include.length) parts.push(`include=${q.include.map(encodeURIComponent).join(',')}`);
  if (q.exclude.length) parts.push(`exclude=${q.exclude.map(encodeURIComponent).join(',')}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The flavours `/finder?include=…&exclude=…` asks for (none when the URL's are not valid). */
export function finderQueryOf(params: URLSearchParams): FinderQuery {
  const parsed = parseFinderQuery({ include: params.getAll('include'), exclude: params.getAll('exclude') });
  return parsed.ok ? parsed.value : { include: [], exclude: [] };
}

/** GET /api/menu/finder: the menu's flavours with counts, and the drinks ranked by wanted flavours. */
export async function getFinder(
  q: FinderQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FinderAnswerPayload> {
  return expectObject<FinderAnswerPayload>(await apiGet(`${PATH}${search(q)}`, { signal }), PATH, [
    'flavours',
    'results',
  ]);
}

export const finderQueryOptions = (q: FinderQuery) =>
  queryOptions({
    queryKey: [PATH, q.include.join(','), q.exclude.join(',')],
    queryFn: ({ signal }) => getFinder(q, { signal }),
    placeholderData: keepPreviousData,
  });

export function useFinder(q: FinderQuery) {
  return useQuery(finderQueryOptions(q));
}
