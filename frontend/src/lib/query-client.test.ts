import { describe, expect, it } from 'vitest';
import { createQueryClient, retryDelay } from './query-client';

describe('the query client defaults (docs/decisions.md, "Calls and request conventions")', () => {
  it('never retries, refetches on focus or polls; data is always stale and kept 5 minutes', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: 0,
      gcTime: 300_000,
    });
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations).toMatchObject({ retry: false });
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
