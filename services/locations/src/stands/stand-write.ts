import {
  MINUTES_PER_DAY,
  WEEKDAY_KEYS,
  dayHoursSchema,
  stateName,
  type DayHours,
  type WeekdayKey,
  type WeeklyHoursMinutes,
} from '@coffee-guide/contracts';
import { z } from 'zod';
import { parseDayText, weekdayKeyOf } from './hours';
import { isValidTimeZone } from './open-now';
import { clean } from './slug';

/**
 * Hours as the admin sends them: the structured minutes (`{ monday: { open, close } | null, ... }`), the
 * spec's text form (`{ "Monday": "5:00 AM - 10:00 PM", ... }`), or that object as JSON text (the spec's
 * textarea). Weekday names in any case; a day left out is closed. Normalised to the structured minutes.
 */
export const hoursInputSchema = z.unknown().transform((raw, ctx): WeeklyHoursMinutes => {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be valid JSON text such as {"Monday": "5:00 AM - 10:00 PM"}' });
      return z.NEVER;
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'must be an object of weekday name to hours such as "5:00 AM - 10:00 PM"' });
    return z.NEVER;
  }
  const week: Record<WeekdayKey, DayHours | null> = {
    monday: null,
    tuesday: null,
    wednesday: null,
    thursday: null,
    friday: null,
    saturday: null,
    sunday: null,
  };
  const seen = new Set<WeekdayKey>();
  for (const [name, day] of Object.entries(value as Record<string, unknown>)) {
    const key = weekdayKeyOf(name);
    if (!key) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'unknown weekday: use Monday, Tuesday, ... Sunday' });
      continue;
    }
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `${key} is given twice` });
      continue;
    }
    seen.add(key);
    if (day === null) continue;
    if (typeof day === 'string') {
      try {
        week[key] = parseDayText(day);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: [name], message: (error as Error).message });
      }
      continue;
    }
    const parsed = dayHoursSchema.safeParse(day);
    if (parsed.success) {
      week[key] = parsed.data;
    } else {
      const issue = parsed.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        path: [name, ...issue.path.map(String)],
        message: `${issue.message} (minutes after midnight: open 0-${MINUTES_PER_DAY - 1}, close after open, at most 24 hours later)`,
      });
    }
  }
  return WEEKDAY_KEYS.reduce((out, k) => ({ ...out, [k]: week[k] }), {} as WeeklyHoursMinutes);
});

const text = (max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
    .transform(clean)
    .pipe(z.string().min(1, 'is required').max(max, `must be at most ${max} characters`));

/** A decimal, as a number or as text from a form field ("45.52"). */
const decimal = (min: number, max: number, what: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^[-+]?\d+(\.\d+)?$/, `must be a ${what}`).transform(Number)], {
      error: `must be a ${what}`,
    })
    .pipe(z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`));

/**
 * The admin's stand (SPEC section 5, issue 4): name, address, city, state (a known code) and a 5-digit ZIP
 * required; coordinates in range (taken from the ZIP when left out); hours structurally valid. Unknown
 * fields are refused, except the read-only `id` the spec's form sends back.
 */
export const standWriteSchema = z
  .object({
    id: z.unknown().optional(),
    name: text(200),
    address: text(300),
    city: text(120),
    state: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a state code such as OR') })
      .trim()
      .toUpperCase()
      .refine((s) => /^[A-Z]{2}$/.test(s) && stateName(s) !== undefined, 'must be a known two-letter state code such as OR'),
    zipCode: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a 5-digit ZIP code') })
      .trim()
      .regex(/^\d{5}$/, 'must be a 5-digit ZIP code'),
    latitude: decimal(-90, 90, 'latitude').nullish(),
    longitude: decimal(-180, 180, 'longitude').nullish(),
    /** Left out: kept on update; "" or null: not listed. */
    phone: z.string({ error: 'must be text' }).trim().max(40, 'must be at most 40 characters').nullable().optional(),
    hours: hoursInputSchema.optional(),
    amenities: z
      .array(z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'), { error: 'must be a list of text' })
      .max(20, 'at most 20 amenities')
      .optional(),
    isOpen: z.boolean({ error: 'must be true or false' }).optional(),
    storeNumber: z.string({ error: 'must be text' }).trim().max(20, 'must be at most 20 characters').nullable().optional(),
    timeZone: z.string().refine(isValidTimeZone, 'must be an IANA time zone such as America/Los_Angeles').optional(),
    notes: z.array(z.string().max(500)).max(20).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if ((s.latitude == null) !== (s.longitude == null)) {
      const missing = s.latitude == null ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'give both latitude and longitude, or neither' });
    }
  });
export type StandWrite = z.infer<typeof standWriteSchema>;
