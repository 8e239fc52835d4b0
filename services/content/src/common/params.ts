import { ZodPipe } from '@coffee-guide/nest-common';
import { z } from 'zod';

/** `:id` of a numbered row: a positive integer, else 400. */
export const idPipe = () =>
  new ZodPipe(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .max(2_147_483_647),
  );

/** `:id` of a contact message: a uuid, else 400. */
export const uuidPipe = () => new ZodPipe(z.uuid('must be a message id'));
