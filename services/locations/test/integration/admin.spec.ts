import { adminLocationListSchema, adminLocationSchema, locationDeletedSchema, locationListSchema } from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startLocations } from './app';

describe('locations admin API (real Postgres)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startLocations());
  });
  afterAll(async () => close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as never });

  const valid = {
    name: 'Grants Pass – Rogue River Hwy',
    address: '1980 Rogue River Hwy',
    city: 'grants pass',
    state: 'or',
    zipCode: '97527',
    phone: '',
    latitude: '42.4185',
    longitude: -123.2804,
    hours: JSON.stringify({
      Monday: '5:00 AM - 10:00 PM',
      Tuesday: '5 am – 10 pm',
      Wednesday: '5:00 AM - 10:00 PM',
      Thursday: '5:00 AM - 10:00 PM',
      Friday: '5:00 AM - 1:00 AM',
      Saturday: 'Open 24 hours',
      Sunday: 'Closed',
    }),
    amenities: ['Drive-Thru', 'Mobile Order'],
    isOpen: true,
  };

  it('lists stands with their code and notes', async () => {
    const res = await send('GET', '/admin/locations');
    expect(res.statusCode).toBe(200);
    const all = adminLocationListSchema.parse(res.json());
    expect(all).toHaveLength(14);
    expect(all.find((l) => l.code === 'ID0101')?.notes[0]).toContain('not yet open');
  });

  it('creates a stand from the spec’s JSON text hours, deriving city spelling, slugs and time zone', async () => {
    const res = await send('POST', '/admin/locations', { id: 0, ...valid });
    expect(res.statusCode).toBe(201);
    const created = adminLocationSchema.parse(res.json());
    expect(created).toMatchObject({
      city: 'Grants Pass',
      citySlug: 'grants-pass',
      slug: 'rogue-river-hwy',
      state: 'OR',
      stateName: 'Oregon',
      latitude: 42.4185,
      phone: null,
      timeZone: 'America/Los_Angeles',
      code: `OR-${created.id}`,
    });
    expect(created.id).toBeGreaterThan(14);
    expect(created.hoursMinutes).toEqual({
      monday: { open: 300, close: 1320 },
      tuesday: { open: 300, close: 1320 },
      wednesday: { open: 300, close: 1320 },
      thursday: { open: 300, close: 1320 },
      friday: { open: 300, close: 1500 },
      saturday: { open: 0, close: 1440 },
      sunday: null,
    });
    expect(created.hours).toMatchObject({ Tuesday: '5:00 AM - 10:00 PM', Friday: '5:00 AM - 1:00 AM', Saturday: 'Open 24 hours', Sunday: 'Closed' });
    // It is served publicly at once, in its city.
    const city = locationListSchema.parse((await send('GET', '/locations/or/grants-pass')).json());
    expect(city.map((l) => l.id)).toContain(created.id);

    // The same name again in the same city gets a slug of its own.
    const again = adminLocationSchema.parse((await send('POST', '/admin/locations', valid)).json());
    expect(again.slug).toBe('rogue-river-hwy-2');
  });

  it('takes the structured minutes too, and derives the position from the ZIP and the zone from the nearest stand', async () => {
    const res = await send('POST', '/admin/locations', {
      name: 'Phoenix – W Camelback Rd',
      address: '4920 W Camelback Rd',
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85031',
      hours: { monday: { open: 300, close: 1380 }, Tuesday: '5:00 AM - 11:00 PM', sunday: null },
    });
    expect(res.statusCode).toBe(201);
    const created = adminLocationSchema.parse(res.json());
    expect(created.timeZone).toBe('America/Phoenix');
    expect(created.latitude).toBeCloseTo(33.49, 1);
    expect(created.hoursMinutes.monday).toEqual({ open: 300, close: 1380 });
    expect(created.hoursMinutes.wednesday).toBeNull();
    expect(created.amenities).toEqual([]);
    expect(created.isOpen).toBe(true);
  });

  it('refuses invalid input with a message per field', async () => {
    const res = await send('POST', '/admin/locations', {
      name: '  ',
      city: 'Bend',
      state: 'ZZ',
      zipCode: '9770',
      latitude: 95,
      longitude: 'east',
      isOpen: 'yes',
      rating: 5,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^Validation failed/);
    expect(body.errors).toMatchObject({
      name: 'is required',
      address: 'is required',
      state: 'must be a known two-letter state code such as OR',
      zipCode: 'must be a 5-digit ZIP code',
      latitude: 'must be between -90 and 90',
      longitude: 'must be a longitude',
      isOpen: 'must be true or false',
    });
    expect(body.errors._).toContain('rating');
  });

  it.each([
    ['not JSON text', '{Monday: 5am', { hours: expect.stringContaining('valid JSON text') }],
    ['an unknown weekday', { Funday: '5:00 AM - 10:00 PM' }, { 'hours.Funday': expect.stringContaining('unknown weekday') }],
    ['a time that does not exist', { Monday: '5:00 AM - 13:00 PM' }, { 'hours.Monday': '"13:00 PM" is not a time such as 10:00 PM' }],
    ['minutes past 59', { Tuesday: '5:75 AM - 10:00 PM' }, { 'hours.Tuesday': '"5:75 AM" is not a time such as 5:00 AM' }],
    ['no range', { Monday: 'mornings' }, { 'hours.Monday': expect.stringContaining('time range') }],
    ['a structured day closing before it opens', { monday: { open: 600, close: 300 } }, { 'hours.monday.close': expect.stringContaining('close must be after open') }],
    ['a structured day longer than 24 hours', { monday: { open: 300, close: 1800 } }, { 'hours.monday.close': expect.stringContaining('at most 24 hours') }],
    ['a list', ['5:00 AM - 10:00 PM'], { hours: expect.stringContaining('weekday name') }],
  ])('refuses hours with %s', async (_label, hours, errors) => {
    const res = await send('POST', '/admin/locations', { ...valid, hours });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(errors);
  });

  it('refuses a ZIP the ZIP database does not know when no coordinates are given', async () => {
    const res = await send('POST', '/admin/locations', { ...valid, zipCode: '00000', latitude: null, longitude: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.latitude).toContain('00000');
  });

  it('updates a stand: moving it to another city re-derives the slugs; what is left out is kept', async () => {
    const before = adminLocationListSchema.parse((await send('GET', '/admin/locations')).json()).find((l) => l.id === 8)!;
    const res = await send('PUT', '/admin/locations/8', {
      id: 8,
      name: 'Central Point – Biddle Rd',
      address: before.address,
      city: 'Central Point',
      state: 'OR',
      zipCode: '97502',
      latitude: 42.37,
      longitude: -122.91,
      hours: { Monday: 'Closed' },
    });
    expect(res.statusCode).toBe(200);
    const updated = adminLocationSchema.parse(res.json());
    expect(updated).toMatchObject({ city: 'Central Point', citySlug: 'central-point', slug: 'biddle-rd', code: 'OR0201', storeNumber: 'DB108' });
    expect(updated.amenities).toEqual(before.amenities);
    expect(updated.hoursMinutes.monday).toBeNull();
    expect(updated.hoursMinutes.tuesday).toBeNull();
    expect((await send('GET', '/locations/or/medford')).statusCode).toBe(404);
    expect(locationListSchema.parse((await send('GET', '/locations/or/central-point')).json()).map((l) => l.id)).toEqual([8]);

    const invalid = await send('PUT', '/admin/locations/8', { ...valid, latitude: -91 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ latitude: 'must be between -90 and 90' });
    expect((await send('PUT', '/admin/locations/9999', valid)).statusCode).toBe(404);
    expect((await send('PUT', '/admin/locations/abc', valid)).statusCode).toBe(400);
  });

  it('deletes a stand; an unknown id is a 404', async () => {
    const res = await send('DELETE', '/admin/locations/10');
    expect(res.statusCode).toBe(200);
    expect(locationDeletedSchema.parse(res.json())).toEqual({ id: 10, deleted: true });
    expect((await send('GET', '/locations/stand/10')).statusCode).toBe(404);
    expect((await send('DELETE', '/admin/locations/10')).statusCode).toBe(404);
  });
});
