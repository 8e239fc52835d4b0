import { formatDay, parseHoursText, parseRange, parseSchedule, reconcileHours, WeeklyHours, weekOf } from './hours';

const h = (open: number, close: number) => ({ open, close });

describe('parseRange', () => {
  it.each([
    ['05am-10pm', h(300, 1320)],
    ['05:30am-11:30pm', h(330, 1410)],
    ['04:45am-11pm', h(285, 1380)],
    ['05am-12am', h(300, 1440)],
    ['05am-01am', h(300, 1500)],
    ['05am-02am', h(300, 1560)],
    ['05pm-10pm', h(1020, 1320)],
    ['12pm-12am', h(720, 1440)],
    ['24hrs', h(0, 1440)],
    ['Open 24 hours', h(0, 1440)],
  ])('%s', (text, hours) => {
    expect(parseRange(text)).toEqual(hours);
  });

  it('reads Closed as null and rejects nonsense', () => {
    expect(parseRange('Closed')).toBeNull();
    expect(() => parseRange('13am-10pm')).toThrow();
    expect(() => parseRange('5-10')).toThrow();
  });
});

describe('parseHoursText', () => {
  it('expands day ranges', () => {
    const w = parseHoursText('Sun-Thu: 05am-10pm, Fri-Sat: 05am-11pm')!;
    expect(w.sunday).toEqual(h(300, 1320));
    expect(w.thursday).toEqual(h(300, 1320));
    expect(w.friday).toEqual(h(300, 1380));
    expect(w.saturday).toEqual(h(300, 1380));
  });

  it('reads single days, Closed days and 24 hours', () => {
    const w = parseHoursText('Sun-Mon: 05am-10pm, Tue: Closed, Wed-Thu: 05am-10pm, Fri-Sat: 05am-11pm')!;
    expect(w.tuesday).toBeNull();
    expect(w.monday).toEqual(h(300, 1320));
    expect(parseHoursText('Sun-Sat: 24hrs')!.wednesday).toEqual(h(0, 1440));
    expect(parseHoursText('Open 24 hours')!.sunday).toEqual(h(0, 1440));
  });

  it('wraps a range past Saturday', () => {
    const w = parseHoursText('Fri-Sun: 06am-11pm, Mon-Thu: 05am-10pm')!;
    expect(w.sunday).toEqual(h(360, 1380));
    expect(w.monday).toEqual(h(300, 1320));
  });

  it('answers null for no hours and throws for gaps, repeats and unknown days', () => {
    expect(parseHoursText('')).toBeNull();
    expect(() => parseHoursText('Sun-Thu: 05am-10pm')).toThrow(/friday, saturday/);
    expect(() => parseHoursText('Sun-Sat: 05am-10pm, Mon: 05am-11pm')).toThrow(/twice/);
    expect(() => parseHoursText('Sun-Fun: 05am-10pm')).toThrow(/unknown day/);
  });
});

describe('parseSchedule', () => {
  it('files an entry under the local date its opening starts on', () => {
    const [s] = parseSchedule(
      '[{"date": "2025-10-04", "start": "2025-10-03T05:00:00-07:00", "end": "2025-10-04T02:00:00-07:00"}]',
    );
    expect(s.day).toBe('2025-10-03');
    expect(s.weekday).toBe('friday');
    expect(s.hours).toEqual(h(300, 1560));
    expect(s.offsets.map((o) => o.offsetMinutes)).toEqual([-420, -420]);
  });

  it('reads a 24-hour entry and places a closed entry with the stand’s usual shift', () => {
    const days = parseSchedule(
      JSON.stringify([
        { date: '2025-10-01', start: '2025-09-30T00:00:00-07:00', end: '2025-10-01T00:00:00-07:00' },
        { date: '2025-10-02', start: null, end: null },
      ]),
    );
    expect(days.map((d) => [d.day, d.weekday, d.hours])).toEqual([
      ['2025-09-30', 'tuesday', h(0, 1440)],
      ['2025-10-01', 'wednesday', null],
    ]);
  });
});

describe('reconcileHours', () => {
  const text = parseHoursText(
    'Sun-Mon: 05am-10pm, Tue: 05pm-10pm, Wed-Thu: 05am-10pm, Fri-Sat: 05am-11pm',
  ) as WeeklyHours;
  const sched = (entries: [string, string | null, string | null][]) =>
    parseSchedule(JSON.stringify(entries.map(([date, start, end]) => ({ date, start, end }))));

  it('takes the regular value when the two dated samples of a weekday differ', () => {
    const r = reconcileHours(
      text,
      sched([
        ['2025-09-30', '2025-09-30T17:00:00-04:00', '2025-09-30T22:00:00-04:00'],
        ['2025-10-07', '2025-10-07T05:00:00-04:00', '2025-10-07T22:00:00-04:00'],
      ]),
    );
    expect(r.hours?.tuesday).toEqual(h(300, 1320));
    expect(r.notes).toHaveLength(1);
  });

  it('keeps the text when it already holds the regular value (a one-off only observed)', () => {
    const regular = weekOf(() => h(300, 1380));
    const r = reconcileHours(
      regular,
      sched([
        ['2025-09-29', '2025-09-29T05:00:00-07:00', '2025-09-29T23:00:00-07:00'],
        ['2025-10-06', '2025-10-06T05:00:00-07:00', '2025-10-06T18:00:00-07:00'],
      ]),
    );
    expect(r.hours).toEqual(regular);
    expect(r.notes).toEqual([]);
    expect(r.observations).toHaveLength(1);
  });

  it('overrules the text where both dated samples agree against it', () => {
    const r = reconcileHours(
      text,
      sched([
        ['2025-09-30', '2025-09-30T05:00:00-04:00', '2025-09-30T22:00:00-04:00'],
        ['2025-10-07', '2025-10-07T05:00:00-04:00', '2025-10-07T22:00:00-04:00'],
      ]),
    );
    expect(r.hours?.tuesday).toEqual(h(300, 1320));
    expect(r.notes[0]).toMatch(/not the hours text's 5:00 PM - 10:00 PM/);
  });

  it('answers null when neither source has hours', () => {
    expect(reconcileHours(null, sched([['2025-09-30', null, null]])).hours).toBeNull();
  });
});

describe('formatDay', () => {
  it('formats for notes', () => {
    expect(formatDay(h(300, 1500))).toBe('5:00 AM - 1:00 AM');
    expect(formatDay(h(0, 1440))).toBe('Open 24 hours');
    expect(formatDay(null)).toBe('Closed');
  });
});
