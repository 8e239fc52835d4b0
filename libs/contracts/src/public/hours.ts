import { z } from 'zod';
import { MINUTES_PER_DAY, dayText } from './week';
import {
  WEEKDAY_KEYS,
  WEEKDAY_NAMES,
  dayHoursSchema,
  type DayHours,
  type HoursText,
  type WeekdayKey,
  type WeeklyHoursMinutes,
} from './locations';

/*
 * The spec's text form of a stand's hours ("Monday" -> "5:00 AM - 10:00 PM") both ways, and the hours an
 * admin write accepts. Shared by the locations service (validation, answers) and the admin editor.
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

export { CLOSED_TEXT, OPEN_24_HOURS_TEXT, clockText, dayText, is24Hours } from './week';

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
export function parseDayText(text: string): DayHours | null {
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

/**
 * Hours as the admin sends them: the structured minutes (`{ monday: { open, close } | null, ... }`), the
 * spec's text form (`{ "Monday": "5:00 AM - 10:00 PM", ... }`), or that object as JSON text (the spec's
 * textarea). Weekday names in any case; a day left out is closed. Normalised to the structured minutes.
 * An issue about one day has the day's name as given for its path.
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
    ctx.addIssue({
      code: 'custom',
      message: 'must be an object of weekday name to hours such as "5:00 AM - 10:00 PM"',
    });
    return z.NEVER;
  }
  const week: Record<WeekdayKey, DayHours | null> = { ...CLOSED_WEEK };
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
