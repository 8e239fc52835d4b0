import { z } from 'zod';
import { hoursInputSchema } from './hours';
import { provenanceWriteFields } from './menu';
import { ignoredFields } from './read-only';
import { stateName } from '@coffee-guide/domain';
import { singleLine } from './text-rules';

/** Whitespace collapsed and trimmed. */
export const cleanText = (text: string): string => text.replace(/\s+/g, ' ').trim();

const knownTimeZones = new Map<string, boolean>();

/** True for a time zone name Intl knows ("America/Phoenix"); remembered, as a stand import checks thousands. */
export function isValidTimeZone(timeZone: string): boolean {
  let known = knownTimeZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    if (knownTimeZones.size < 1000) knownTimeZones.set(timeZone, known);
  }
  return known;
}

/** A single-line text (a stand's name, address, city): no invisible characters or direction marks (text-rules.ts). */
const text = (max: number) =>
  singleLine(z.string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') }))
    .transform(cleanText)
    .pipe(z.string().min(1, 'is required').max(max, `must be at most ${max} characters`));

/** A decimal, as a number or as text from a form field ("45.52"). */
const decimal = (min: number, max: number, what: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[-+]?\d+(\.\d+)?$/, `must be a ${what}`)
          .transform(Number),
      ],
      {
        error: `must be a ${what}`,
      },
    )
    .pipe(z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`));

/**
 * POST and PUT /api/admin/locations, the admin's stand (docs/decisions.md, "Input rules"; docs/decisions.md, "The admin's stands"): name, address, city,
 * state (a known code) and a 5-digit ZIP required; coordinates in range, both or neither (taken from the
 * ZIP when left out); hours readable (`hoursInputSchema`). Unknown fields are refused, except the
 * read-only `id` the spec's form sends back. The locations service validates with it, the admin form
 * before sending.
 */
export const standWriteSchema = z
  .object({
    id: z.unknown().optional(),
    // What GET derives (slugs, state name, code, the hours in minutes, open-now answers): accepted as GET
    // returned them, ignored.
    ...ignoredFields(
      'slug',
      'citySlug',
      'stateName',
      'code',
      'hoursMinutes',
      'openNow',
      'todayHours',
      'statusText',
      'nextChangeAt',
      'openLate',
      'distanceMiles',
    ),
    name: text(200),
    address: text(300),
    city: text(120),
    state: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a state code such as OR') })
      .trim()
      .toUpperCase()
      .refine(
        (s) => /^[A-Z]{2}$/.test(s) && stateName(s) !== undefined,
        'must be a known two-letter state code such as OR',
      ),
    zipCode: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a 5-digit ZIP code') })
      .trim()
      .regex(/^\d{5}$/, 'must be a 5-digit ZIP code'),
    latitude: decimal(-90, 90, 'latitude').nullish(),
    longitude: decimal(-180, 180, 'longitude').nullish(),
    /** Left out: kept on update; "" or null: not listed. */
    phone: singleLine(z.string({ error: 'must be text' }))
      .trim()
      .max(40, 'must be at most 40 characters')
      .nullable()
      .optional(),
    hours: hoursInputSchema.optional(),
    amenities: z
      .array(singleLine(z.string()).trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'), {
        error: 'must be a list of text',
      })
      .max(20, 'at most 20 amenities')
      .optional(),
    isOpen: z.boolean({ error: 'must be true or false' }).optional(),
    storeNumber: singleLine(z.string({ error: 'must be text' }))
      .trim()
      .max(20, 'must be at most 20 characters')
      .nullable()
      .optional(),
    timeZone: z.string().refine(isValidTimeZone, 'must be an IANA time zone such as America/Los_Angeles').optional(),
    notes: z.array(z.string().max(500)).max(20).optional(),
    ...provenanceWriteFields,
  })
  .strict()
  .superRefine((s, ctx) => {
    if ((s.latitude == null) !== (s.longitude == null)) {
      const missing = s.latitude == null ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'give both latitude and longitude, or neither' });
    }
  });
/** A stand write as validated: text cleaned, state upper case, coordinates numbers, hours in minutes. */
export type StandWrite = z.infer<typeof standWriteSchema>;
/** A stand write as sent (coordinates may be text, hours any of their three forms). */
export type StandWriteInput = z.input<typeof standWriteSchema>;
