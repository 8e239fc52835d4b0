import type { Location } from '@coffee-guide/contracts';
import { WEEKDAYS } from './location';

const KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** schema.org data of a stand page, built from the stand itself (no rating: there is no rating data). */
export function standJsonLd(location: Location, brand: string, url: string): object {
  const hours = KEYS.flatMap((key, i) => {
    const day = location.hoursMinutes?.[key];
    if (!day) return [];
    return [{ '@type': 'OpeningHoursSpecification', dayOfWeek: WEEKDAYS[i], opens: clock(day.open), closes: day.close >= 1440 && day.close - day.open >= 1440 ? '23:59' : clock(day.close) }];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'CafeOrCoffeeShop',
    name: `${brand} ${location.name}`,
    url,
    address: {
      '@type': 'PostalAddress',
      streetAddress: location.address,
      addressLocality: location.city,
      addressRegion: location.state,
      postalCode: location.zipCode,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
    ...(location.phone ? { telephone: location.phone } : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
  };
}
