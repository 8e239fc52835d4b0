/**
 * Offline geography: ZIP codes (the `zipcodes` package, GeoNames data) and IANA time zones from
 * coordinates (`geo-tz`).
 */
import { find } from 'geo-tz';

export interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

interface ZipcodesModule {
  lookup(zip: string | number): ZipRecord | undefined;
  lookupByName(city: string, state: string): ZipRecord[];
  lookupByState(state: string): ZipRecord[];
}

// The package ships no type declarations.

const zipcodes = require('zipcodes') as ZipcodesModule;

export function lookupZip(zip: string): ZipRecord | null {
  return zipcodes.lookup(zip) ?? null;
}
export function zipsOfCity(city: string, state: string): ZipRecord[] {
  return zipcodes.lookupByName(city, state);
}
export function zipsOfState(state: string): ZipRecord[] {
  return zipcodes.lookupByState(state);
}

/** Great-circle distance in kilometres. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** The nearest of some ZIP records to a point, with its distance in km. */
export function nearestZip(lat: number, lon: number, candidates: ZipRecord[]): { zip: ZipRecord; km: number } | null {
  let best: { zip: ZipRecord; km: number } | null = null;
  for (const z of candidates) {
    const km = distanceKm(lat, lon, z.latitude, z.longitude);
    if (!best || km < best.km || (km === best.km && z.zip < best.zip.zip)) best = { zip: z, km };
  }
  return best;
}

/** The IANA zone of a point on land (the first of geo-tz's answers). */
export function timeZoneAt(lat: number, lon: number): string {
  const zones = find(lat, lon);
  if (zones.length === 0) throw new Error(`no time zone at ${lat}, ${lon}`);
  return zones[0];
}

/** The zone's UTC offset at an instant, in minutes east of UTC (Intl's "GMT-07:00" form). */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!m) throw new Error(`unexpected offset name ${name}`);
  return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}
