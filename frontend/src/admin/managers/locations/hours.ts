import {
  dayHoursSchema,
  MINUTES_PER_DAY,
  WEEKDAY_KEYS,
  WEEKDAY_NAMES,
  type DayHours,
  type HoursText,
  type WeekdayKey,
  type WeeklyHoursMinutes,
} from '@coffee-guide/contracts';

/*
 * The hours forms the locations API reads (the structured minutes, or the spec's text per weekday, or
 * that object as JSON text): the editor writes the text form, the JSON text field shows it.
 */

export const OPEN_24_HOURS_TEXT = 'Open 24 hours';
export const CLOSED_TEXT = 'Closed';

export const is24Hours = (d: DayHours | null): boolean => d !== null && d.open === 0 && d.close === MINUTES_PER_DAY;

/** Minutes after midnight as a clock time: 300 -> "5:00 AM", 1500 -> "1:00 AM". */
export function clockText(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour24 = Math.floor(m / 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(m % 60).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** One day's text: "5:00 AM - 10:00 PM", "Open 24 hours" or "Closed". */
export function dayText(d: DayHours | null): string {
  if (d === null) return CLOSED_TEXT;
  if (is24Hours(d)) return OPEN_24_HOURS_TEXT;
  return `${clockText(d.open)} - ${clockText(d.close)}`;
}

export function hoursToText(week: WeeklyHoursMinutes): HoursText {
  const out = {} as HoursText;
  WEEKDAY_KEYS.forEach((key, i) => {
    out[WEEKDAY_NAMES[i]] = dayText(week[key]);
  });
  return out;
}

export const hoursJson = (week: WeeklyHoursMinutes) => JSON.stringify(hoursToText(week), null, 2);

const CLOCK = /^(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i;

/** "5:00 AM", "5 am", "17:30", "noon", "midnight" -> minutes after midnight; null when not a time. */
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
    return ((hour % 12) + (m[3] === 'p' ? 12 : 0)) * 60 + minute;
  }
  if (m[2] === undefined || hour > 23) return null;
  return hour * 60 + minute;
}

/** One day of the text form -> minutes; throws a readable message when it is not a day's hours. */
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
  return { open, close: close <= open ? close + MINUTES_PER_DAY : close };
}

export function weekdayKeyOf(name: string): WeekdayKey | undefined {
  const key = name.trim().toLowerCase();
  return (WEEKDAY_KEYS as readonly string[]).includes(key) ? (key as WeekdayKey) : undefined;
}

export type HoursParse = { ok: true; week: WeeklyHoursMinutes } | { ok: false; message: string };

/** The hours JSON text as the API reads it; a day left out is closed. */
export function parseHoursJson(text: string): HoursParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'must be valid JSON text such as {"Monday": "5:00 AM - 10:00 PM"}' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'must be an object of weekday name to hours such as "5:00 AM - 10:00 PM"' };
  }
  const week = Object.fromEntries(WEEKDAY_KEYS.map((k) => [k, null])) as Record<WeekdayKey, DayHours | null>;
  const seen = new Set<WeekdayKey>();
  for (const [name, day] of Object.entries(value as Record<string, unknown>)) {
    const key = weekdayKeyOf(name);
    if (!key) return { ok: false, message: `${name}: unknown weekday: use Monday, Tuesday, ... Sunday` };
    if (seen.has(key)) return { ok: false, message: `${name}: ${key} is given twice` };
    seen.add(key);
    if (day === null) continue;
    if (typeof day === 'string') {
      try {
        week[key] = parseDayText(day);
      } catch (error) {
        return { ok: false, message: `${name}: ${(error as Error).message}` };
      }
      continue;
    }
    const parsed = dayHoursSchema.safeParse(day);
    if (!parsed.success) return { ok: false, message: `${name}: ${parsed.error.issues[0].message}` };
    week[key] = parsed.data;
  }
  return { ok: true, week };
}

/** "05:00" (an input of type time) <-> minutes. */
export const minutesToTimeInput = (minutes: number) => {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

export const timeInputToMinutes = (value: string): number | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** An editor row's times -> one day: a close at or before the open is after midnight. */
export function dayFromTimes(open: number, close: number): DayHours {
  return { open, close: close <= open ? close + MINUTES_PER_DAY : close };
}

export const DEFAULT_DAY: DayHours = { open: 5 * 60, close: 22 * 60 };
