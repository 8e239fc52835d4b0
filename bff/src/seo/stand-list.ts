import { locationListSchema, type Location } from '@coffee-guide/contracts';
import { CacheKeys } from '../cache/cache-keys';
import type { CacheService } from '../cache/cache.service';
import type { LocationsClient } from '../clients/clients';

let parsed: { etag: string; list: Location[] } | undefined;

/** Milliseconds until the service's `x-valid-until`, as the locations controller keeps the same entry. */
function freshFor(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Every stand, through the cache entry `/api/locations` answers from (the same bytes, the same key), parsed
 * once per version of that entry. A stale entry is good enough here: URLs and counts, not open-now.
 */
export async function loadStands(cache: CacheService, locations: LocationsClient, requestId: string): Promise<Location[]> {
  const answer = await cache.getOrSet(CacheKeys.locationsAll(), async () => {
    const res = await locations.get('/locations', { requestId });
    return { body: res.body, freshForMs: freshFor(res.headers['x-valid-until']) };
  });
  if (parsed?.etag !== answer.etag) {
    parsed = { etag: answer.etag, list: locationListSchema.parse(JSON.parse(answer.body.toString('utf8'))) };
  }
  return parsed.list;
}

/** The stand and state counts of the `{standCount}` and `{stateCount}` placeholders (DESIGN.md decision 7). */
export async function standCounts(cache: CacheService, locations: LocationsClient, requestId: string) {
  const stands = await loadStands(cache, locations, requestId);
  return { stands: stands.length, states: new Set(stands.map((s) => s.state)).size };
}
