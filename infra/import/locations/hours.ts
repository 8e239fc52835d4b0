/**
 * Weekly hours: parsing the source's `hours` text and `schedule` JSON, and reconciling the two
 * (rules in docs/data/locations.md, "Hours").
 *
 * A day's hours are minutes after local midnight: { open, close }, with close > 1440 when the stand
 * closes after midnight (5:00 AM - 1:00 AM = { open: 300, close: 1500 }) and { open: 0, close: 1440 }
 * for a 24-hour day. null means closed that day.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DayHours {
  open: number;
  close: number;
}
export type WeeklyHours = Record<Weekday, DayHours | null>;

/** Sunday-first, the order the source's day ranges ("Sun-Thu") are written in; also JS getUTCDay(). */
const SUNDAY_FIRST: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_ABBREVIATIONS: Record<string, Weekday> = {
  sun: 'sunday',
  mon: 'monday',
  tue: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  fri: 'friday',
  sat: 'saturday',
};

export const FULL_DAY: DayHours = { open: 0, close: 1440 };

export class HoursParseError extends Error {}

function parseClock(hour: string, minute: string | undefined, meridiem: string, text: string): number {
  const h = Number(hour);
  const m = minute === undefined ? 0 : Number(minute);
  if (h < 1 || h > 12 || m > 59) throw new HoursParseError(`not a time of day: "${text}"`);
  return ((h % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0)) * 60 + m;
}

const RANGE = /^(\d{1,2})(?::(\d{2}))?\s*([ap]m)\s*-\s*(\d{1,2})(?::(\d{2}))?\s*([ap]m)$/i;
const ALL_DAY = /^(?:open\s+)?24\s*(?:hrs?|hours)$/i;

/** "05am-10pm", "05:30am-11:30pm", "05am-01am", "24hrs", "Closed". */
export function parseRange(text: string): DayHours | null {
  const t = text.trim();
  if (/^closed$/i.test(t)) return null;
  if (ALL_DAY.test(t)) return { ...FULL_DAY };
  const m = RANGE.exec(t);
  if (!m) throw new HoursParseError(`not an opening range: "${text}"`);
  const open = parseClock(m[1], m[2], m[3], t);
  let close = parseClock(m[4], m[5], m[6], t);
  // A closing time at or before the opening time is on the next day (12am = midnight = 1440).
  if (close <= open) close += 1440;
  return { open, close };
}

function expandDays(from: string, to: string | undefined, text: string): Weekday[] {
  const a = DAY_ABBREVIATIONS[from.toLowerCase()];
  const b = to === undefined ? a : DAY_ABBREVIATIONS[to.toLowerCase()];
  if (!a || !b) throw new HoursParseError(`unknown day name in "${text}"`);
  const days: Weekday[] = [];
  let i = SUNDAY_FIRST.indexOf(a);
  for (;;) {
    days.push(SUNDAY_FIRST[i]);
    if (SUNDAY_FIRST[i] === b) break;
    i = (i + 1) % 7;
  }
  return days;
}

/**
 * The `hours` column: "Sun-Thu: 05am-10pm, Fri-Sat: 05am-11pm", "Sun-Sat: 24hrs", "Tue: Closed",
 * "Open 24 hours". Empty text answers null (no hours known). Anything else throws HoursParseError.
 */
export function parseHoursText(text: string): WeeklyHours | null {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return null;
  if (ALL_DAY.test(t)) return weekOf(() => ({ ...FULL_DAY }));
  const result: Partial<WeeklyHours> = {};
  for (const segment of t.split(/\s*[,;]\s*/)) {
    const m = /^([A-Za-z]{3})(?:\s*-\s*([A-Za-z]{3}))?\s*:\s*(.+)$/.exec(segment);
    if (!m) throw new HoursParseError(`not a "Days: hours" part: "${segment}" in "${text}"`);
    const range = parseRange(m[3]);
    for (const day of expandDays(m[1], m[2], segment)) {
      if (day in result) throw new HoursParseError(`${day} is given twice in "${text}"`);
      result[day] = range === null ? null : { ...range };
    }
  }
  const missing = WEEKDAYS.filter((d) => !(d in result));
  if (missing.length > 0) throw new HoursParseError(`no hours for ${missing.join(', ')} in "${text}"`);
  return result as WeeklyHours;
}

