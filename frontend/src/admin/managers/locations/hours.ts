import { hoursInputSchema, type DayHours } from '@coffee-guide/contracts';
import { hoursToText, MINUTES_PER_DAY, type WeeklyHoursMinutes } from '@coffee-guide/domain';

/*
 * The editor's side of the hours: the text form and its reading are the contracts' (`hoursToText`,
 * `hoursInputSchema`), the same the locations API writes and reads; the editor writes the text form as
 * JSON text, which is what the form sends.
 */

export const hoursJson = (week: WeeklyHoursMinutes) => JSON.stringify(hoursToText(week), null, 2);

export type HoursParse = { ok: true; week: WeeklyHoursMinutes } | { ok: false; message: string };

/** The hours JSON text as the API reads it (a day left out is closed); the first problem, naming its day. */
export function parseHoursJson(text: string): HoursParse {
  const parsed = hoursInputSchema.safeParse(text);
  if (parsed.success) return { ok: true, week: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue.path.map(String).join('.');
  return { ok: false, message: where ? `${where}: ${issue.message}` : issue.message };
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
