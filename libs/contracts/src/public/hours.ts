import { z } from 'zod';
import {
  CLOSED_WEEK,
  MINUTES_PER_DAY,
  WEEKDAY_KEYS,
  parseDayText,
  weekdayKeyOf,
  type DayHoursMinutes,
  type WeekdayKey,
  type WeeklyHoursMinutes,
} from '@coffee-guide/domain';
import { dayHoursSchema } from './locations';

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
  const week: Record<WeekdayKey, DayHoursMinutes | null> = { ...CLOSED_WEEK };
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