export function weekOf(f: (day: Weekday) => DayHours | null): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, f(d)])) as WeeklyHours;
}

export function sameDay(a: DayHours | null, b: DayHours | null): boolean {
  if (a === null || b === null) return a === b;
  return a.open === b.open && a.close === b.close;
}

export function isAllDayEveryDay(hours: WeeklyHours | null): boolean {
  return hours !== null && WEEKDAYS.every((d) => sameDay(hours[d], FULL_DAY));
}

function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "5:00 AM - 10:00 PM", "Open 24 hours", "Closed" (for notes and logs). */
export function formatDay(day: DayHours | null): string {
  if (day === null) return 'Closed';
  if (sameDay(day, FULL_DAY)) return 'Open 24 hours';
  return `${clock(day.open)} - ${clock(day.close)}`;
}

// ---------------------------------------------------------------------------------------------
// The `schedule` column: [{ date, start, end }] with local ISO times and their UTC offsets.

export interface ScheduleDay {
  /** The local calendar date the opening starts on (YYYY-MM-DD). */
  day: string;
  weekday: Weekday;
  hours: DayHours | null;
  /** UTC offsets seen on this entry, in minutes east of UTC (e.g. -420 for -07:00). */
  offsets: { instant: string; offsetMinutes: number }[];
}

const ISO_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function parseIsoLocal(s: string): { date: string; minutes: number; offset: number } {
  const m = ISO_LOCAL.exec(s);
  if (!m) throw new HoursParseError(`not a local ISO time: "${s}"`);
  const offset =
    m[4] === 'Z' ? 0 : (m[4][0] === '-' ? -1 : 1) * (Number(m[4].slice(1, 3)) * 60 + Number(m[4].slice(4, 6)));
  return { date: m[1], minutes: Number(m[2]) * 60 + Number(m[3]), offset };
}

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}
function dateOfDayNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}
function weekdayOf(date: string): Weekday {
  return SUNDAY_FIRST[new Date(`${date}T00:00:00Z`).getUTCDay()];
}

/**
 * Parses the schedule and files every entry under the local date its opening STARTS on. The feed
 * labels an entry with the date its opening ENDS for stands that close at or after midnight (the
 * entry dated 2025-10-01 of a 24-hour stand runs 2025-09-30T00:00 to 2025-10-01T00:00), so the `date`
 * field alone would shift those stands' week by a day. Closed entries (start and end null) take the
 * stand's usual date shift.
 */
