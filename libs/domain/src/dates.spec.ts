import { longDate, monthYear } from './dates';

describe('dates as the site writes them', () => {
  it('reads the month and the day from the text, not through a Date', () => {
    expect(monthYear('2025-05-28')).toBe('May 2025');
    expect(monthYear('2025-12-31T23:59:59Z')).toBe('December 2025');
    expect(longDate('2025-05-01')).toBe('May 1, 2025');
    expect(longDate('2025-01-01T00:00:00-08:00')).toBe('January 1, 2025');
  });

  it('leaves anything else as it is', () => {
    expect(monthYear('soon')).toBe('soon');
    expect(longDate(null)).toBe('');
    expect(monthYear(undefined)).toBe('');
  });
});
