import { locationListSchema, locationSchema, type Location } from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { haversineMiles } from '../../src/geo/geo';
import { startLocations } from './app';

describe('locations read API (real Postgres, handwritten fixture)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startLocations());
  });
  afterAll(async () => close());

  const get = (url: string) => app.inject({ method: 'GET', url });
  const list = async (url: string): Promise<Location[]> => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return locationListSchema.parse(res.json());
  };

  it('lists every stand in the spec’s shape, with open-now and an x-valid-until of the earliest change', async () => {
    const before = Date.now();
    const res = await get('/locations');
    expect(res.statusCode).toBe(200);
    const all = locationListSchema.parse(res.json());
    expect(all).toHaveLength(14);
    const gp = all.find((l) => l.slug === 'sw-6th-st')!;
    expect(gp).toMatchObject({
      name: 'Grants Pass – SW 6th St',
      city: 'Grants Pass',
      citySlug: 'grants-pass',
      state: 'OR',
      stateName: 'Oregon',
      zipCode: '97526',
      phone: null,
      timeZone: 'America/Los_Angeles',
      distanceMiles: null,
      storeNumber: 'DB105',
      isOpen: true,
    });
    expect(gp.hours).toEqual({
      Monday: '5:00 AM - 10:00 PM',
      Tuesday: '5:00 AM - 10:00 PM',
      Wednesday: '5:00 AM - 10:00 PM',
      Thursday: '5:00 AM - 10:00 PM',
      Friday: '5:00 AM - 11:00 PM',
      Saturday: '5:00 AM - 11:00 PM',
      Sunday: '5:00 AM - 10:00 PM',
    });
    expect(Object.keys(gp.hours)[0]).toBe('Monday');
    expect(gp.hoursMinutes.friday).toEqual({ open: 300, close: 1380 });
    expect(gp.statusText).toMatch(gp.openNow ? /^Open now · closes / : /^Closed · opens /);
    expect(all.find((l) => l.citySlug === 'flagstaff')).toMatchObject({
      openNow: true,
      statusText: 'Open 24 hours',
      nextChangeAt: null,
    });
    expect(all.find((l) => l.citySlug === 'boise')).toMatchObject({
      openNow: false,
      isOpen: false,
      statusText: 'Coming soon',
      todayHours: 'Closed',
      openLate: false,
    });
    // open late: today's hours run to 10 PM or later (every day at Grants Pass), or around the clock
    expect(gp.openLate).toBe(true);
    expect(all.find((l) => l.citySlug === 'flagstaff')?.openLate).toBe(true);
    expect(all.every((l) => typeof l.openLate === 'boolean')).toBe(true);
    expect(all.find((l) => l.citySlug === 'tempe')?.hours.Friday).toBe('5:00 AM - 2:00 AM');

    const validUntil = Date.parse(String(res.headers['x-valid-until']));
    expect(validUntil).toBeGreaterThan(before);
    const changes = all
      .map((l) => l.nextChangeAt)
      .filter((c): c is string => c !== null)
      .map(Date.parse);
    // Never later than the earliest opening or closing of the answer's stands.
    expect(validUntil).toBeLessThanOrEqual(Math.min(...changes));
    expect(validUntil - before).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('answers a state by its lowercase code: 404 for an unknown code, [] for a state without stands', async () => {
    const or = await list('/locations/or');
    expect(or.map((l) => l.citySlug).sort()).toEqual([
      'grants-pass',
      'grants-pass',
      'grants-pass',
      'medford',
      'milton-freewater',
      'portland',
    ]);
    expect(await list('/locations/OR')).toHaveLength(6);
    expect(await list('/locations/me')).toEqual([]);
    const unknown = await get('/locations/zz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('zz');
    expect((await get('/locations/oregon')).statusCode).toBe(404);
  });

  it('answers a city by its whole-name slug; an unknown city in a known state is a 404 with a message', async () => {
    expect((await list('/locations/or/grants-pass')).map((l) => l.slug).sort()).toEqual([
      'ne-7th-st',
      'redwood-hwy',
      'sw-6th-st',
    ]);
    expect((await list('/locations/nv/north-las-vegas')).map((l) => l.name)).toEqual(['North Las Vegas – E Craig Rd']);
    expect((await list('/locations/or/milton-freewater')).map((l) => l.city)).toEqual(['Milton-Freewater']);
    expect(await list('/locations/tx/san-antonio')).toHaveLength(2);
    const notThere = await get('/locations/or/springfield');
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json().message).toBe('No locations in springfield, Oregon');
    // The spec's first-hyphen rule would look for "north las-vegas": the whole name is what matches.
    expect((await get('/locations/nv/north')).statusCode).toBe(404);
    expect((await get('/locations/xx/grants-pass')).statusCode).toBe(404);
  });

  it('answers one stand by id; 404 when unknown, 400 when not an id', async () => {
    const res = await get('/locations/stand/5');
    expect(res.statusCode).toBe(200);
    const stand = locationSchema.parse(res.json());
    expect(stand.name).toBe('Grants Pass – SW 6th St');
    expect(Date.parse(String(res.headers['x-valid-until']))).toBeLessThanOrEqual(Date.parse(stand.nextChangeAt!));
    expect((await get('/locations/stand/9999')).statusCode).toBe(404);
    const bad = await get('/locations/stand/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toBeDefined();
  });

  it('answers the nearest stands to a point, nearest first, with distances in miles', async () => {
    // Downtown Grants Pass.
    const near = await list('/locations/near?lat=42.44&lng=-123.33&limit=4');
    expect(near).toHaveLength(4);
    expect(near.slice(0, 3).every((l) => l.citySlug === 'grants-pass')).toBe(true);
    expect(near[3].citySlug).toBe('medford');
    const distances = near.map((l) => l.distanceMiles!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances[3]).toBeCloseTo(haversineMiles({ latitude: 42.44, longitude: -123.33 }, near[3]), 1);
    expect(distances[3]).toBeGreaterThan(20);
    expect(distances[3]).toBeLessThan(30);
    expect(await list('/locations/near?lat=42.44&lng=-123.33')).toHaveLength(10);
  });

  it('refuses an out-of-range or missing position with a message per field', async () => {
    const res = await get('/locations/near?lat=91&lng=-200&limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      lat: 'must be between -90 and 90',
      lng: 'must be between -180 and 180',
      limit: 'must be a whole number from 1 to 50',
    });
    const missing = await get('/locations/near?lng=abc&limit=51');
    expect(missing.json().errors).toEqual({
      lat: 'is required',
      lng: 'must be a longitude',
      limit: 'must be a whole number from 1 to 50',
    });
  });

  describe('search', () => {
    it('turns a ZIP into coordinates and ranks by distance, answering the nearest even with no stand in that ZIP', async () => {
      const gp = await list('/locations/search?q=97526');
      expect(gp.slice(0, 3).map((l) => l.citySlug)).toEqual(['grants-pass', 'grants-pass', 'grants-pass']);
      expect(gp.every((l) => typeof l.distanceMiles === 'number')).toBe(true);
      expect(gp.map((l) => l.distanceMiles)).toEqual([...gp.map((l) => l.distanceMiles!)].sort((a, b) => a - b));
      // Portland, Maine: no stand for hundreds of miles; still the nearest ones.
      const maine = await list('/locations/search?q=04101');
      expect(maine).toHaveLength(10);
      expect(maine[0].distanceMiles).toBeGreaterThan(1000);
      expect((await list('/locations/search?q=97526-1234')).map((l) => l.id)).toEqual(gp.map((l) => l.id));
    });

    it('understands "city, ST", a city alone, a state name or code, and a stand’s name or address', async () => {
      const cityState = await list('/locations/search?q=' + encodeURIComponent('Grants Pass, OR'));
      expect(cityState.slice(0, 3).map((l) => l.citySlug)).toEqual(['grants-pass', 'grants-pass', 'grants-pass']);
      expect(cityState[0].distanceMiles).toBeLessThan(3);
      expect((await list('/locations/search?q=' + encodeURIComponent('grants pass, oregon'))).length).toBe(
        cityState.length,
      );
      expect((await list('/locations/search?q=' + encodeURIComponent('Grants Pass OR'))).length).toBe(cityState.length);
      const medford = await list('/locations/search?q=medford');
      expect(medford[0].citySlug).toBe('medford');
      expect(medford.map((l) => l.citySlug)).toContain('grants-pass'); // within the radius, ranked after
      expect((await list('/locations/search?q=north%20las%20vegas'))[0].citySlug).toBe('north-las-vegas');
      const texas = await list('/locations/search?q=Texas');
      expect(texas.map((l) => l.state)).toEqual(['TX', 'TX', 'TX']);
      expect(texas[0].distanceMiles).toBeNull();
      expect((await list('/locations/search?q=az')).map((l) => l.state)).toEqual(['AZ', 'AZ', 'AZ']);
      expect((await list('/locations/search?q=culebra')).map((l) => l.slug)).toEqual(['culebra-rd']);
      expect((await list('/locations/search?q=13640%20SE')).map((l) => l.citySlug)).toEqual(['portland']);
      // A city without a stand, found in the ZIP database: the nearest stands.
      const ashland = await list('/locations/search?q=' + encodeURIComponent('Ashland, OR'));
      expect(ashland[0].citySlug).toBe('medford');
      expect(await list('/locations/search?q=')).toEqual([]);
      expect(await list('/locations/search?q=zzzzqqq')).toEqual([]);
      expect(await list('/locations/search?q=100%25')).toEqual([]);
    });

    it('takes backslash, % and _ literally: a 200 with no stand for each alone, the stand whose name has them when asked', async () => {
      for (const q of ['\\', '%', '_', '%%', '\\%', '%_%']) {
        const res = await get(`/locations/search?q=${encodeURIComponent(q)}`);
        expect([q, res.statusCode, res.json()]).toEqual([q, 200, []]);
      }
      const db = app.get(DataSource);
      const [{ name }] = await db.query(`SELECT name FROM stands WHERE slug = 'culebra-rd'`);
      await db.query(`UPDATE stands SET name = $1 WHERE slug = 'culebra-rd'`, ['Culebra 50%_off\\now']);
      try {
        for (const q of ['50%_off\\now', '50%', '_off', 'off\\n', '\\']) {
          expect([q, (await list(`/locations/search?q=${encodeURIComponent(q)}`)).map((l) => l.slug)]).toEqual([
            q,
            ['culebra-rd'],
          ]);
        }
        expect(await list(`/locations/search?q=${encodeURIComponent('50_%')}`)).toEqual([]);
      } finally {
        await db.query(`UPDATE stands SET name = $1 WHERE slug = 'culebra-rd'`, [name]);
      }
    });
  });

  it('answers /health and /ready', async () => {
    expect((await get('/health')).json()).toEqual({ status: 'ok' });
    expect((await get('/ready')).json().status).toBe('ok');
  });
});
