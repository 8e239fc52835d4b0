import { ADMIN_ROUTE_LIST } from '@coffee-guide/contracts';
import { adminRouteDrift, declaredRoutes } from '@coffee-guide/nest-common/testing';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';

/** The BFF forwards `/api/admin/<resource>/...` here: the contracts' admin route table lists exactly what content serves. */
describe('content admin routes', () => {
  it("are the contracts' ADMIN_ROUTES owned by content, no more and no fewer", () => {
    const routes = declaredRoutes(
      AppModule.register(
        loadEnv({
          CONTENT_DATABASE_URL: 'postgres://unused@127.0.0.1:9/none',
          LOG_LEVEL: 'silent',
          CONTENT_WORKER_ENABLED: 'false',
        }),
      ),
    );
    expect(routes.some((r) => r.path.startsWith('/admin/'))).toBe(true);
    expect(adminRouteDrift(routes, ADMIN_ROUTE_LIST, 'content')).toEqual({ notInTable: [], notServed: [] });
  });
});
