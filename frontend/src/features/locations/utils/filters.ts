import { type Location } from '@coffee-guide/contracts';
import { openStatus } from '@coffee-guide/domain';
import { statusAt } from './location';

/** The locator's filters, as they appear in the URL: `/locations?filter=open-now&filter=walk-up`. */
export const STAND_FILTERS = [
  { value: 'open-now', label: 'Open now' },
  { value: 'open-24-hours', label: 'Open 24 hours' },
  { value: 'open-late', label: 'Open late (10 PM or later)' },
  { value: 'closing-soon', label: 'Closing within the hour' },
  { value: 'walk-up', label: 'Walk-up window' },
] as const;
export type StandFilter = (typeof STAND_FILTERS)[number]['value'];

const KNOWN = new Set<string>(STAND_FILTERS.map((f) => f.value));
const HOUR_MS = 60 * 60 * 1000;

/** The filters of a URL's query, known ones only, in the list's order. */
export function filtersOf(params: URLSearchParams): StandFilter[] {
  const asked = new Set(params.getAll('filter').filter((v) => KNOWN.has(v)));
  return STAND_FILTERS.map((f) => f.value).filter((v) => asked.has(v));
}

/**
 * Whether a stand passes every filter at `now`, with its open-now fields computed for that instant in its own
 * time zone (so a page left open drops a stand from "open now" when the clock passes its closing time).
 */
export function matchesFilters(location: Location, filters: readonly StandFilter[], now: Date): boolean {
  if (filters.length === 0) return true;
  const at = statusAt(location, now);
  for (const f of filters) {
    if (f === 'open-now' && !(at.isOpen && at.openNow)) return false;
    if (f === 'open-24-hours' && !isAroundTheClock(location)) return false;
    if (f === 'open-late' && !isOpenLate(location, now)) return false;
    if (f === 'closing-soon' && !closesWithinTheHour(location, now)) return false;
    if (f === 'walk-up' && !location.amenities.some((a) => /walk-?up/i.test(a))) return false;
  }
  return true;
}

export function applyFilters(locations: Location[], filters: readonly StandFilter[], now: Date): Location[] {
  return filters.length === 0 ? locations : locations.filter((l) => matchesFilters(l, filters, now));
}

function isAroundTheClock(location: Location): boolean {
  if (!location.isOpen) return false;
  const days = location.hoursMinutes ? Object.values(location.hoursMinutes) : [];
  return days.length === 7 && days.every((d) => d !== null && d.open <= 0 && d.close >= 1440);
}

/**
 * Today's hours, in the stand's own time zone at `now`, run to 10 PM or later (docs/decisions.md, "Open now"):
 * the rule the locations service answers as `openLate`, computed again for the page's instant.
 */
function isOpenLate(location: Location, now: Date): boolean {
  if (!location.hoursMinutes || !location.timeZone) return location.openLate ?? false;
  try {
    return openStatus({ hours: location.hoursMinutes, timeZone: location.timeZone, isOpen: location.isOpen }, now)
      .openLate;
  } catch {
    return location.openLate ?? false;
  }
}

function closesWithinTheHour(location: Location, now: Date): boolean {
  const at = statusAt(location, now);
  if (!at.isOpen || !at.openNow || isAroundTheClock(location)) return false;
  const next = nextChange(location, now);
  return next !== null && next.getTime() - now.getTime() <= HOUR_MS;
}

/** The next opening or closing after `now`, from the stand's hours (the answer's nextChangeAt is of its own instant). */
function nextChange(location: Location, now: Date): Date | null {
  if (!location.hoursMinutes || !location.timeZone)
    return location.nextChangeAt ? new Date(location.nextChangeAt) : null;
  try {
    return openStatus({ hours: location.hoursMinutes, timeZone: location.timeZone, isOpen: location.isOpen }, now)
      .nextChangeAt;
  } catch {
    return null;
  }
}
