import { auditActorOf } from '@coffee-guide/nest-common';
import { z } from 'zod';

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

/** The administrator and request of a guarded write, for its audit row. */
export const actorOf = auditActorOf;
