import { findByFlavour, finderPath, flavourSlug, parseFinderQuery, pickSurprise } from './finder';

const drinks = [
  { name: 'Blue Raspberry Rebel', flavors: ['Blue Raspberry', 'lime'] },
  { name: 'Vanilla Latte', flavors: ['vanilla'] },
  { name: 'Lime Vanilla Soda', flavors: ['vanilla', 'Lime'] },
];

describe('the flavour finder', () => {
  it('reads flavours from a form and from a link alike', () => {
    expect(parseFinderQuery({ include: ['Vanilla', 'lime'], exclude: 'blue raspberry' })).toEqual({
      ok: true,
      value: { include: ['lime', 'vanilla'], exclude: ['blue-raspberry'] },
    });
    expect(parseFinderQuery({ include: 'lime', exclude: 'lime' })).toEqual({
      ok: false,
      errors: { exclude: 'cannot also be included: lime' },
    });
    expect(flavourSlug('Blue Raspberry')).toBe('blue-raspberry');
  });

  it('ranks by the wanted flavours and drops the unwanted', () => {
    const answer = findByFlavour(drinks, { include: ['lime', 'vanilla'], exclude: ['blue-raspberry'] });
    expect(answer.results.map((r) => [r.drink.name, r.matched])).toEqual([
      ['Lime Vanilla Soda', ['lime', 'vanilla']],
      ['Vanilla Latte', ['vanilla']],
    ]);
    expect(answer.flavours[0]).toEqual({ slug: 'lime', name: 'lime', count: 2 });
    expect(finderPath({ include: ['lime'], exclude: [] })).toBe('/finder?include=lime');
  });

  it('picks a surprise with the random number it is given', () => {
    expect(pickSurprise(['a', 'b', 'c'], () => 0.99)).toBe('c');
    expect(pickSurprise([], () => 0.5)).toBeUndefined();
  });
});
