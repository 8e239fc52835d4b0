import { zipDatabase } from './zip-database';

export interface Point {
  latitude: number;
  longitude: number;
}

export const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle distance in miles (haversine). */
export function haversineMiles(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The same distance as SQL over the stands' columns, $1 = latitude, $2 = longitude. */
export const SQL_DISTANCE_MILES = `(2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
  power(sin(radians(s.latitude - $1) / 2), 2) +
  cos(radians($1)) * cos(radians(s.latitude)) * power(sin(radians(s.longitude - $2) / 2), 2)))))`;

/** Miles rounded to a tenth, as shown. */
export const roundMiles = (miles: number): number => Math.round(miles * 10) / 10;

export function centroid(points: Point[]): Point | null {
  if (points.length === 0) return null;
  return {
    latitude: points.reduce((s, p) => s + p.latitude, 0) / points.length,
    longitude: points.reduce((s, p) => s + p.longitude, 0) / points.length,
  };
}

/** A US ZIP's centre from the offline ZIP database; null when it does not know the ZIP. */
export function zipPoint(zip: string): (Point & { city: string; state: string }) | null {
  const info = zipDatabase().lookup(zip);
  if (!info) return null;
  return { latitude: info.latitude, longitude: info.longitude, city: info.city, state: info.state };
}

/** A city's centre from the offline ZIP database: the mean of its ZIPs' centres; null when unknown. */
export function cityPoint(city: string, state: string): Point | null {
  const alternatives = [
    city,
    city.replace(/^st\.?\s/i, 'Saint '),
    city.replace(/^ft\.?\s/i, 'Fort '),
    city.replace(/^mt\.?\s/i, 'Mount '),
  ];
  for (const name of alternatives) {
    const found = zipDatabase().lookupByName(name, state);
    if (found.length) return centroid(found);
  }
  return null;
}
