import { type Location } from '@coffee-guide/contracts';
import { knowZoneOffsets, openStatus, wallClock, type WeekdayName } from '@coffee-guide/domain';
import { takePageZones } from '@/lib/ssr-payload';
import { compareText } from '@/lib/format';

/** Monday first, as the contract's hours text is keyed. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const satisfies readonly WeekdayName[];

/** docs/decisions.md, "Counts, limits and timings": 3 stands per state on the overview, 5 search results, 2 hours lines in the full list. */
export const STANDS_PER_STATE = 3;
export const SEARCH_RESULTS_SHOWN = 5;
export const HOURS_LINES_SHOWN = 2;
export const AMENITIES_SHOWN = 2;
/** Stands per page of the full list. */
export const FULL_LIST_PAGE_SIZE = 24;
export const NEAREST_LIMIT = 10;
/** The nearest other stands shown on a stand's page. */
export const NEARBY_SHOWN = 5;
/** The most results a `show=` asks for; a larger number is this many. */
export const SHOW_MAX = 500;

/**
 * How many search results the locator shows: the URL's `show=` (the "Show more results" link adds
 * SEARCH_RESULTS_SHOWN), at least SEARCH_RESULTS_SHOWN; anything but a whole number is the default.
 */
export function shownOf(params: URLSearchParams): number {
  const raw = params.get('show');
  if (raw === null || !/^\d{1,6}$/.test(raw)) return SEARCH_RESULTS_SHOWN;
  return Math.min(SHOW_MAX, Math.max(SEARCH_RESULTS_SHOWN, Number(raw)));
}

const MAPS_SEARCH_URL = 'https://www.google.com/maps/search/?api=1&query=';

export const statePath = (stateCode: string) => `/locations/${stateCode.toLowerCase()}`;
export const cityPath = (stateCode: string, citySlug: string) => `${statePath(stateCode)}/${citySlug}`;
export const standPath = (location: Pick<Location, 'state' | 'citySlug' | 'slug'>) =>
  `${cityPath(location.state, location.citySlug)}/${location.slug}`;

/** "Grants Pass – SW 6th St" -> "SW 6th St": the stand's own part of its name (the one rule, in the domain). */
export { standLabel } from '@coffee-guide/domain';

/** "Open now · closes at 10 PM" -> "Open now, closes at 10 PM". */
export function statusLabel(location: Pick<Location, 'statusText'>): string {
  return location.statusText.replace(/\s*·\s*/g, ', ');
}

export type OpenState = 'open' | 'closed' | 'not-operating';

export function openState(location: Pick<Location, 'isOpen' | 'openNow'>): OpenState {
  if (!location.isOpen) return 'not-operating';
  return location.openNow ? 'open' : 'closed';
}

type StatusFields = Pick<Location, 'isOpen' | 'openNow' | 'statusText' | 'todayHours' | 'hoursMinutes' | 'timeZone'>;

/**
 * The stand's open-now fields at `now`, computed in its own time zone (the locations service's own rule,
 * contracts' open-now module), so a page shows the status of its one instant, on the server and at
 * hydration alike, and stays right while it is open. A stand without structured hours or with a zone Intl
 * does not know keeps the fields of the answer.
 */
export function statusAt<T extends StatusFields>(location: T, now: Date): T {
  if (!location.hoursMinutes || !location.timeZone) return location;
  withPageZones();
  try {
    const status = openStatus(
      { hours: location.hoursMinutes, timeZone: location.timeZone, isOpen: location.isOpen },
      now,
    );
    return { ...location, openNow: status.openNow, statusText: status.statusText, todayHours: status.todayHours };
  } catch {
    return location;
  }
}

/** docs/decisions.md, "Calls and request conventions": a maps search for the address (with the ZIP code in the full list). */
export function directionsUrl(
  location: Pick<Location, 'address' | 'city' | 'state' | 'zipCode'>,
  withZip = false,
): string {
  const parts = [location.address, location.city, location.state];
  if (withZip && location.zipCode) parts.push(location.zipCode);
  return MAPS_SEARCH_URL + encodeURIComponent(parts.join(', '));
}

export function fullAddress(location: Pick<Location, 'address' | 'city' | 'state' | 'zipCode'>): string {
  return `${location.address}, ${location.city}, ${location.state} ${location.zipCode}`.trim();
}

