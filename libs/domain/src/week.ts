/*
 * The week and a day's hours as text. Like all of this library, without zod: the public pages import these
 * (open now, JSON-LD) and zod's runtime stays out of their bundle.
 */

/** Keys of the structured weekly hours, Monday first. */
export const WEEKDAY_KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** Keys of the spec's text form of the hours ("Monday" -> "5:00 AM - 10:00 PM"). */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export const MINUTES_PER_DAY = 1440;

/** One day's hours in minutes after the day's local midnight (checked by `dayHoursSchema`). */
export interface DayHoursMinutes {
  open: number;
  close: number;
}

/** The structured weekly hours: every weekday, null when closed that day (checked by `weeklyHoursMinutesSchema`). */
export type WeeklyHoursMinutes = Record<WeekdayKey, DayHoursMinutes | null>;

/** The spec's hours: weekday name -> "5:00 AM - 10:00 PM", "Open 24 hours" or "Closed". */
export type HoursText = Record<WeekdayName, string>;

export const OPEN_24_HOURS_TEXT = 'Open 24 hours';
export const CLOSED_TEXT = 'Closed';

export const is24Hours = (d: DayHoursMinutes | null): boolean =>
  d !== null && d.open === 0 && d.close === MINUTES_PER_DAY;

/** Minutes after midnight as a clock time: 300 -> "5:00 AM", 1500 -> "1:00 AM", 1440 -> "12:00 AM"; short: "5 AM". */
export function clockText(minutes: number, short = false): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour24 = Math.floor(m / 60);
  const minute = m % 60;
  const suffix = hour24 < 12 ? 'AM' : 'PM';
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  if (short && minute === 0) return `${hour12} ${suffix}`;
  return `${hour12}:${String(minute).padStart(2, '0')} ${suffix}`;
}

/** One day's text: "5:00 AM - 10:00 PM", "Open 24 hours" or "Closed". */
export function dayText(d: DayHoursMinutes | null): string {
  if (d === null) return CLOSED_TEXT;
  if (is24Hours(d)) return OPEN_24_HOURS_TEXT;
  return `${clockText(d.open)} - ${clockText(d.close)}`;
}
