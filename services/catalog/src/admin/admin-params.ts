import { type AdminPrincipal } from '@coffee-guide/nest-common';
import { z } from 'zod';
import type { Actor } from './audit.service';

/** A numeric id in the path: "12"; anything else is a 400. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a numeric id')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'must be a numeric id');

export const menuItemIdQuery = z.object({
  menuItemId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a numeric id')
    .transform(Number)
    .optional(),
});

export function actorOf(admin: AdminPrincipal, request: { id?: unknown }): Actor {
  return { adminId: admin.id, requestId: typeof request.id === 'string' ? request.id : undefined };
}
