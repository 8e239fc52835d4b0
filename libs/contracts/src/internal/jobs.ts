import { z } from 'zod';
import { CONTACT_SUBJECTS } from '../public/contact-form';

/*
 * The BullMQ queues between the BFF (producer) and the content service (worker). Both sides import the
 * names from here, so a renamed queue or job cannot leave one side talking to nobody.
 */

export enum QueueName {
  Contact = 'contact',
}

export enum ContactJobName {
  /** A visitor's contact message: store it, then notify the site's contact address. */
  Message = 'contact-message',
}

/** Every job name each queue carries: the worker must have a handler for each (a test checks it). */
export const JOB_NAMES: { [Q in QueueName]: readonly string[] } = {
  [QueueName.Contact]: Object.values(ContactJobName),
};

/** The data of a ContactJobName.Message job. `submittedAt` is stamped by the BFF when it accepts it. */
export const contactJobDataSchema = z.object({
  name: z.string().min(1).max(100),
  email: z.string().min(3).max(254),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string().min(1).max(5000),
  submittedAt: z.iso.datetime(),
  /** A report-an-error message's page and item (optional: jobs queued before them lack both). */
  page: z.string().max(300).optional(),
  item: z.string().max(40).optional(),
});
export type ContactJobData = z.infer<typeof contactJobDataSchema>;

/**
 * Options of every contact job: retried with exponential backoff (5 s, 10 s, ... about 10 minutes in
 * all), removed once done (the message then lives in Postgres only, where it can be deleted for good),
 * kept when it failed for good (GET /admin/jobs/failed, retry).
 */
export const CONTACT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;

/** BullMQ's key prefix under the app's Redis key prefix: `cg:` -> `cg:bull` (keys `cg:bull:contact:...`). */
export function queuePrefix(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}bull`;
}
