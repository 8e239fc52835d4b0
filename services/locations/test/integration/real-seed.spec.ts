import { locationListSchema, type Location } from '@coffee-guide/contracts';
import { slugify } from '@coffee-guide/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SEED_FILE } from '../../src/paths';
import { startLocations } from './app';

/** The committed seed (services/locations/seed/stands.json, made by the importer) served for real. */
describe('locations on the real seed (real Postgres)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startLocations(SEED_FILE, 'locations_seed'));
  }, 60_000);
  afterAll(async () => close());

  const list = async (url: string): Promise<Location[]> => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return locationListSchema.parse(res.json());
  };

  it('serves 1,080 or more stands, each with its open-now state, in 24 states', async () => {
    const res = await app.inject({ method: 'GET', url: '/locations' });
    const all = locationListSchema.parse(res.json());
    expect(all.length).toBeGreaterThanOrEqual(1080);
    expect(new Set(all.map((l) => l.state)).size).toBe(24);
    expect(all.every((l) => l.statusText.length > 0)).toBe(true);
    expect(all.filter((l) => l.openNow).every((l) => l.isOpen)).toBe(true);
    expect(all.every((l) => slugify(l.city) === l.citySlug)).toBe(true);
    expect(Date.parse(String(res.headers['x-valid-until']))).toBeGreaterThan(Date.now() - 1000);
  });

  it('answers the 9 Grants Pass stands and the 31 San Antonio stands', async () => {
    const gp = await list('/locations/or/grants-pass');
    expect(gp).toHaveLength(9);
    expect(gp.every((l) => l.city === 'Grants Pass')).toBe(true);
    expect(await list('/locations/tx/san-antonio')).toHaveLength(31);
  });

  it('resolves whole multi-word and hyphenated city slugs', async () => {
    expect((await list('/locations/nv/north-las-vegas')).every((l) => l.city === 'North Las Vegas')).toBe(true);
    expect((await list('/locations/nv/north-las-vegas')).length).toBeGreaterThan(0);
    expect((await list('/locations/or/milton-freewater'))[0].city).toBe('Milton-Freewater');
  });

  it('answers ZIP 97526 with the Grants Pass stands first, nearest first, with distances', async () => {
    const found = await list('/locations/search?q=97526');
    expect(found.slice(0, 9).map((l) => l.citySlug)).toEqual(Array(9).fill('grants-pass'));
    const miles = found.map((l) => l.distanceMiles!);
    expect(miles.every((m) => typeof m === 'number')).toBe(true);
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
    expect(miles[0]).toBeLessThan(3);
  });

  it('answers a state by name and by code alike', async () => {
    const byName = await list('/locations/search?q=oregon');
    expect(byName.length).toBe((await list('/locations/or')).length);
    expect(byName.every((l) => l.state === 'OR')).toBe(true);
  });
});
