import { knowZoneOffsets, openStatus, zoneOffsetsAround } from './open-now';
import type { DayHoursMinutes as DayHours, WeeklyHoursMinutes } from './week';

const every = (d: DayHours | null): WeeklyHoursMinutes => ({
  monday: d,
  tuesday: d,
  wednesday: d,
  thursday: d,
  friday: d,
  saturday: d,
  sunday: d,
});

// Real hours of the seed: Phoenix – S 83rd Ave is 5:00 AM - 11:00 PM on Mondays, Portland – SE Division St
// 5:00 AM - 10:00 PM; both open at 5 on Tuesday.
const phoenix = { timeZone: 'America/Phoenix', isOpen: true, hours: every({ open: 300, close: 1380 }) };
const portland = { timeZone: 'America/Los_Angeles', isOpen: true, hours: every({ open: 300, close: 1320 }) };
const fiveToTen = every({ open: 300, close: 1320 });

const at = (iso: string) => new Date(iso);

describe('openStatus at fixed instants, in the stand’s own time zone', () => {
  it('answers differently for a Phoenix and a Portland stand at the same July instant', () => {
    // 2025-07-15T05:30Z is Monday 10:30 PM in both zones: Arizona keeps MST (UTC-7) all year, Oregon is on PDT (UTC-7).
    const instant = at('2025-07-15T05:30:00Z');
    const az = openStatus(phoenix, instant);
    const or = openStatus(portland, instant);
    expect(az).toMatchObject({
      openNow: true,
      statusText: 'Open now · closes at 11 PM',
      todayHours: '5:00 AM - 11:00 PM',
    });
    expect(az.nextChangeAt?.toISOString()).toBe('2025-07-15T06:00:00.000Z');
    expect(or).toMatchObject({
      openNow: false,
      statusText: 'Closed · opens tomorrow at 5 AM',
      todayHours: '5:00 AM - 10:00 PM',
    });
    // Tuesday 5:00 AM PDT.
    expect(or.nextChangeAt?.toISOString()).toBe('2025-07-15T12:00:00.000Z');
  });

  it('keeps Arizona off daylight saving: the same hours answer differently in January and in Denver', () => {
    const az = { timeZone: 'America/Phoenix', isOpen: true, hours: fiveToTen };
    const or = { timeZone: 'America/Los_Angeles', isOpen: true, hours: fiveToTen };
    const co = { timeZone: 'America/Denver', isOpen: true, hours: fiveToTen };
    // January: 05:30Z is 10:30 PM in Phoenix (UTC-7) but 9:30 PM in Portland (PST, UTC-8).
    expect(openStatus(az, at('2025-01-14T05:30:00Z')).openNow).toBe(false);
    expect(openStatus(or, at('2025-01-14T05:30:00Z'))).toMatchObject({
      openNow: true,
      statusText: 'Open now · closes at 10 PM',
    });
    expect(openStatus(or, at('2025-01-14T05:30:00Z')).nextChangeAt?.toISOString()).toBe('2025-01-14T06:00:00.000Z');
    // July: 04:30Z is 9:30 PM in Phoenix but 10:30 PM in Denver (MDT, UTC-6).
    expect(openStatus(az, at('2025-07-15T04:30:00Z')).openNow).toBe(true);
    expect(openStatus(co, at('2025-07-15T04:30:00Z'))).toMatchObject({
      openNow: false,
      statusText: 'Closed · opens tomorrow at 5 AM',
    });
  });

  it('treats a 24-hour stand as always open, with no next change', () => {
    const s = openStatus(
      { timeZone: 'America/Los_Angeles', isOpen: true, hours: every({ open: 0, close: 1440 }) },
      at('2025-07-15T10:00:00Z'),
    );
    expect(s).toMatchObject({
      openNow: true,
      statusText: 'Open 24 hours',
      todayHours: 'Open 24 hours',
      nextChangeAt: null,
    });
    // Still valid only until the local midnight (the computed texts are per local day).
    expect(s.validUntil.toISOString()).toBe('2025-07-16T07:00:00.000Z');
  });

  it('closes a 24-hour day at the end of a run of them', () => {
    const hours = {
      ...every({ open: 300, close: 1320 }),
      friday: { open: 0, close: 1440 },
      saturday: { open: 0, close: 1440 },
    };
    // Friday 2025-07-18 12:00 PDT: the run of Friday and Saturday ends at Saturday's midnight (Sunday opens at 5 AM).
    const s = openStatus({ timeZone: 'America/Los_Angeles', isOpen: true, hours }, at('2025-07-18T19:00:00Z'));
    expect(s).toMatchObject({
      openNow: true,
      statusText: 'Open now · closes tomorrow at midnight',
      todayHours: 'Open 24 hours',
    });
    expect(s.nextChangeAt?.toISOString()).toBe('2025-07-20T07:00:00.000Z');
  });

  it('counts yesterday’s hours that close after midnight', () => {
    // Tempe – S Rural Rd: Friday 5:00 AM - 2:00 AM. Saturday 00:30 MST is open through Friday's hours.
    const hours = { ...every({ open: 300, close: 1320 }), friday: { open: 300, close: 1560 } };
    const stand = { timeZone: 'America/Phoenix', isOpen: true, hours };
    const s = openStatus(stand, at('2025-07-19T07:30:00Z'));
    expect(s).toMatchObject({
      openNow: true,
      statusText: 'Open now · closes at 2 AM',
      todayHours: '5:00 AM - 10:00 PM',
    });
    expect(s.nextChangeAt?.toISOString()).toBe('2025-07-19T09:00:00.000Z');
    // Friday evening it reads the same close.
    expect(openStatus(stand, at('2025-07-19T05:00:00Z'))).toMatchObject({
      openNow: true,
      statusText: 'Open now · closes at 2 AM',
    });
    expect(openStatus(stand, at('2025-07-19T05:00:00Z')).todayHours).toBe('5:00 AM - 2:00 AM');
    // Saturday 02:30: closed until 5.
    expect(openStatus(stand, at('2025-07-19T09:30:00Z'))).toMatchObject({
      openNow: false,
      statusText: 'Closed · opens at 5 AM',
    });
    // A Thursday 00:30 is not open: Wednesday closes at 10 PM.
    expect(openStatus(stand, at('2025-07-17T07:30:00Z')).openNow).toBe(false);
  });

  it('skips a closed day', () => {
    const hours = { ...fiveToTen, sunday: null };
    const stand = { timeZone: 'America/Chicago', isOpen: true, hours };
    // Sunday 2025-07-20 noon CDT.
    const s = openStatus(stand, at('2025-07-20T17:00:00Z'));
    expect(s).toMatchObject({ openNow: false, todayHours: 'Closed', statusText: 'Closed · opens tomorrow at 5 AM' });
    expect(s.nextChangeAt?.toISOString()).toBe('2025-07-21T10:00:00.000Z');
    // Saturday night, after closing: Sunday is skipped, Monday named.
    expect(openStatus(stand, at('2025-07-20T04:00:00Z')).statusText).toBe('Closed · opens Monday at 5 AM');
  });

  it('follows a DST change between now and the next opening', () => {
    // Saturday 2025-03-08 11:00 PM PST; clocks spring forward Sunday 2 AM; Sunday opens 5:00 AM PDT = 12:00Z.
    const s = openStatus(
      { timeZone: 'America/Los_Angeles', isOpen: true, hours: fiveToTen },
      at('2025-03-09T07:00:00Z'),
    );
    expect(s.openNow).toBe(false);
    expect(s.nextChangeAt?.toISOString()).toBe('2025-03-09T12:00:00.000Z');
    // Fall back: Saturday 2025-11-01 11 PM PDT; Sunday opens 5:00 AM PST = 13:00Z.
    const f = openStatus(
      { timeZone: 'America/Los_Angeles', isOpen: true, hours: fiveToTen },
      at('2025-11-02T06:00:00Z'),
    );
    expect(f.nextChangeAt?.toISOString()).toBe('2025-11-02T13:00:00.000Z');
  });

  it('reports a stand that does not operate, and one without hours', () => {
    const closed = openStatus(
      { timeZone: 'America/Chicago', isOpen: false, hours: fiveToTen },
      at('2025-07-15T17:00:00Z'),
    );
    expect(closed).toMatchObject({ openNow: false, statusText: 'Temporarily closed', nextChangeAt: null });
    const soon = openStatus(
      { timeZone: 'America/Chicago', isOpen: false, hours: every(null) },
      at('2025-07-15T17:00:00Z'),
    );
    expect(soon).toMatchObject({ openNow: false, statusText: 'Coming soon', todayHours: 'Closed', nextChangeAt: null });
    const unknown = openStatus(
      { timeZone: 'America/Chicago', isOpen: true, hours: every(null) },
      at('2025-07-15T17:00:00Z'),
    );
    expect(unknown).toMatchObject({ openNow: false, statusText: 'Hours not listed' });
  });

  it('is closed at the closing minute and open at the opening minute', () => {
    const stand = { timeZone: 'America/Los_Angeles', isOpen: true, hours: fiveToTen };
    expect(openStatus(stand, at('2025-07-15T05:00:00Z')).openNow).toBe(false); // Mon 10:00 PM
    expect(openStatus(stand, at('2025-07-15T04:59:59Z')).openNow).toBe(true);
    expect(openStatus(stand, at('2025-07-15T12:00:00Z')).openNow).toBe(true); // Tue 5:00 AM
  });
});

