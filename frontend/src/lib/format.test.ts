import { describe, expect, it } from 'vitest';
import { parseCents } from '@coffee-guide/domain';
import { compareText, formatGrams, formatIsoDate, formatPriceCents, formatPriceRange, titleFromSlug } from './format';

describe('money', () => {
  it('turns decimal strings into cents and back without floats', () => {
    expect(['4.25', '0.10', '12.5', '7', '1234.99'].map(parseCents)).toEqual([425, 10, 1250, 700, 123499]);
    expect(parseCents('4.255')).toBeNaN();
    expect([425, 10, 700, 123499].map(formatPriceCents)).toEqual(['$4.25', '$0.10', '$7.00', '$1234.99']);
  });

  it("formats a range as '$x.xx - $y.yy', or one price when both ends match", () => {
    expect(formatPriceRange(345, 715)).toBe('$3.45 - $7.15');
    expect(formatPriceRange(295, 295)).toBe('$2.95');
  });
});

describe('text', () => {
  it('titles a slug: hyphens to spaces, each word capitalised', () => {
    expect(titleFromSlug('rebel-energy-drinks')).toBe('Rebel Energy Drinks');
    expect(titleFromSlug('secret-menu')).toBe('Secret Menu');
  });

  it('writes ISO dates the long US way and leaves other text alone', () => {
    expect(formatIsoDate('2025-05-28')).toBe('May 28, 2025');
    expect(formatIsoDate('January 2025')).toBe('January 2025');
  });

  it('rounds grams like a label', () => {
    expect([0, 0.35, 4, 9.96, 11.4, 22.6].map(formatGrams)).toEqual(['0', '0.4', '4', '10', '11', '23']);
  });
});

describe('compareText', () => {
  it('orders names as the English collation does for the names the data holds: case and accents aside', () => {
    const names = [
      'salem',
      'Bend',
      'Cañon City',
      'St. Helens',
      'Canby',
      'Saint Paul',
      'bend',
      'Coos Bay',
      'Albany',
      'Zillah',
      'Éclair',
      'Eagle Point',
      'eclair',
      'Canon City',
    ];
    const collator = new Intl.Collator('en');
    expect([...names].sort(compareText)).toEqual([...names].sort((a, b) => collator.compare(a, b)));
  });

  it('breaks a tie between names that differ only in case or accents, so a sort is stable across runs', () => {
    expect(compareText('bend', 'Bend')).not.toBe(0);
    expect(Math.sign(compareText('bend', 'Bend'))).toBe(-Math.sign(compareText('Bend', 'bend')));
    expect(compareText('Bend', 'Bend')).toBe(0);
  });
});
