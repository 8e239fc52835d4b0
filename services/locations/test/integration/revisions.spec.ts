import {
  adminLocationSchema,
  auditListSchema,
  deletedRecordListSchema,
  revisionListSchema,
} from '@coffee-guide/contracts';
import {
  roleCases,
  roleTokens,
  roleViolations,
  startedWithJwks,
  type TestJwks,
} from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FIXTURE_SEED, startLocations } from './app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const STAND = {
  name: 'Medford – Biddle Rd',
  address: '1 Biddle Rd',
  city: 'medford',
  state: 'or',
  zipCode: '97504',
  phone: '',
  latitude: '42.34',
  longitude: -122.86,
  hours: JSON.stringify({
    Monday: '5:00 AM - 10:00 PM',
    Tuesday: '5:00 AM - 10:00 PM',
    Wednesday: '5:00 AM - 10:00 PM',
    Thursday: '5:00 AM - 10:00 PM',
    Friday: '5:00 AM - 10:00 PM',
    Saturday: 'Open 24 hours',
    Sunday: 'Closed',
  }),
  amenities: ['Drive-Thru'],
  isOpen: true,
};

describe('locations roles, history, restore and audit filters (real Postgres)', () => {
  const started = startedWithJwks((env) => startLocations(FIXTURE_SEED, 'locations_revisions', env));
  let app: NestFastifyApplication;
  let jwks: TestJwks;
  let token: string;
  beforeAll(() => {
    ({ app, token, jwks } = started());
  });

  const send = (method: Method, url: string, payload?: unknown, bearer = token) =>
    app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${bearer}` } });

  it('every admin route: viewers get a 403 on each write, editors and owners never a 403', async () => {
    const tokens = await roleTokens(jwks);
    expect(await roleViolations(roleCases('locations'), tokens, (m, u, t) => send(m, u, undefined, t))).toEqual([]);
  });

  it('restores an edit, and brings a deleted stand back under its id', async () => {
    const stand = adminLocationSchema.parse((await send('POST', '/admin/locations', STAND)).json());
    expect(
      (await send('PUT', `/admin/locations/${stand.id}`, { ...STAND, name: 'Medford – Renamed', isOpen: false }))
        .statusCode,
    ).toBe(200);
    const revisions = revisionListSchema.parse((await send('GET', `/admin/locations/${stand.id}/revisions`)).json());
    expect(revisions.map((r) => r.action)).toEqual(['update', 'create']);
    expect(revisions[0].changes).toEqual(
      expect.arrayContaining([{ field: 'name', before: 'Medford – Biddle Rd', after: 'Medford – Renamed' }]),
    );
    const restored = await send('POST', `/admin/locations/${stand.id}/revisions/${revisions[1].id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().record).toMatchObject({ id: stand.id, name: 'Medford – Biddle Rd', isOpen: true });

    expect((await send('DELETE', `/admin/locations/${stand.id}`)).statusCode).toBe(200);
    const deleted = deletedRecordListSchema.parse((await send('GET', '/admin/locations/deleted')).json());
    const entry = deleted.find((d) => d.recordId === String(stand.id))!;
    expect(entry.snapshot).toMatchObject({ name: 'Medford – Biddle Rd' });
    const back = await send('POST', `/admin/locations/${stand.id}/revisions/${entry.revisionId}/restore`);
    expect(back.statusCode).toBe(200);
    expect(back.json().record).toMatchObject({
      id: stand.id,
      slug: stand.slug,
      code: stand.code,
      name: 'Medford – Biddle Rd',
    });
    const list = (await send('GET', '/admin/locations')).json() as { id: number }[];
    expect(list.some((s) => s.id === stand.id)).toBe(true);
    expect(deletedRecordListSchema.parse((await send('GET', '/admin/locations/deleted')).json())).toEqual([]);
  });

  it('filters the audit trail by administrator, resource and day', async () => {
    const other = '0b7e9c1a-1111-4222-8333-444455556666';
    const token2 = await jwks.valid(other, 0, 'editor');
    const stand = adminLocationSchema.parse(
      (await send('POST', '/admin/locations', { ...STAND, address: '2 Biddle Rd' }, token2)).json(),
    );
    const byAdmin = auditListSchema.parse((await send('GET', `/admin/audit?admin=${other}`)).json());
    expect(byAdmin.map((e) => [e.adminId, e.entityId])).toEqual([[other, String(stand.id)]]);
    expect(byAdmin[0].after).toMatchObject({ address: '2 Biddle Rd' });
    const today = new Date().toISOString().slice(0, 10);
    expect(
      auditListSchema.parse((await send('GET', `/admin/audit?resource=location&from=${today}&to=${today}`)).json())
        .length,
    ).toBeGreaterThan(1);
    expect(auditListSchema.parse((await send('GET', `/admin/audit?resource=blog-post`)).json())).toEqual([]);
    expect(auditListSchema.parse((await send('GET', `/admin/audit?to=2020-01-01`)).json())).toEqual([]);
    const bad = await send('GET', '/admin/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.from).toBe('must be a date (YYYY-MM-DD)');
  });
});