describe('open late: today’s hours run to 10 PM or later, in the stand’s own time zone', () => {
  const week = (days: Partial<WeeklyHoursMinutes>): WeeklyHoursMinutes => ({ ...every(null), ...days });

  it('counts a close at 10 PM or later today, not one at 9:59 PM, and not another day’s', () => {
    // 2025-07-15T19:00Z: Tuesday noon in Portland (PDT)
    const noonTuesday = at('2025-07-15T19:00:00Z');
    const stand = (hours: WeeklyHoursMinutes) => ({ timeZone: 'America/Los_Angeles', isOpen: true, hours });
    expect(openStatus(stand(every({ open: 300, close: 1320 })), noonTuesday).openLate).toBe(true);
    expect(openStatus(stand(every({ open: 300, close: 1319 })), noonTuesday).openLate).toBe(false);
    expect(openStatus(stand(week({ monday: { open: 300, close: 1380 } })), noonTuesday).openLate).toBe(false);
    expect(openStatus(stand(week({ tuesday: { open: 300, close: 1500 } })), noonTuesday).openLate).toBe(true);
    // already closed for the day: still open late today
    expect(openStatus(stand(every({ open: 300, close: 1380 })), at('2025-07-16T06:30:00Z')).openLate).toBe(true);
  });

  it('reads today in the stand’s zone: the same instant is Monday night in Phoenix and Tuesday in New York', () => {
    // 2025-07-15T05:30Z: Monday 10:30 PM in Phoenix, Tuesday 1:30 AM in New York
    const lateMondayOnly = week({ monday: { open: 300, close: 1380 }, tuesday: { open: 300, close: 1200 } });
    const instant = at('2025-07-15T05:30:00Z');
    expect(openStatus({ timeZone: 'America/Phoenix', isOpen: true, hours: lateMondayOnly }, instant).openLate).toBe(
      true,
    );
    expect(openStatus({ timeZone: 'America/New_York', isOpen: true, hours: lateMondayOnly }, instant).openLate).toBe(
      false,
    );
  });

  it('counts a stand open around the clock, and never one that does not operate or has no hours', () => {
    const instant = at('2025-07-15T19:00:00Z');
    const allDay = every({ open: 0, close: 1440 });
    expect(openStatus({ timeZone: 'America/Phoenix', isOpen: true, hours: allDay }, instant).openLate).toBe(true);
    expect(openStatus({ timeZone: 'America/Phoenix', isOpen: false, hours: allDay }, instant).openLate).toBe(false);
    expect(openStatus({ timeZone: 'America/Phoenix', isOpen: true, hours: every(null) }, instant).openLate).toBe(false);
  });
});

