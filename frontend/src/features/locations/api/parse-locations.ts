import type { Location } from '@coffee-guide/contracts';
import type { Query } from '@tanstack/react-query';
import { expectList, expectObject } from '@/lib/parse';
import { msUntilNextChange } from '../utils/location';

const LOCATION_KEYS = [
  'id',
  'name',
  'address',
  'city',
  'state',
  'citySlug',
  'slug',
  'hours',
  'statusText',
  'latitude',
  'longitude',
] as const;

/** Checked with light code: zod's runtime stays out of the public pages (lib/parse). */
export function parseLocations(value: unknown, path: string): Location[] {
  return expectList<Location>(value, path, LOCATION_KEYS);
}

export function parseLocation(value: unknown, path: string): Location {
  return expectObject<Location>(value, path, LOCATION_KEYS);
}

const SIX_HOURS = 6 * 60 * 60 * 1000;

/**
 * Open-now is computed when the answer is made: a page left open refetches just after the next opening or
 * closing among its stands (the BFF keeps the answer fresh until exactly then), and never polls otherwise.
 */
export function refetchAtNextChange(query: Query<Location[], Error, Location[], readonly unknown[]>): number | false {
  // called by TanStack Query in the browser, after the page has rendered: the clock may be read here
  const ms = msUntilNextChange(query.state.data, Date.now());
  return ms === undefined || ms > SIX_HOURS ? false : ms + 2000;
}
