import { describe, expect, it } from 'vitest';
import { isStale } from './stale';

describe('isStale', () => {
  const now = new Date(Date.UTC(2026, 10, 26, 12));

  it('calls a date older than the threshold out of date, a newer one not', () => {
    expect(isStale('2025-05-28', now, 12)).toBe(true);
    expect(isStale('2025-12-01', now, 12)).toBe(false);
    expect(isStale('2025-11-26', now, 12)).toBe(true);
    expect(isStale('2025-05-28', now, 24)).toBe(false);
  });

  it('never calls an unknown date out of date', () => {
    expect(isStale(null, now, 12)).toBe(false);
    expect(isStale(undefined, now, 12)).toBe(false);
    expect(isStale('soon', now, 12)).toBe(false);
  });
});
