import { describe, expect, it } from 'vitest';
import { locationsFixture, makeLocation } from '../testing/fixtures';
import {
  directionsUrl,
  formatCount,
  formatMiles,
  msUntilNextChange,
  rankedResults,
  SEARCH_RESULTS_SHOWN,
  SHOW_MAX,
  shownOf,
  standLabel,
  statusLabel,
  summariseStates,
  telHref,
} from './location';

describe('location helpers', () => {
  it('names a stand by its own part and shows open-now with a comma', () => {
    const stand = makeLocation({ city: 'North Las Vegas', state: 'NV', street: 'Craig Rd' });
    expect(standLabel(stand)).toBe('Craig Rd');
    expect(standLabel({ name: 'Las Vegas – Main', city: 'North Las Vegas' })).toBe('Las Vegas – Main');
    expect(statusLabel({ statusText: 'Closed · opens tomorrow at 5 AM' })).toBe('Closed, opens tomorrow at 5 AM');
  });

  it('builds directions with the ZIP only when asked, and tel links only for a listed number', () => {
    const stand = makeLocation({
      city: 'Grants Pass',
      state: 'OR',
      street: 'SW 6th St',
      address: '1200 SW 6th St',
      zipCode: '97526',
    });
    expect(directionsUrl(stand)).toBe(
      'https://www.google.com/maps/search/?api=1&query=1200%20SW%206th%20St%2C%20Grants%20Pass%2C%20OR',
    );
    expect(directionsUrl(stand, true)).toMatch(/OR%2C%2097526$/);
    expect(telHref('(541) 555-0134')).toBe('tel:5415550134');
    expect(telHref(null)).toBeNull();
    expect(telHref('n/a')).toBeNull();
  });

  it('sorts states by stand count, then name', () => {
    expect(summariseStates(locationsFixture()).map((s) => `${s.code}:${s.count}`)).toEqual(['TX:5', 'OR:4', 'WA:1']);
  });

  it('ranks stands without distances from a shared position, and keeps the service order otherwise', () => {
    const stands = locationsFixture().filter((l) => l.state === 'TX');
    expect(rankedResults(stands, null).map((l) => l.city)).toEqual([
      'San Antonio',
      'San Antonio',
      'San Antonio',
      'Austin',
      'Austin',
    ]);
    const ranked = rankedResults(stands, { latitude: 30.25, longitude: -97.77 });
    expect(ranked[0].city).toBe('Austin');
    expect(ranked[0].distanceMiles).toBe(0);
    const withMiles = stands.map((l, i) => ({ ...l, distanceMiles: 10 - i }));
    expect(rankedResults(withMiles, { latitude: 30.25, longitude: -97.77 })).toEqual(withMiles);
    expect([formatMiles(0.44), formatMiles(12.6)]).toEqual(['0.4 mi', '13 mi']);
  });

  it('knows when the soonest opening or closing comes', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(msUntilNextChange([{ nextChangeAt: null }], now)).toBeUndefined();
    expect(
      msUntilNextChange([{ nextChangeAt: '2025-06-01T13:00:00Z' }, { nextChangeAt: '2025-06-01T12:30:00Z' }], now),
    ).toBe(30 * 60_000);
  });

  it("reads how many search results to show from the URL's show=, a bad value the default", () => {
    const at = (query: string) => shownOf(new URLSearchParams(query));
    expect(at('q=salem')).toBe(SEARCH_RESULTS_SHOWN);
    expect(at('show=15')).toBe(15);
    expect(at('show=2')).toBe(SEARCH_RESULTS_SHOWN);
    expect(at('show=99999')).toBe(SHOW_MAX);
    for (const bad of ['show=', 'show=ten', 'show=-5', 'show=1e3', 'show=7.5'])
      expect(at(bad)).toBe(SEARCH_RESULTS_SHOWN);
  });
});

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    const counts = [0, 7, 999, 1000, 1080, 12345, 1234567, 10.5, 1234.25];
    expect(counts.map(formatCount)).toEqual(counts.map((n) => n.toLocaleString('en-US')));
  });
});
