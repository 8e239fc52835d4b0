import 'reflect-metadata';
import { type DynamicModule, type ForwardReference, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';

export interface DeclaredRoute {
  /** GET, POST, ... or ALL. */
  method: string;
  /** `/admin/prices/:id`: the controller's prefix and the handler's path, slashes normalised. */
  path: string;
}

type ModuleRef = Type | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;
const asList = (value: unknown): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value.map(String) : [String(value)];

/**
 * Every route the controllers of a module tree declare, read from Nest's decorator metadata without
 * instantiating anything (no database, no listening): what the app will route once it starts.
 */
export function declaredRoutes(root: Type | DynamicModule): DeclaredRoute[] {
  const seen = new Set<unknown>();
  const controllers = new Set<Type>();
  const visit = (ref: ModuleRef): void => {
    if (!ref) return;
    if (ref instanceof Promise)
      throw new Error('declaredRoutes: an async dynamic module cannot be read without starting the app');
    const mod = 'forwardRef' in ref ? (ref.forwardRef() as Type | DynamicModule) : ref;
    if (seen.has(mod)) return;
    seen.add(mod);
    const type = typeof mod === 'function' ? mod : mod.module;
    const dynamic = typeof mod === 'function' ? undefined : mod;
    for (const c of [
      ...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) ?? []),
      ...(dynamic?.controllers ?? []),
    ])
      controllers.add(c);
    for (const i of [...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) ?? []), ...(dynamic?.imports ?? [])])
      visit(i);
  };
  visit(root);

  const routes: DeclaredRoute[] = [];
  for (const controller of controllers) {
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
    const names = new Set<string>();
    for (let proto = controller.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
    }
    for (const name of names) {
      const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value ?? controller.prototype[name];
      if (typeof handler !== 'function') continue;
      const method: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, handler);
      if (method === undefined) continue;
      for (const prefix of prefixes) {
        for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler)))
          routes.push({ method: RequestMethod[method], path: joinPath(prefix, path) });
      }
    }
  }
  return routes;
}

/** `/api/admin/foods/:key` and `/api/admin/foods/:name` are one route. */
const shape = (method: string, path: string) => `${method} ${path.replace(/\/:[^/]+/g, '/:')}`;

/**
 * A service's admin routes (`/admin/...`, as its controllers declare them) against the contracts' ADMIN_ROUTES
 * entries it owns (`/api/admin/...`, which the BFF forwards to it): what one side has and the other lacks.
 * The service's own audit trail is read by the BFF's `/api/admin/audit`, not forwarded.
 */
export function adminRouteDrift(
  service: DeclaredRoute[],
  table: readonly { method: string; path: string; owner: string }[],
  owner: string,
): { notInTable: string[]; notServed: string[] } {
  const served = new Set(
    service
      .filter((r) => r.path.startsWith('/admin/') && r.path !== '/admin/audit')
      .map((r) => shape(r.method, `/api${r.path}`)),
  );
  const listed = new Set(table.filter((r) => r.owner === owner).map((r) => shape(r.method, r.path)));
  return {
    notInTable: [...served].filter((r) => !listed.has(r)).sort(),
    notServed: [...listed].filter((r) => !served.has(r)).sort(),
  };
}
