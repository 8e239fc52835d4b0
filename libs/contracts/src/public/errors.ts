import { z } from 'zod';

/** Every non-OK answer of /api carries a message; a validation error also lists each field's message. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
