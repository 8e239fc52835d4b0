import { catalogFiguresOf, figureTokens, fillFigures, siteFiguresOf, standFiguresOf } from './figures';

const catalog = catalogFiguresOf(
  [
    {
      category: 'chai',
      sizes: [
        { price: '4.25', caffeine: 95 },
        { price: '5.50', caffeine: 140 },
      ],
    },
    { category: 'rebel-energy-drinks', sizes: [{ price: '3.95', caffeine: 160 }] },
    { category: 'snacks', sizes: [{ price: '1.50', caffeine: null }] },
  ],
  { pricesAsOf: '2025-05-01', nutritionAsOf: '2025-05-28' },
);
const stands = standFiguresOf([
  { state: 'OR', isOpen: true, amenities: ['Open 24 Hours'], asOf: '2025-09-01' },
  { state: 'OR', isOpen: false, amenities: [] },
  { state: 'WA', isOpen: true, amenities: [] },
]);
const figures = siteFiguresOf(catalog, stands);

describe('figures from the data', () => {
  it('counts the menu’s ranges, snacks left out of the prices', () => {
    expect(catalog.caffeine.chai).toEqual({ min: 95, max: 140 });
    expect(catalog.price).toEqual({ min: '3.95', max: '5.50' });
  });

  it('counts the stands per state and the newest date of all', () => {
    expect(stands).toMatchObject({ standCount: 3, stateCount: 2, openStandCount: 2, notOpenCount: 1 });
    expect(stands.perState.OR).toEqual({ stands: 2, open24Hours: 1 });
    expect(figures.dataAsOf).toBe('2025-09-01');
  });

  it('fills the tokens a text names, and leaves the unknown ones', () => {
    const text =
      '{standCount} stands in {stateCount} states, {standsIn:or} in Oregon, {standsIn:TX} in Texas; ' +
      'chai {caffeineMin:chai}-{caffeineMax:chai} mg, from {priceMin}, as of {dataAsOf}; {caffeineMin:shakes}';
    expect(figureTokens(text)).toContain('caffeineMin:chai');
    expect(fillFigures(text, figures)).toBe(
      '3 stands in 2 states, 2 in Oregon, 0 in Texas; chai 95-140 mg, from $3.95, as of September 2025; {caffeineMin:shakes}',
    );
    expect(fillFigures(text, null)).toBe(text);
  });
});
