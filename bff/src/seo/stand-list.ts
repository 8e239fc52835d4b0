import { locationListSchema, type Location } from '@coffee-guide/contracts';
import { CacheKeys } from '../cache/cache-keys';
import type { CacheService } from '../cache/cache.service';
import { VALID_UNTIL_HEADER, validUntilOf } from '../cache/serve-cached';
import type { LocationsClient } from '../clients/clients';

let parsed: { etag: string; list: Location[] } | undefined;

/**
 * Every stand, through the cache entry `/api/locations` answers from (the same bytes, the same key), parsed
 * once per version of that entry. A stale entry is good enough here: URLs and counts, not open-now.
 */
export async function loadStands(
  cache: CacheService,
  locations: LocationsClient,
  requestId: string,
): Promise<Location[]> {
  const answer = await cache.getOrSet(CacheKeys.locationsAll(), async () => {
    const res = await locations.get('/locations', { requestId });
    return { body: res.body, validUntil: validUntilOf(res.headers[VALID_UNTIL_HEADER]) };
  });
  if (parsed?.etag !== answer.etag) {
    parsed = { etag: answer.etag, list: locationListSchema.parse(JSON.parse(answer.body.toString('utf8'))) };
  }
  return parsed.list;
}

/** The stand and state counts of the `{standCount}` and `{stateCount}` placeholders (docs/decisions.md, "Counts from the data"). */
export async function standCounts(cache: CacheService, locations: LocationsClient, requestId: string) {
  const stands = await loadStands(cache, locations, requestId);
  return { stands: stands.length, states: new Set(stands.map((s) => s.state)).size };
}
