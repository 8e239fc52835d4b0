import type { StandSummary } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { expectObject } from './parse';

const PATH = '/api/locations/summary';

/** The stand and state counts pages show (docs/decisions.md, "Counts from the data"). */
export type StandCounts = Pick<StandSummary, 'standCount' | 'stateCount'>;

/** How many stands in how many states, and per state: a few hundred bytes instead of the whole stand list. */
export async function getStandSummary({ signal }: { signal?: AbortSignal } = {}): Promise<StandSummary> {
  return expectObject<StandSummary>(await apiGet(PATH, { signal }), PATH, ['standCount', 'stateCount', 'states']);
}

export const standSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [PATH],
    queryFn: ({ signal }) => getStandSummary({ signal }),
  });

/** The counts for the `{standCount}` and `{stateCount}` placeholders; undefined until they arrive. */
export function useStandCounts(): StandCounts | undefined {
  const { data } = useQuery({
    ...standSummaryQueryOptions(),
    select: (summary): StandCounts => ({ standCount: summary.standCount, stateCount: summary.stateCount }),
  });
  return data;
}