describe('zone offsets carried by a page (zoneOffsetsAround, knowZoneOffsets)', () => {
  const fiveToTenStand = { isOpen: true, hours: fiveToTen };
  const stands = [phoenix, portland, { ...portland, timeZone: 'America/New_York' }];
  const instants = ['2025-07-15T05:30:00Z', '2025-07-14T12:00:00Z', '2025-07-20T23:59:30Z', '2025-07-21T06:59:59.500Z'];

  it('gives each zone used its offset for the window around the instant, and leaves out a zone that changes in it', () => {
    for (const stand of stands) openStatus(stand, at('2025-07-15T05:30:00Z'));
    const july = zoneOffsetsAround(Date.parse('2025-07-15T05:30:00Z'));
    expect(july['America/Phoenix']).toEqual({
      offsetMs: -7 * 3_600_000,
      from: Date.parse('2025-07-14T05:00:00Z'),
      until: Date.parse('2025-07-24T05:00:00Z'),
    });
    expect(july['America/Los_Angeles']?.offsetMs).toBe(-7 * 3_600_000);
    expect(july['America/New_York']?.offsetMs).toBe(-4 * 3_600_000);
    // DST ends on 2 November 2025: Portland and New York change within nine days of 28 October, Phoenix does not
    const october = zoneOffsetsAround(Date.parse('2025-10-28T12:00:00Z'));
    expect(Object.keys(october)).toEqual(['America/Phoenix']);
  });

  it('answers exactly as the time-zone formatter does, without making one, inside the window', () => {
    const expected = stands.flatMap((stand) => instants.map((iso) => openStatus(stand, at(iso))));
    knowZoneOffsets(zoneOffsetsAround(Date.parse('2025-07-15T05:30:00Z')));
    const made = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      // instants not asked before, so no remembered wall clock answers them
      const later = stands.flatMap((stand) => instants.map((iso) => openStatus(stand, new Date(Date.parse(iso) + 1))));
      expect(later.map((s) => [s.openNow, s.statusText, s.todayHours, s.nextChangeAt?.getTime()])).toEqual(
        expected.map((s) => [s.openNow, s.statusText, s.todayHours, s.nextChangeAt?.getTime()]),
      );
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('falls back to the formatter outside the window, and ignores an offset that is not a number', () => {
    knowZoneOffsets({
      'America/Denver': { offsetMs: 0, from: 0, until: 1 },
      'America/Chicago': { offsetMs: Number.NaN, from: 0, until: 8.64e15 },
    });
    // a wrong offset for Denver, but only for the first millisecond of 1970: July 2025 is computed by Intl
    const denver = openStatus({ ...fiveToTenStand, timeZone: 'America/Denver' }, at('2025-07-15T11:30:00Z'));
    expect(denver).toMatchObject({ openNow: true, statusText: 'Open now · closes at 10 PM' });
    const chicago = openStatus({ ...fiveToTenStand, timeZone: 'America/Chicago' }, at('2025-07-15T09:30:00Z'));
    expect(chicago).toMatchObject({ openNow: false, statusText: 'Closed · opens at 5 AM' });
  });
});
