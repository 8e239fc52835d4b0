import {
  adminDeletedSchema,
  adminLocationListSchema,
  adminLocationSchema,
  apiErrorSchema,
  auditListSchema,
  locationDeletedSchema,
  locationListSchema,
} from '@coffee-guide/contracts';
import {
  expectRevocationWithin1s,
  refusedTokens,
  startedWithJwks,
  type TestJwks,
} from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import { FIXTURE_SEED, startLocations } from './app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('locations admin API (real Postgres)', () => {
  const started = startedWithJwks((env) => startLocations(FIXTURE_SEED, 'locations', env));
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let jwks: TestJwks;
  let token: string;
  beforeAll(() => {
    ({ app, dataSource, token, jwks } = started());
  });

  const send = (method: Method, url: string, payload?: unknown, bearer: string | null = token) =>
    app.inject({
      method,
      url,
      payload: payload as never,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  const count = async (sql: string) => Number((await dataSource.query(sql))[0].n);
  const latestAudit = async (limit = 1) => {
    const res = await send('GET', `/admin/audit?limit=${limit}`);
    expect(res.statusCode).toBe(200);
    return auditListSchema.parse(res.json());
  };

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
    expect(created.hours).toMatchObject({
      Tuesday: '5:00 AM - 10:00 PM',
      Friday: '5:00 AM - 1:00 AM',
      Saturday: 'Open 24 hours',
      Sunday: 'Closed',
    });
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
    [
      'an unknown weekday',
      { Funday: '5:00 AM - 10:00 PM' },
      { 'hours.Funday': expect.stringContaining('unknown weekday') },
    ],
    [
      'a time that does not exist',
      { Monday: '5:00 AM - 13:00 PM' },
      { 'hours.Monday': '"13:00 PM" is not a time such as 10:00 PM' },
    ],
    [
      'minutes past 59',
      { Tuesday: '5:75 AM - 10:00 PM' },
      { 'hours.Tuesday': '"5:75 AM" is not a time such as 5:00 AM' },
    ],
    ['no range', { Monday: 'mornings' }, { 'hours.Monday': expect.stringContaining('time range') }],
    [
      'a structured day closing before it opens',
      { monday: { open: 600, close: 300 } },
      { 'hours.monday.close': expect.stringContaining('close must be after open') },
    ],
    [
      'a structured day longer than 24 hours',
      { monday: { open: 300, close: 1800 } },
      { 'hours.monday.close': expect.stringContaining('at most 24 hours') },
    ],
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
    const before = adminLocationListSchema
      .parse((await send('GET', '/admin/locations')).json())
      .find((l) => l.id === 8)!;
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
    expect(updated).toMatchObject({
      city: 'Central Point',
      citySlug: 'central-point',
      slug: 'biddle-rd',
      code: 'OR0201',
      storeNumber: 'DB108',
    });
    expect(updated.amenities).toEqual(before.amenities);
    expect(updated.hoursMinutes.monday).toBeNull();
    expect(updated.hoursMinutes.tuesday).toBeNull();
    expect((await send('GET', '/locations/or/medford')).statusCode).toBe(404);
    expect(
      locationListSchema.parse((await send('GET', '/locations/or/central-point')).json()).map((l) => l.id),
    ).toEqual([8]);

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

  describe('tokens', () => {
    it("refuses a revoked token (sign-out, password change) and a deleted administrator's within 1 s, as auth says", async () => {
      await expectRevocationWithin1s(jwks, (t) => send('GET', '/admin/locations', undefined, t));
    });

    const routes: [Method, string][] = [
      ['GET', '/admin/locations'],
      ['POST', '/admin/locations'],
      ['PUT', '/admin/locations/1'],
      ['DELETE', '/admin/locations/1'],
      ['GET', '/admin/audit'],
    ];

    it.each(refusedTokens(() => jwks))(
      'answers 401 with a message on every admin route for %s, changing nothing',
      async (_label, make) => {
        const bearer = await make();
        const stands = await count(`SELECT count(*) AS n FROM stands`);
        for (const [method, url] of routes) {
          const res = await send(method, url, method === 'POST' || method === 'PUT' ? valid : undefined, bearer);
          expect([method, url, res.statusCode]).toEqual([method, url, 401]);
          expect(apiErrorSchema.parse(res.json()).message).toMatch(/token|sign/i);
          expect(res.headers['cache-control']).toBe('no-store');
        }
        expect(await count(`SELECT count(*) AS n FROM stands`)).toBe(stands);
      },
    );

    it('fetched the key set from the AUTH_JWKS_URL of its own env', async () => {
      expect(jwks.hits()).toBeGreaterThan(0);
      expect((await send('GET', '/admin/locations')).statusCode).toBe(200);
    });
  });

  describe('audit trail', () => {
    it('records create, update and delete with the administrator, the values before and after, newest first', async () => {
      const created = adminLocationSchema.parse(
        (await send('POST', '/admin/locations', { ...valid, name: 'Audit – Create' })).json(),
      );
      const [createRow] = await latestAudit();
      expect(createRow).toMatchObject({
        service: 'locations',
        adminId: jwks.adminId,
        entity: 'location',
        entityId: String(created.id),
        action: 'create',
        before: null,
      });
      expect(createRow.after).toMatchObject({ id: created.id, name: 'Audit – Create', city: 'Grants Pass' });

      const updated = await send(
        'PUT',
        `/admin/locations/${created.id}`,
        { ...valid, name: 'Audit – Renamed', isOpen: false },
        await jwks.valid(),
      );
      expect(updated.statusCode).toBe(200);
      const [updateRow] = await latestAudit();
      expect(updateRow).toMatchObject({ entity: 'location', entityId: String(created.id), action: 'update' });
      expect(updateRow.before).toMatchObject({ name: 'Audit – Create', isOpen: true });
      expect(updateRow.after).toMatchObject({ name: 'Audit – Renamed', isOpen: false });

      const deleted = await send('DELETE', `/admin/locations/${created.id}`);
      expect(adminDeletedSchema.parse(deleted.json())).toEqual({ id: created.id, deleted: true });
      const rows = await latestAudit(3);
      expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
      expect(rows[0]).toMatchObject({ after: null, before: expect.objectContaining({ name: 'Audit – Renamed' }) });
      for (let i = 1; i < rows.length; i++)
        expect(Date.parse(rows[i - 1].at)).toBeGreaterThanOrEqual(Date.parse(rows[i].at));
      expect(rows.every((r) => /^locations:\d+$/.test(r.id))).toBe(true);
    });

    it('writes no row for a refused write (400, 404)', async () => {
      const rows = await count(`SELECT count(*) AS n FROM audit_log`);
      expect((await send('POST', '/admin/locations', { ...valid, zipCode: 'x' })).statusCode).toBe(400);
      expect((await send('PUT', '/admin/locations/99999', valid)).statusCode).toBe(404);
      expect((await send('DELETE', '/admin/locations/99999')).statusCode).toBe(404);
      expect(await count(`SELECT count(*) AS n FROM audit_log`)).toBe(rows);
    });

    it('keeps the change and its row together: when the row cannot be written, the change is rolled back', async () => {
      const stands = await count(`SELECT count(*) AS n FROM stands`);
      const [target] = adminLocationListSchema.parse((await send('GET', '/admin/locations')).json());
      await dataSource.query(
        `ALTER TABLE audit_log ADD CONSTRAINT test_refuse_rows CHECK (entity <> 'location') NOT VALID`,
      );
      try {
        expect((await send('POST', '/admin/locations', { ...valid, name: 'Never Saved' })).statusCode).toBe(500);
        expect(
          (await send('PUT', `/admin/locations/${target.id}`, { ...valid, name: 'Never Renamed' })).statusCode,
        ).toBe(500);
        expect((await send('DELETE', `/admin/locations/${target.id}`)).statusCode).toBe(500);
      } finally {
        await dataSource.query(`ALTER TABLE audit_log DROP CONSTRAINT test_refuse_rows`);
      }
      expect(await count(`SELECT count(*) AS n FROM stands`)).toBe(stands);
      expect(await count(`SELECT count(*) AS n FROM stands WHERE name IN ('Never Saved', 'Never Renamed')`)).toBe(0);
      const after = adminLocationListSchema
        .parse((await send('GET', '/admin/locations')).json())
        .find((l) => l.id === target.id);
      expect(after).toMatchObject({ name: target.name, address: target.address, city: target.city, code: target.code });
    });

    it('answers 400 for a limit out of range', async () => {
      const res = await send('GET', '/admin/audit?limit=501');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.limit).toMatch(/1 to 500/);
    });
  });
});
