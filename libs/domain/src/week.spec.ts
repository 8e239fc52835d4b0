import { clockText, dayText, is24Hours, MINUTES_PER_DAY, WEEKDAY_KEYS, WEEKDAY_NAMES } from './week';

describe('the week and a day’s hours as text', () => {
  it('lists the days Monday first, keys and names in step', () => {
    expect(WEEKDAY_KEYS).toHaveLength(7);
    WEEKDAY_KEYS.forEach((key, i) => expect(WEEKDAY_NAMES[i].toLowerCase()).toBe(key));
  });

  it.each([
    [300, false, '5:00 AM'],
    [300, true, '5 AM'],
    [1500, false, '1:00 AM'],
    [1440, false, '12:00 AM'],
    [720, true, '12 PM'],
    [1350, true, '10:30 PM'],
  ])('clockText(%d, %s) = %s', (minutes, short, text) => {
    expect(clockText(minutes, short)).toBe(text);
  });

  it('writes a day as a range, open 24 hours or closed', () => {
    expect(dayText({ open: 300, close: 1320 })).toBe('5:00 AM - 10:00 PM');
    expect(dayText({ open: 0, close: MINUTES_PER_DAY })).toBe('Open 24 hours');
    expect(dayText(null)).toBe('Closed');
    expect(is24Hours({ open: 0, close: 1439 })).toBe(false);
  });
});
