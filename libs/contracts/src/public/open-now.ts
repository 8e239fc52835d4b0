import type { WeeklyHoursMinutes } from './locations';
import { clockText, dayText, MINUTES_PER_DAY, WEEKDAY_KEYS, WEEKDAY_NAMES } from './week';

/**
 * Open now, computed from a stand's weekly hours in the stand's own IANA time zone at a given instant
 * (docs/decisions.md, "Open now"). Pure: the instant is a parameter, so tests pin it. Shared by the locations service
 * (its answers) and the public pages (the text at the page's one instant, kept current after hydration).
 *
 * Hours are wall-clock minutes per local weekday; a day's close may pass 1440 (after midnight), so at
 * 00:30 a stand can be open through yesterday's hours. The week is laid out as intervals on the local
 * wall clock from yesterday to a week ahead, adjacent intervals merged (a run of 24-hour days is one
 * interval), and only the boundaries are turned into instants, with the zone's offset at that instant
 * (DST included).
 */
export interface OpenStatus {
  openNow: boolean;
  todayHours: string;
  statusText: string;
  /** The next opening or closing; null when there is none (open 24/7, never open, not operating). */
  nextChangeAt: Date | null;
  /**
   * Open late: today's hours (the stand's local today) run to 10 PM or later, past midnight included, or it
   * is open around the clock (docs/decisions.md, "Open now"). Holds until the local midnight, as todayHours.
   */
  openLate: boolean;
  /**
   * Until when every computed field holds: the next change or the next local midnight (today's hours and
   * "opens tomorrow" change then), whichever comes first.
   */
  validUntil: Date;
}

export interface StandHours {
  hours: WeeklyHoursMinutes;
  timeZone: string;
  /** The stand operates at all; false: temporarily closed or not yet open. */
  isOpen: boolean;
}

interface WallClock {
  /** 0 = Monday ... 6 = Sunday. */
  weekday: number;
  /** Minutes after local midnight, with seconds as a fraction. */
  minutes: number;
  /** The zone's offset from UTC at the instant, in ms (local = utc + offset). */
  offsetMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * A zone's offset from UTC that holds from `from` to `until` (ms since the epoch). The server puts the
 * offsets of the zones its page used into the page (`zoneOffsetsAround`), and the browser reads them
 * (`knowZoneOffsets`): its wall clocks in that window are then plain arithmetic, with no time-zone formatter
 * made. Making the first one costs the browser its time-zone data, a long task at hydration on a phone.
 */
export interface ZoneOffset {
  offsetMs: number;
  from: number;
  until: number;
}

const knownOffsets = new Map<string, ZoneOffset>();
const DAY_MS = 86_400_000;

/** Wall clocks of these zones within their windows are computed from the offset (the page's `zoneOffsetsAround`). */
export function knowZoneOffsets(zones: Readonly<Record<string, ZoneOffset>>): void {
  for (const [zone, known] of Object.entries(zones)) {
    if (Number.isFinite(known?.offsetMs) && Number.isFinite(known?.from) && Number.isFinite(known?.until))
      knownOffsets.set(zone, known);
  }
}

let aroundCache: { key: string; offsets: Record<string, ZoneOffset> } | undefined;

/**
 * The offsets of the zones this process has computed wall clocks for, each one the zone keeps from a day
 * before `atMs` to nine days after (the span an open-now text reads: yesterday's hours to a week ahead). A
 * zone whose offset changes in that window (a DST change within the next nine days) is left out: the
 * browser computes it as before.
 */
export function zoneOffsetsAround(atMs: number): Record<string, ZoneOffset> {
  // computed once an hour (and again when a new zone is used): the window of the hour's start covers each instant in it
  const hour = Math.floor(atMs / 3_600_000) * 3_600_000;
  const key = `${hour}|${formatters.size}`;
  if (aroundCache?.key === key) return aroundCache.offsets;
  const out: Record<string, ZoneOffset> = {};
  const from = hour - DAY_MS;
  const until = hour + 9 * DAY_MS;
  for (const zone of [...formatters.keys()].sort()) {
    const offsetMs = computeWallClock(hour, zone, false).offsetMs;
    let steady = true;
    for (let t = from; t <= until && steady; t += DAY_MS / 2)
      steady = computeWallClock(t, zone, false).offsetMs === offsetMs;
    if (steady) out[zone] = { offsetMs, from, until };
  }
  aroundCache = { key, offsets: out };
  return out;
}

/** Wall clocks already computed: an answer's stands share a few zones and a few boundary instants. */
const remembered = new Map<string, WallClock>();
const REMEMBER_MAX = 20_000;

export function wallClock(instantMs: number, timeZone: string): WallClock {
  const key = `${timeZone}|${instantMs}`;
  const known = remembered.get(key);
  if (known) return known;
  if (remembered.size >= REMEMBER_MAX) remembered.clear();
  const clock = computeWallClock(instantMs, timeZone);
  remembered.set(key, clock);
  return clock;
}

function computeWallClock(instantMs: number, timeZone: string, useKnown = true): WallClock {
  const known = useKnown ? knownOffsets.get(timeZone) : undefined;
  if (known && instantMs >= known.from && instantMs <= known.until) {
    const local = instantMs + known.offsetMs;
    const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
    // 1970-01-01 was a Thursday: 3 with Monday as 0
    return {
      weekday: (((Math.floor(local / DAY_MS) + 3) % 7) + 7) % 7,
      minutes: (local - dayStart) / 60_000,
      offsetMs: known.offsetMs,
    };
  }
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instantMs))) parts[p.type] = p.value;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), hour, minute, second);
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  return {
    weekday: WEEKDAY_SHORT.indexOf(parts.weekday),
    minutes: hour * 60 + minute + (second + (instantMs - wholeSeconds) / 1000) / 60,
    offsetMs: asUtc - wholeSeconds,
  };
}