/** A tel: link for a listed phone number; null when there is none (never an invented number). */
export function telHref(phone: string | null): string | null {
  const digits = phone?.replace(/[^\d+]/g, '') ?? '';
  return digits.length >= 7 ? `tel:${digits}` : null;
}

/**
 * Hands the page's zone offsets (lib/ssr-payload, given once) to open-now before its first sum: a
 * server-rendered page's stands then get their wall clocks without a time-zone formatter, whose first one
 * costs a phone its time-zone data in the middle of hydration.
 */
function withPageZones(): void {
  const zones = takePageZones();
  if (zones) knowZoneOffsets(zones);
}

let localWeekday: Intl.DateTimeFormat | undefined;

/** The weekday at the stand, in its own time zone, at the page's instant (`useNow`); an unknown zone, the browser's own. */
export function todayAt(timeZone: string, now: Date): WeekdayName {
  withPageZones();
  try {
    return WEEKDAYS[wallClock(now.getTime(), timeZone).weekday];
  } catch {
    localWeekday ??= new Intl.DateTimeFormat('en-US', { weekday: 'long' });
    return localWeekday.format(now) as WeekdayName;
  }
}

export function weeklyHours(location: Pick<Location, 'hours'>): { day: WeekdayName; text: string }[] {
  return WEEKDAYS.filter((day) => location.hours[day] !== undefined).map((day) => ({
    day,
    text: location.hours[day] ?? '',
  }));
}

/** True when the stand has opening hours at all (not every day "Closed"). */
export function hasHours(location: Pick<Location, 'hours'>): boolean {
  return weeklyHours(location).some((h) => h.text && h.text !== 'Closed');
}

export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

/**
 * A whole count with thousands separators (1,080). Not `toLocaleString`: each call makes a number formatter,
 * and the first one loads the locale's data, a cost a page of counts paid at hydration for a comma.
 */
export function formatCount(n: number): string {
  const [whole, fraction] = String(n).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export interface StateSummary {
  code: string;
  name: string;
  count: number;
}

/** The states with stands, most stands first (ties by name). */
export function summariseStates(locations: readonly Location[]): StateSummary[] {
  const byCode = new Map<string, StateSummary>();
  for (const l of locations) {
    const entry = byCode.get(l.state) ?? { code: l.state, name: l.stateName, count: 0 };
    entry.count++;
    byCode.set(l.state, entry);
  }
  return [...byCode.values()].sort((a, b) => b.count - a.count || compareText(a.name, b.name));
}

export interface CityGroup {
  city: string;
  citySlug: string;
  locations: Location[];
}

/** Stands grouped by city, cities by name. */
export function groupByCity(locations: readonly Location[]): CityGroup[] {
  const groups = new Map<string, CityGroup>();
  for (const l of locations) {
    const group = groups.get(l.citySlug) ?? { city: l.city, citySlug: l.citySlug, locations: [] };
    group.locations.push(l);
    groups.set(l.citySlug, group);
  }
  return [...groups.values()].sort((a, b) => compareText(a.city, b.city));
}

export interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in miles. */
export function milesBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Search answers: the service ranks ZIP and city searches by distance from the place searched. A state's
 * stands come alphabetically; when the visitor shared a position, they are ranked from it instead.
 */
export function rankedResults(results: readonly Location[], from: Point | null): Location[] {
  if (!from || results.some((l) => l.distanceMiles !== null)) return [...results];
  return results
    .map((l) => ({ ...l, distanceMiles: Math.round(milesBetween(from, l) * 10) / 10 }))
    .sort((a, b) => a.distanceMiles - b.distanceMiles || a.id - b.id);
}

/** "texas" / "TX" -> display name through the stands' own state name, else the slug capitalised (docs/decisions.md, "Pages and routes"). */
export function capitalise(slug: string): string {
  return slug
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The instant the soonest of these stands opens or closes, in ms from `now`; undefined when none. */
export function msUntilNextChange(
  locations: readonly Pick<Location, 'nextChangeAt'>[] | undefined,
  now: number,
): number | undefined {
  let soonest: number | undefined;
  for (const l of locations ?? []) {
    if (!l.nextChangeAt) continue;
    const at = Date.parse(l.nextChangeAt);
    if (!Number.isNaN(at) && (soonest === undefined || at < soonest)) soonest = at;
  }
  return soonest === undefined ? undefined : Math.max(0, soonest - now);
}
