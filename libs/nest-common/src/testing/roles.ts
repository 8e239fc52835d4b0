import { ADMIN_ROUTE_LIST, type AdminRole, type AdminRouteOwner } from '@coffee-guide/contracts';
import type { TestJwks } from './admin-tokens';

export interface RoleCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The service's own path (`/admin/...`), every parameter a value no row has. */
  url: string;
  /** The status a role must get here: 403, or anything else ('allowed'). */
  expect: Record<AdminRole, 403 | 'allowed'>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every admin route a service answers (the contracts' ADMIN_ROUTE_LIST), with what each role must get
 * (docs/security.md, "Roles"): viewers a 403 on every write, editors a 403 on administrator management,
 * owners never a 403. Parameters are given `missing` (a row that is not there), so an allowed write changes
 * nothing: it answers 400 or 404.
 */
export function roleCases(owner: Exclude<AdminRouteOwner, 'bff'>, missing = '999999'): RoleCase[] {
  return ADMIN_ROUTE_LIST.filter((r) => r.owner === owner).map((r) => {
    const write = WRITES.has(r.method);
    const admins = r.path.startsWith('/api/admin/admins');
    return {
      method: r.method,
      url: r.path.replace(/^\/api\/admin/, '/admin').replace(/:[A-Za-z]+/g, missing),
      expect: {
        owner: 'allowed',
        editor: admins ? 403 : 'allowed',
        viewer: write || admins ? 403 : 'allowed',
      },
    };
  });
}

/** A valid token of each role from the test key set, for `roleViolations`. */
export async function roleTokens(jwks: Pick<TestJwks, 'valid'>): Promise<Record<AdminRole, string>> {
  return {
    owner: await jwks.valid(undefined, 0, 'owner'),
    editor: await jwks.valid(undefined, 0, 'editor'),
    viewer: await jwks.valid(undefined, 0, 'viewer'),
  };
}

/** What each role got on each route that was not what it must get (empty when all is right). */
export async function roleViolations(
  cases: RoleCase[],
  tokens: Record<AdminRole, string>,
  call: (method: RoleCase['method'], url: string, token: string) => Promise<{ statusCode: number }>,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const c of cases) {
    for (const role of ['owner', 'editor', 'viewer'] as const) {
      const { statusCode } = await call(c.method, c.url, tokens[role]);
      const ok =
        c.expect[role] === 403 ? statusCode === 403 : statusCode !== 403 && statusCode !== 401 && statusCode < 500;
      if (!ok) wrong.push(`${role} ${c.method} ${c.url}: ${statusCode} (must be ${c.expect[role]})`);
    }
  }
  return wrong;
}
