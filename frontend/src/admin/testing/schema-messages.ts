import { fieldErrors, type AdminRouteSpec } from '@coffee-guide/contracts';

/**
 * The message the route's request schema (libs/contracts, ADMIN_ROUTES) gives `field` of `body`: what the API's
 * 400 carries and what the admin's forms show, both running that schema. The admin's tests name a schema's
 * message through this, never as a literal, so a changed schema message changes what they expect.
 */
export function schemaMessage(spec: AdminRouteSpec, body: unknown, field: string): string {
  if (!spec.request) throw new Error(`${spec.method} ${spec.path} takes no body`);
  const result = spec.request.safeParse(body);
  if (result.success) throw new Error(`${spec.method} ${spec.path} accepts ${JSON.stringify(body)}`);
  const errors = fieldErrors(result.error);
  if (!(field in errors))
    throw new Error(
      `${spec.method} ${spec.path} says nothing of ${field} in ${JSON.stringify(body)}: ${JSON.stringify(errors)}`,
    );
  return errors[field];
}
