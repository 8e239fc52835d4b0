import { type Location } from '@coffee-guide/contracts';
import { slugify } from '@coffee-guide/domain';

let nextId = 1000;

const regularHours = {
  monday: { open: 300, close: 1320 },
  tuesday: { open: 300, close: 1320 },
  wednesday: { open: 300, close: 1320 },
  thursday: { open: 300, close: 1320 },
  friday: { open: 300, close: 1380 },
  saturday: { open: 300, close: 1380 },
  sunday: { open: 300, close: 1320 },
};

const regularText = {
  Monday: '5:00 AM - 10:00 PM',
  Tuesday: '5:00 AM - 10:00 PM',
  Wednesday: '5:00 AM - 10:00 PM',
  Thursday: '5:00 AM - 10:00 PM',
  Friday: '5:00 AM - 11:00 PM',
  Saturday: '5:00 AM - 11:00 PM',
  Sunday: '5:00 AM - 10:00 PM',
};

const STATE_NAMES: Record<string, string> = {
  OR: 'Oregon',
  TX: 'Texas',
  WA: 'Washington',
  CA: 'California',
  AZ: 'Arizona',
};

const allDay = { open: 0, close: 1440 };
const aroundTheClock = {
  monday: allDay,
  tuesday: allDay,
  wednesday: allDay,
  thursday: allDay,
  friday: allDay,
  saturday: allDay,
  sunday: allDay,
};
const aroundTheClockText = Object.fromEntries(
  Object.keys(regularText).map((day) => [day, 'Open 24 hours']),
) as typeof regularText;

/**
 * A stand as /api/locations answers it. Its open-now fields agree with its hours at the tests' instant
 * (testing/render TEST_NOW, a Tuesday noon in Portland): the pages compute them again from the hours.
 */
export function makeLocation(
  overrides: Partial<Location> & Pick<Location, 'city' | 'state'> & { street: string },
): Location {
  const { street, ...rest } = overrides;
  return {
    id: nextId++,
    name: `${overrides.city} – ${street}`,
    address: `${100 + (nextId % 900)} ${street}`,
    zipCode: '97526',
    phone: null,
    latitude: 42.44,
    longitude: -123.33,
    hours: regularText,
    amenities: ['Drive-Thru', 'Walk-Up Window', 'Mobile Order'],
    isOpen: true,
    slug: slugify(street),
    citySlug: slugify(overrides.city),
    stateName: STATE_NAMES[overrides.state] ?? overrides.state,
    storeNumber: `DB${nextId}`,
    timeZone: 'America/Los_Angeles',
    openNow: true,
    todayHours: '5:00 AM - 10:00 PM',
    statusText: 'Open now · closes at 10 PM',
    nextChangeAt: null,
    distanceMiles: null,
    hoursMinutes: regularHours,
    source: "The chain's store locator",
    asOf: '2025-09-30',
    estimated: false,
    ...rest,
  };
}

/** Four Oregon stands (three in Grants Pass), one in Washington, five in Texas (three in San Antonio). */
export function locationsFixture(): Location[] {
  return [
    makeLocation({
      city: 'Grants Pass',
      state: 'OR',
      street: 'SW 6th St',
      address: '1200 SW 6th St',
      phone: '(541) 555-0134',
      latitude: 42.43,
      longitude: -123.33,
    }),
    makeLocation({
      city: 'Grants Pass',
      state: 'OR',
      street: 'NE 7th St',
      address: '980 NE 7th St',
      openNow: false,
      statusText: 'Closed · opens at 1 PM',
      todayHours: '1:00 PM - 10:00 PM',
      hours: { ...regularText, Tuesday: '1:00 PM - 10:00 PM' },
      hoursMinutes: { ...regularHours, tuesday: { open: 780, close: 1320 } },
      amenities: ['Drive-Thru'],
      latitude: 42.45,
      longitude: -123.32,
    }),
    makeLocation({
      city: 'Grants Pass',
      state: 'OR',
      street: 'Redwood Hwy',
      address: '1855 Redwood Hwy',
      latitude: 42.42,
      longitude: -123.36,
    }),
    makeLocation({
      city: 'Medford',
      state: 'OR',
      street: 'Crater Lake Hwy',
      address: '2340 Crater Lake Hwy',
      zipCode: '97504',
      latitude: 42.36,
      longitude: -122.86,
    }),
    makeLocation({
      city: 'Vancouver',
      state: 'WA',
      street: 'NE Fourth Plain Blvd',
      address: '7000 NE Fourth Plain Blvd',
      zipCode: '98662',
      latitude: 45.65,
      longitude: -122.6,
    }),
    makeLocation({
      city: 'San Antonio',
      state: 'TX',
      street: 'Babcock Rd',
      address: '8500 Babcock Rd',
      zipCode: '78240',
      timeZone: 'America/Chicago',
      latitude: 29.53,
      longitude: -98.57,
    }),
    makeLocation({
      city: 'San Antonio',
      state: 'TX',
      street: 'Wurzbach Rd',
      address: '4200 Wurzbach Rd',
      zipCode: '78238',
      timeZone: 'America/Chicago',
      latitude: 29.5,
      longitude: -98.6,
    }),
    makeLocation({
      city: 'San Antonio',
      state: 'TX',
      street: 'Culebra Rd',
      address: '9100 Culebra Rd',
      zipCode: '78251',
      timeZone: 'America/Chicago',
      statusText: 'Open 24 hours',
      todayHours: 'Open 24 hours',
      hours: aroundTheClockText,
      hoursMinutes: aroundTheClock,
      amenities: ['Drive-Thru', 'Open 24 Hours'],
      latitude: 29.48,
      longitude: -98.68,
    }),
    makeLocation({
      city: 'Austin',
      state: 'TX',
      street: 'S Lamar Blvd',
      address: '3000 S Lamar Blvd',
      zipCode: '78704',
      timeZone: 'America/Chicago',
      latitude: 30.25,
      longitude: -97.77,
    }),
    makeLocation({
      city: 'Austin',
      state: 'TX',
      street: 'Burnet Rd',
      address: '5500 Burnet Rd',
      zipCode: '78756',
      timeZone: 'America/Chicago',
      latitude: 30.33,
      longitude: -97.74,
    }),
  ];
}
