import type { AdminPrincipal } from '@coffee-guide/nest-common';
import type { FastifyRequest } from 'fastify';

/**
 * Every /api/admin route but login, refresh and logout is guarded by nest-common's AdminJwtGuard, the same
 * check as in every service: a valid admin token of an administrator who still exists, whose version is
 * not below the administrator's current one (read from auth). It leaves the administrator on the request.
 */
export type AdminRequest = FastifyRequest & { admin?: AdminPrincipal; rawBody?: Buffer };
