import {
  ADMIN_CSV_RESOURCES,
  ADMIN_ROUTE_LIST,
  type AdminRouteSpec,
  adminPathMatches,
  isAdminCsvResource,
} from '@coffee-guide/contracts';
import { declaredRoutes } from '@coffee-guide/nest-common/testing';
import { AppModule } from '../app.module';
import { loadEnv } from '../config/env';
import { ADMIN_FORWARDING_ROUTES, ADMIN_PROXY_RESOURCES } from './admin-proxy.controller';

const PROXY = '/api/admin/*';
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const resourceOf = (path: string) => path.split('/')[3];

/**
 * The contracts' admin route table (what the admin's tests answer from) against the BFF's own routes, read from
 * Nest's metadata: the BFF answers sign-in and the audit trail itself, the CSV routes of the CSV resources, and
 * passes the media upload and delete on from handlers of its own (ADMIN_FORWARDING_ROUTES), and
 * forwards the rest to the service of ADMIN_PROXY_RESOURCES (whose specs check their side: services/<svc>/src/admin-routes.spec.ts).
 */
describe('The admin route table', () => {
  const bff = declaredRoutes(AppModule.register(loadEnv({ LOG_LEVEL: 'silent' }))).filter((r) =>
    r.path.startsWith('/api/admin'),
  );
  const own = bff.filter((r) => r.path !== PROXY);

  /** Which BFF route answers an entry of the table, and how. */
  function answeredBy(entry: AdminRouteSpec): string {
    const resource = resourceOf(entry.path);
    if (ADMIN_FORWARDING_ROUTES.includes(key(entry)) && own.some((r) => key(r) === key(entry)))
      return ADMIN_PROXY_RESOURCES[resource as keyof typeof ADMIN_PROXY_RESOURCES];
    if (own.some((r) => key(r) === key(entry))) return 'bff';
    const pattern = own.find((r) => r.method === entry.method && adminPathMatches(r.path, entry.path));
    if (pattern)
      return isAdminCsvResource(resource) ? `csv:${ADMIN_PROXY_RESOURCES[resource]}` : `refused by ${key(pattern)}`;
    if (!bff.some((r) => r.method === 'ALL' && r.path === PROXY)) return 'no proxy';
    return resource in ADMIN_PROXY_RESOURCES
      ? ADMIN_PROXY_RESOURCES[resource as keyof typeof ADMIN_PROXY_RESOURCES]
      : `not proxied: ${resource}`;
  }

  it('reads the BFF routes', () => {
    expect(own.map(key)).toEqual(expect.arrayContaining(['POST /api/admin/login', 'GET /api/admin/audit']));
  });

  it('names, for every entry, the BFF route or the service that really answers it', () => {
    const wrong = ADMIN_ROUTE_LIST.map((entry) => ({
      route: key(entry),
      owner: entry.owner,
      answeredBy: answeredBy(entry).replace(/^csv:/, ''),
    })).filter((r) => r.owner !== r.answeredBy);
    expect(wrong).toEqual([]);
  });

  it("lists every route the BFF answers itself, and every CSV resource's export, import and bulk edit", () => {
    const listed = new Set(ADMIN_ROUTE_LIST.map(key));
    const expected = own.flatMap((r) =>
      r.path.includes('/:resource/')
        ? ADMIN_CSV_RESOURCES.map((res) => key({ method: r.method, path: r.path.replace(':resource', res) }))
        : [key(r)],
    );
    expect(expected.filter((r) => !listed.has(r))).toEqual([]);
    // a route with a parameter of its own (a record's preview link) is in the table as it is
    expect(own.filter((r) => r.path.includes(':') && !r.path.includes('/:resource/') && !listed.has(key(r)))).toEqual(
      [],
    );
  });

  it('has routes for every resource the BFF forwards', () => {
    const resources = new Set(ADMIN_ROUTE_LIST.map((r) => resourceOf(r.path)));
    expect(Object.keys(ADMIN_PROXY_RESOURCES).filter((r) => !resources.has(r))).toEqual([]);
  });
});
