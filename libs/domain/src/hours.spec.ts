import { CLOSED_WEEK, hoursToText, parseClock, parseDayText } from './hours';
import { dayText } from './week';

describe('hours text', () => {
  it.each([
    ['5:00 AM - 10:00 PM', { open: 300, close: 1320 }],
    ['5 am – 10 pm', { open: 300, close: 1320 }],
    ['5:30AM-11:00PM', { open: 330, close: 1380 }],
    ['5:00 AM - 1:00 AM', { open: 300, close: 1500 }],
    ['5:00 AM - 12:00 AM', { open: 300, close: 1440 }],
    ['12:00 AM - 12:00 AM', { open: 0, close: 1440 }],
    ['05:00 - 22:00', { open: 300, close: 1320 }],
    ['6 AM to noon', { open: 360, close: 720 }],
    ['Open 24 hours', { open: 0, close: 1440 }],
    ['24 Hours', { open: 0, close: 1440 }],
    ['Closed', null],
  ])('reads %j', (text, minutes) => {
    expect(parseDayText(text)).toEqual(minutes);
  });

  it.each(['', 'mornings', '5:00 AM', '13:00 PM - 2:00 PM', '5:60 AM - 10:00 PM', '5 - 10', '0:30 AM - 5:00 AM'])(
    'refuses %j',
    (text) => {
      expect(() => parseDayText(text)).toThrow();
    },
  );

  it('writes the spec’s text and reads it back', () => {
    for (const d of [
      { open: 300, close: 1320 },
      { open: 300, close: 1560 },
      { open: 0, close: 1440 },
      { open: 330, close: 1440 },
      null,
    ]) {
      expect(parseDayText(dayText(d))).toEqual(d);
    }
    expect(dayText({ open: 300, close: 1560 })).toBe('5:00 AM - 2:00 AM');
    expect(parseClock('12:15 AM')).toBe(15);
    expect(parseClock('12:15 PM')).toBe(735);
    const closed = hoursToText(CLOSED_WEEK);
    expect(Object.keys(closed)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(new Set(Object.values(closed))).toEqual(new Set(['Closed']));
  });
});
