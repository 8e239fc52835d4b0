import { canonicalCompare, comparePath, parseCompareQuery, readCompareParam } from './compare';

describe('compare two to four drinks', () => {
  it('reads the page’s parameter leniently', () => {
    expect(readCompareParam(' Mocha, latte,mocha,bad slug!,a,b,c')).toEqual({
      slugs: ['mocha', 'latte', 'a', 'b'],
      invalid: ['bad slug!'],
      dropped: ['c'],
    });
  });

  it('reads the API’s parameter strictly', () => {
    expect(parseCompareQuery({ drinks: 'mocha,latte' })).toEqual({ ok: true, value: { slugs: ['mocha', 'latte'] } });
    expect(parseCompareQuery({ drinks: 'mocha' })).toMatchObject({
      ok: false,
      errors: { drinks: expect.stringContaining('at least 2') },
    });
    expect(parseCompareQuery({ drinks: 'a,b,c,d,e' })).toMatchObject({
      ok: false,
      errors: { drinks: 'at most 4 drinks' },
    });
    expect(parseCompareQuery({ drinks: ['a,b_', 'c'] })).toMatchObject({
      ok: false,
      errors: { drinks: 'not a drink slug: b_' },
    });
  });

  it('has one canonical order and path', () => {
    expect(canonicalCompare(['mocha', 'latte'])).toEqual(['latte', 'mocha']);
    expect(comparePath(['mocha', 'latte'], 'large')).toBe('/compare?drinks=mocha,latte&size=large');
    expect(comparePath(['mocha', 'latte'], 'small')).toBe('/compare?drinks=mocha,latte');
  });
});