/**
 * The instant at which the local wall clock shows `minutes` after today's local midnight (may be negative
 * or past a day), given the wall clock `now` at `nowMs`. A time skipped by a DST jump lands just after it.
 */
function instantAt(minutes: number, nowMs: number, now: WallClock, timeZone: string): number {
  const guess = nowMs + (minutes - now.minutes) * 60_000;
  const offset = wallClock(guess, timeZone).offsetMs;
  if (offset === now.offsetMs) return guess;
  const corrected = guess - (offset - now.offsetMs);
  return corrected;
}

interface Span {
  start: number;
  end: number;
}

/** The week's open spans on the local wall clock, in minutes after today's midnight, from yesterday on. */
function spans(hours: WeeklyHoursMinutes, today: number): Span[] {
  const out: Span[] = [];
  for (let offset = -1; offset <= 7; offset++) {
    const day = (((today + offset) % 7) + 7) % 7;
    const h = hours[WEEKDAY_KEYS[day]];
    if (!h) continue;
    const base = offset * MINUTES_PER_DAY;
    const span = { start: base + h.open, end: base + h.close };
    const last = out[out.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push(span);
  }
  return out;
}

/** "10 PM", "10:30 PM", "midnight". */
function shortClock(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return m === 0 ? 'midnight' : clockText(m, true);
}

/** When, relative to the local today: "at 5 AM", "tomorrow at 5 AM", "Monday at 5 AM". */
function when(minutes: number, today: number, closing: boolean): string {
  let dayOffset = Math.floor(minutes / MINUTES_PER_DAY);
  const within = minutes - dayOffset * MINUTES_PER_DAY;
  // A close at midnight belongs to the day it ends: Friday's "closes at midnight", not Saturday's.
  if (closing && within === 0) dayOffset -= 1;
  // A closing in tomorrow's small hours (or at midnight) reads as tonight's: "closes at 1 AM".
  if (dayOffset === 0 || (closing && dayOffset === 1 && within > 0 && within <= 360))
    return `at ${shortClock(minutes)}`;
  if (dayOffset === 1) return `tomorrow at ${shortClock(minutes)}`;
  return `${WEEKDAY_NAMES[(today + dayOffset) % 7]} at ${shortClock(minutes)}`;
}

/** The local time from which a stand counts as open late: 10 PM, in minutes after midnight. */
export const OPEN_LATE_FROM_MINUTES = 22 * 60;

/** Today's open span (merged with the ones it runs into) ends at OPEN_LATE_FROM_MINUTES or later. */
function isOpenLate(week: Span[], today: { open: number; close: number } | null): boolean {
  if (!today) return false;
  const span = week.find((s) => s.start <= today.open && today.open < s.end);
  return Math.max(span?.end ?? 0, today.close) >= OPEN_LATE_FROM_MINUTES;
}

export function openStatus(stand: StandHours, at: Date): OpenStatus {
  const nowMs = at.getTime();
  const now = wallClock(nowMs, stand.timeZone);
  const today = now.weekday;
  const todayHours = dayText(stand.hours[WEEKDAY_KEYS[today]]);
  const midnight = new Date(instantAt(MINUTES_PER_DAY, nowMs, now, stand.timeZone));
  const hasAnyHours = WEEKDAY_KEYS.some((k) => stand.hours[k] !== null);

  if (!stand.isOpen) {
    const statusText = hasAnyHours ? 'Temporarily closed' : 'Coming soon';
    return { openNow: false, todayHours, statusText, nextChangeAt: null, validUntil: midnight, openLate: false };
  }
  if (!hasAnyHours) {
    return {
      openNow: false,
      todayHours,
      statusText: 'Hours not listed',
      nextChangeAt: null,
      validUntil: midnight,
      openLate: false,
    };
  }

  const week = spans(stand.hours, today);
  const openLate = isOpenLate(week, stand.hours[WEEKDAY_KEYS[today]]);
  const current = week.find((s) => s.start <= now.minutes && now.minutes < s.end);
  let openNow: boolean;
  let statusText: string;
  let change: number | null;
  if (current) {
    openNow = true;
    // Open through the whole window: open around the clock.
    if (current.start <= 0 && current.end >= 8 * MINUTES_PER_DAY) {
      return { openNow, todayHours, statusText: 'Open 24 hours', nextChangeAt: null, validUntil: midnight, openLate };
    }
    change = current.end;
    statusText = `Open now · closes ${when(current.end, today, true)}`;
  } else {
    openNow = false;
    const next = week.find((s) => s.start > now.minutes);
    change = next ? next.start : null;
    statusText = next ? `Closed · opens ${when(next.start, today, false)}` : 'Closed';
  }
  const nextChangeAt = change === null ? null : new Date(instantAt(change, nowMs, now, stand.timeZone));
  const validUntil = nextChangeAt && nextChangeAt < midnight ? nextChangeAt : midnight;
  return { openNow, todayHours, statusText, nextChangeAt, validUntil, openLate };
}
