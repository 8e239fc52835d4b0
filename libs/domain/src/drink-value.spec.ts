import { drinkValue, formatValue } from './drink-value';

describe('value and caffeine of a size', () => {
  it('computes per ounce, per dollar and the share of a day', () => {
    const v = drinkValue({ price: '4.00', ounces: 16, caffeine: 200 });
    expect(v.pricePerOz).toBeCloseTo(0.25);
    expect(v.caffeinePerOz).toBeCloseTo(12.5);
    expect(v.caffeinePerDollar).toBeCloseTo(50);
    expect(v.caffeineShareOfDay).toBeCloseTo(0.5);
  });

  it('leaves out what it cannot know', () => {
    expect(drinkValue({ price: '0.00', ounces: 0, caffeine: null })).toEqual({
      pricePerOz: null,
      caffeinePerOz: null,
      caffeinePerDollar: null,
      caffeineShareOfDay: null,
    });
  });

  it('prints the figures as the site shows them', () => {
    expect(formatValue.pricePerOz(0.2656)).toBe('$0.27/fl oz');
    expect(formatValue.caffeinePerOz(9.44)).toBe('9.4 mg/fl oz');
    expect(formatValue.caffeinePerDollar(31.6)).toBe('32 mg per $1');
    expect(formatValue.pricePerOz(null)).toBe('–');
  });
});
