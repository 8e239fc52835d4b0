import {
  MINUTES_PER_DAY,
  WEEKDAY_KEYS,
  WEEKDAY_NAMES,
  dayText,
  type DayHoursMinutes,
  type HoursText,
  type WeekdayKey,
  type WeeklyHoursMinutes,
} from './week';

/*
 * The spec's text form of a stand's hours ("Monday" -> "5:00 AM - 10:00 PM") both ways. Shared by the locations
 * service (validation, answers), the CSV tables and the admin editor; the admin write's schema
 * (`hoursInputSchema`) is in the contracts.
 */

/** A stand without hours: closed every day. */
export const CLOSED_WEEK: WeeklyHoursMinutes = {
  monday: null,
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
  sunday: null,
};

/** The spec's text form of a week, Monday first. */
export function hoursToText(week: WeeklyHoursMinutes): HoursText {
  const out = {} as HoursText;
  WEEKDAY_KEYS.forEach((key, i) => {
    out[WEEKDAY_NAMES[i]] = dayText(week[key]);
  });
  return out;
}

const CLOCK = /^(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i;

/** "5:00 AM", "5 am", "10:30PM", "17:30", "noon", "midnight" -> minutes after midnight; null when not a real time. */
export function parseClock(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t === 'noon') return 720;
  if (t === 'midnight') return 0;
  const m = CLOCK.exec(t);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (minute > 59) return null;
  if (m[3]) {
    if (hour < 1 || hour > 12) return null;
    const h24 = (hour % 12) + (m[3] === 'p' ? 12 : 0);
    return h24 * 60 + minute;
  }
  // Without AM/PM only a 24-hour clock with minutes is a time ("17:30"); "5" alone is ambiguous.
  if (m[2] === undefined || hour > 23) return null;
  return hour * 60 + minute;
}

/**
 * One day of the spec's text form -> minutes: "5:00 AM - 10:00 PM", "5 AM – 1 AM" (after midnight),
 * "Open 24 hours", "24 hours", "Closed". Throws a readable message when it is not a day's hours.
 */
export function parseDayText(text: string): DayHoursMinutes | null {
  const t = text.trim().replace(/\s+/g, ' ');
  const lower = t.toLowerCase();
  if (lower === 'closed') return null;
  if (/^(open )?24 ?(hours|hrs|h)$/.test(lower) || lower === '24/7') return { open: 0, close: MINUTES_PER_DAY };
  const parts = t.split(/\s*(?:-|–|—|\bto\b)\s*/i);
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new Error('must be a time range such as "5:00 AM - 10:00 PM", "Open 24 hours" or "Closed"');
  }
  const open = parseClock(parts[0]);
  const close = parseClock(parts[1]);
  if (open === null) throw new Error(`"${parts[0]}" is not a time such as 5:00 AM`);
  if (close === null) throw new Error(`"${parts[1]}" is not a time such as 10:00 PM`);
  // A close at or before the open is after midnight; the same time twice is a 24-hour span.
  return { open, close: close <= open ? close + MINUTES_PER_DAY : close };
}

/** "Monday", "monday", "MONDAY" -> "monday"; undefined for anything else. */
export function weekdayKeyOf(name: string): WeekdayKey | undefined {
  const key = name.trim().toLowerCase();
  return (WEEKDAY_KEYS as readonly string[]).includes(key) ? (key as WeekdayKey) : undefined;
}
