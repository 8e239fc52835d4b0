import { formatCents, parseCents } from './money';

describe('money in whole cents', () => {
  it.each([
    [425, '4.25'],
    [400, '4.00'],
    [5, '0.05'],
    [0, '0.00'],
    [-75, '-0.75'],
    [-125, '-1.25'],
  ])('formatCents(%d) = %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    ['4.25', 425],
    ['4.5', 450],
    ['4', 400],
    [' 12.05 ', 1205],
  ])('parseCents(%s) = %d', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it('gives NaN for what is not an amount of money', () => {
    for (const bad of ['', '4.255', '-1.00', '$4.25', 'four', '4,25']) expect(parseCents(bad)).toBeNaN();
  });

  it('reads back what it writes', () => {
    for (const cents of [0, 1, 99, 100, 425, 99_999]) expect(parseCents(formatCents(cents))).toBe(cents);
  });
});