export function parseSchedule(json: string): ScheduleDay[] {
  const t = json.trim();
  if (t === '') return [];
  const raw: unknown = JSON.parse(t);
  if (!Array.isArray(raw)) throw new HoursParseError('the schedule is not a JSON array');
  const parsed = raw.map((entry: { date?: unknown; start?: unknown; end?: unknown }) => {
    if (typeof entry?.date !== 'string') throw new HoursParseError('a schedule entry has no date');
    if (entry.start == null || entry.end == null) {
      if (entry.start != null || entry.end != null)
        throw new HoursParseError(`schedule ${entry.date}: only one of start and end`);
      return { date: entry.date, start: null, end: null };
    }
    if (typeof entry.start !== 'string' || typeof entry.end !== 'string')
      throw new HoursParseError(`schedule ${entry.date}: bad times`);
    return {
      date: entry.date,
      start: parseIsoLocal(entry.start),
      end: parseIsoLocal(entry.end),
      startText: entry.start,
      endText: entry.end,
    };
  });
  const shifts = new Map<number, number>();
  for (const e of parsed) {
    if (e.start) {
      const s = dayNumber(e.date) - dayNumber(e.start.date);
      shifts.set(s, (shifts.get(s) ?? 0) + 1);
    }
  }
  const usualShift = [...shifts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
  return parsed.map((e) => {
    if (!e.start || !e.end) {
      const day = dateOfDayNumber(dayNumber(e.date) - usualShift);
      return { day, weekday: weekdayOf(day), hours: null, offsets: [] };
    }
    const open = e.start.minutes;
    const close = (dayNumber(e.end.date) - dayNumber(e.start.date)) * 1440 + e.end.minutes;
    if (close <= open) throw new HoursParseError(`schedule ${e.date}: ends before it starts`);
    return {
      day: e.start.date,
      weekday: weekdayOf(e.start.date),
      hours: { open, close },
      offsets: [
        { instant: e.startText!, offsetMinutes: e.start.offset },
        { instant: e.endText!, offsetMinutes: e.end.offset },
      ],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Reconciling the two.

export interface ReconciledHours {
  hours: WeeklyHours | null;
  /** One line per weekday where the result differs from the hours text (a correction). */
  notes: string[];
  /** One-offs in the schedule that changed nothing (the text already had the regular value). */
  observations: string[];
}

const capital = (d: string) => d[0].toUpperCase() + d.slice(1);

/**
 * The weekly hours of a stand. Base: the `hours` text. The schedule gives two dated samples of every
 * weekday (two weeks); per weekday:
 *  - both samples agree: that value (the text is overruled if it differs: it was stale or a one-off);
 *  - the samples differ (one is a one-off: an early close, a late opening, a closed day): the sample
 *    that matches the stand's hours text on more OTHER weekdays is the regular one; on a tie, the
 *    text's value if it is one of them, else the later sample;
 *  - no sample: the text.
 */
export function reconcileHours(text: WeeklyHours | null, schedule: ScheduleDay[]): ReconciledHours {
  const samples = new Map<Weekday, ScheduleDay[]>();
  for (const s of schedule) samples.set(s.weekday, [...(samples.get(s.weekday) ?? []), s]);
  const anyScheduled = schedule.some((s) => s.hours !== null);
  if (text === null && !anyScheduled) return { hours: null, notes: [], observations: [] };

  const notes: string[] = [];
  const observations: string[] = [];
  const result = {} as WeeklyHours;
  for (const day of WEEKDAYS) {
    const fromText = text ? text[day] : undefined;
    const dated = [...(samples.get(day) ?? [])].sort((a, b) => (a.day < b.day ? -1 : 1));
    let chosen: DayHours | null;
    if (dated.length === 0) {
      chosen = fromText ?? null;
    } else if (dated.every((s) => sameDay(s.hours, dated[0].hours))) {
      chosen = dated[0].hours;
      if (fromText !== undefined && !sameDay(chosen, fromText)) {
        notes.push(
          `hours: ${capital(day)} ${formatDay(chosen)} (every ${capital(day)} in the schedule, ${dated.map((s) => s.day).join(' and ')}), not the hours text's ${formatDay(fromText)}`,
        );
      }
    } else {
      const distinct: (DayHours | null)[] = [];
      for (const s of dated) if (!distinct.some((d) => sameDay(d, s.hours))) distinct.push(s.hours);
      const otherDays = WEEKDAYS.filter((d) => d !== day).map((d) => (text ? text[d] : undefined));
      const score = (h: DayHours | null) => otherDays.filter((o) => o !== undefined && sameDay(o, h)).length;
      const best = Math.max(...distinct.map(score));
      const top = distinct.filter((h) => score(h) === best);
      chosen =
        top.length === 1
          ? top[0]
          : (top.find((h) => fromText !== undefined && sameDay(h, fromText)) ?? dated[dated.length - 1].hours);
      const oneOffs = dated.filter((s) => !sameDay(s.hours, chosen));
      const line = `hours: ${capital(day)} ${formatDay(chosen)}; ${oneOffs.map((s) => `${s.day} (${formatDay(s.hours)})`).join(', ')} taken as a one-off`;
      if (fromText !== undefined && !sameDay(fromText, chosen)) {
        notes.push(`${line}, as is the hours text's ${formatDay(fromText)}`);
      } else {
        observations.push(line);
      }
    }
    result[day] = chosen === null ? null : { open: chosen.open, close: chosen.close };
  }
  return { hours: result, notes, observations };
}
