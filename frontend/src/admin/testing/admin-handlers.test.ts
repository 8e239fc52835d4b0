import {
  ADMIN_MESSAGES,
  ADMIN_ROUTES,
  ADMIN_ROW_NAMES,
  type AdminRouteSpec,
  fieldErrors,
  findAdminRoute,
  validationFailedBody,
} from '@coffee-guide/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupAdmin } from './admin-test-utils';
import handlersSource from './admin-handlers.ts?raw';
import { ADMIN, ADMIN_PASSWORD } from './fixtures';

/**
 * The admin's test handlers answer what the API answers (docs/conventions.md, "One way to do each thing"): a 400 is
 * the route's own schema run through the contracts' fieldErrors and validationFailedBody (as nest-common's
 * ValidationFailed does), every other message is the contracts' ADMIN_MESSAGES the services throw.
 */
async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(new URL(path, location.href), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** What the BFF and the services answer a body their route's schema refuses. */
function realAnswer(spec: AdminRouteSpec, body: unknown) {
  const parsed = spec.request!.safeParse(body);
  expect(parsed.success, `${spec.method} ${spec.path} accepts ${JSON.stringify(body)}`).toBe(false);
  return validationFailedBody(fieldErrors(parsed.error!));
}

const concrete = (path: string) => path.replace(/:id\b/, '1');

describe('the admin test handlers and the real contracts', () => {
  it('answer every refused body of a route with a body exactly as the route schema and the API 400 mapping do', async () => {
    const api = setupAdmin();
    const token = api.signIn();
    const routes = api.handlers
      .map((h) => h.info as { method?: unknown; path?: unknown })
      .map((info) =>
        typeof info.method === 'string' && typeof info.path === 'string'
          ? findAdminRoute(info.method, info.path)
          : undefined,
      )
      .filter((spec): spec is AdminRouteSpec => spec?.request != null);
    // login, and the create and update of the eight tables, and a message's handled flag
    expect(routes.length).toBeGreaterThanOrEqual(18);

    for (const spec of routes) {
      // nothing (refused where a field is required), and wrong types with a field no route has
      const refused = [{}, { name: 42, title: [], price: 'x', menuItemId: 'one', extra: true }].filter(
        (b) => !spec.request!.safeParse(b).success,
      );
      expect(refused.length, `${spec.method} ${spec.path} refuses no body of the test`).toBeGreaterThan(0);
      for (const body of refused) {
        const answer = await call(spec.method, concrete(spec.path), body, token);
        expect(answer, `${spec.method} ${spec.path} ${JSON.stringify(body)}`).toEqual({
          status: 400,
          body: realAnswer(spec, body),
        });
      }
    }
  });

  it("answer with the route's schema as it is: a changed schema message is the handler's new answer", async () => {
    const spec = ADMIN_ROUTES.prices.create as AdminRouteSpec;
    const real = spec.request;
    const changed = 'a message no schema had before this test';
    spec.request = z.object({ price: z.string({ error: changed }) });
    try {
      const api = setupAdmin();
      const answer = await call('POST', spec.path, { price: 4.25 }, api.signIn());
      expect(answer).toEqual({ status: 400, body: validationFailedBody({ price: changed }) });
    } finally {
      spec.request = real;
    }
  });

  it("answer the services' own messages from ADMIN_MESSAGES", async () => {
    const api = setupAdmin({ signedIn: false });
    expect(await call('POST', '/api/admin/login', { email: ADMIN.email, password: `${ADMIN_PASSWORD}!` })).toEqual({
      status: 401,
      body: { statusCode: 401, message: ADMIN_MESSAGES.invalidCredentials },
    });
    expect(await call('GET', '/api/admin/me', undefined, 'token-never-issued')).toEqual({
      status: 401,
      body: { statusCode: 401, message: ADMIN_MESSAGES.tokenExpired },
    });
    const token = api.signIn();
    const drink = { name: 'Americano', description: 'Again.', category: 'cold-brew', sizes: [] };
    expect(await call('POST', '/api/admin/menu-items', drink, token)).toEqual({
      status: 400,
      body: validationFailedBody({ slug: ADMIN_MESSAGES.drinkSlugTaken('americano') }),
    });
    expect(await call('POST', '/api/admin/prices', { menuItemId: 999, size: 'small', price: '1.00' }, token)).toEqual({
      status: 400,
      body: validationFailedBody({ menuItemId: ADMIN_MESSAGES.noDrink(999) }),
    });
    const americano = api.db.menuItems[0];
    expect(
      await call('POST', '/api/admin/prices', { menuItemId: americano.id, size: 'small', price: '1.00' }, token),
    ).toEqual({
      status: 409,
      body: { statusCode: 409, message: ADMIN_MESSAGES.sizeTaken(americano.name, 'small', 'price') },
    });
    expect(await call('DELETE', '/api/admin/blog/999', undefined, token)).toEqual({
      status: 404,
      body: { statusCode: 404, message: ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.blog, 999) },
    });
  });

  it('name no message by hand: every error they answer comes from the contracts', () => {
    const literal = /\b(?:fail|validationFailed)\(\s*(?:\d+\s*,\s*)?(?:['"`]|\{[^}]*:\s*['"`])/g;
    // the one literal: the test's own answer breaking its contract, which no API ever answers
    expect(handlersSource.match(literal)).toEqual(['fail(500, `']);
  });
});
