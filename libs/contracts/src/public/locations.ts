import { z } from 'zod';

import { MINUTES_PER_DAY, WEEKDAY_NAMES, type HoursText, type WeeklyHoursMinutes } from '@coffee-guide/domain';
import { provenanceFields } from './menu';

/**
 * One day's hours in minutes after the day's local midnight. A close after midnight is written past 1440
 * (5:00 AM - 1:00 AM is 300..1500); a 24-hour day is 0..1440. A day is at most 24 hours long.
 */
export const dayHoursSchema = z
  .object({
    open: z
      .number()
      .int()
      .min(0)
      .max(MINUTES_PER_DAY - 1),
    close: z
      .number()
      .int()
      .min(1)
      .max(2 * MINUTES_PER_DAY),
  })
  .strict()
  .refine((d) => d.close > d.open, {
    message: 'close must be after open (past 1440 when after midnight)',
    path: ['close'],
  })
  .refine((d) => d.close - d.open <= MINUTES_PER_DAY, { message: 'a day is at most 24 hours long', path: ['close'] });
export type DayHours = z.infer<typeof dayHoursSchema>;

/** The structured weekly hours: every weekday, null when closed that day. */
export const weeklyHoursMinutesSchema = z
  .object({
    monday: dayHoursSchema.nullable(),
    tuesday: dayHoursSchema.nullable(),
    wednesday: dayHoursSchema.nullable(),
    thursday: dayHoursSchema.nullable(),
    friday: dayHoursSchema.nullable(),
    saturday: dayHoursSchema.nullable(),
    sunday: dayHoursSchema.nullable(),
  })
  .strict();

/** The spec's hours: weekday name -> "5:00 AM - 10:00 PM", "Open 24 hours" or "Closed". */
export const hoursTextSchema = z.record(z.enum(WEEKDAY_NAMES), z.string());

// The schemas describe the week's types of @coffee-guide/domain exactly (a drift is a compile error).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type HoursSchemasMatch = [
  Assert<Same<z.infer<typeof weeklyHoursMinutesSchema>, WeeklyHoursMinutes>>,
  Assert<Same<z.infer<typeof hoursTextSchema>, HoursText>>,
];

/**
 * A stand as the public site sees it: the spec's Location (id, name, address, city, state, zipCode,
 * phone, latitude, longitude, hours, amenities, isOpen) plus what docs/decisions.md adds ("Open now", "Stands by distance", "Whole-name city slugs", "A page per stand").
 * Open-now fields are computed in the stand's own time zone at the instant of the request.
 */
export const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  /** Two-letter code, upper case ("OR"). */
  state: z.string().length(2),
  zipCode: z.string(),
  /** Absent from the source data: null, shown as "Not listed"; never invented. */
  phone: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  hours: hoursTextSchema,
  amenities: z.array(z.string()),
  /** The stand operates at all (false: temporarily closed or not yet open). Not "open right now". */
  isOpen: z.boolean(),

  slug: z.string(),
  citySlug: z.string(),
  stateName: z.string(),
  storeNumber: z.string().nullable(),
  /** IANA time zone of the stand ("America/Phoenix"). */
  timeZone: z.string(),
  /** Open at the instant of the request, in the stand's own time zone. */
  openNow: z.boolean(),
  /** Today's hours (the stand's local today) as text. */
  todayHours: z.string(),
  /** "Open now · closes at 10 PM", "Closed · opens at 5 AM", "Open 24 hours", "Temporarily closed", ... */
  statusText: z.string(),
  /** The instant of the next opening or closing, or null when there is none (24/7, never open). */
  nextChangeAt: z.iso.datetime().nullable(),
  /**
   * Today's hours (the stand's local today) run to 10 PM or later, or around the clock (docs/decisions.md,
   * "Open now"). Optional: an answer cached before the field still parses.
   */
  openLate: z.boolean().optional(),
  /** Miles from the searched point, on geographic searches; null otherwise. */
  distanceMiles: z.number().nullable(),
  /** The structured weekly hours, for the admin editor and the stand page's table. */
  hoursMinutes: weeklyHoursMinutesSchema,
  /** Where the stand's facts come from and as of when (docs/data/figures.md). */
  ...provenanceFields,
});
export type Location = z.infer<typeof locationSchema>;
export const locationListSchema = z.array(locationSchema);

/** A stand in the admin list: the public fields plus its internal code and the data notes. */
export const adminLocationSchema = locationSchema.extend({
  code: z.string(),
  notes: z.array(z.string()),
});
export type AdminLocation = z.infer<typeof adminLocationSchema>;
export const adminLocationListSchema = z.array(adminLocationSchema);

/** DELETE /api/admin/locations/{id}. */
export const locationDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type LocationDeleted = z.infer<typeof locationDeletedSchema>;

/**
 * GET /api/locations/summary: how many stands in how many states, and per state (by code), for the pages
 * that only count them (FAQ, About). Counted from the same stand list `/api/locations` answers.
 */
export const standSummarySchema = z.object({
  standCount: z.number().int().min(0),
  stateCount: z.number().int().min(0),
  /** Stands listed as open 24 hours (the amenity), for prose figures. Optional: older answers lack it. */
  open24HoursCount: z.number().int().min(0).optional(),
  /** The newest as-of date of the stand list (ISO date), null when no stand has one. */
  asOf: z.string().nullable().optional(),
  states: z.array(
    z.object({
      /** Two-letter code, upper case ("OR"). */
      code: z.string().length(2),
      name: z.string(),
      count: z.number().int().min(1),
    }),
  ),
});
export type StandSummary = z.infer<typeof standSummarySchema>;
