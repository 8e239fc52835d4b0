import { categoryDisplayName, MENU_CATEGORIES, MENU_CATEGORY_SLUGS, SIZES } from './categories';
import { SLUG_PATTERN } from './slug';

describe('the one category scheme', () => {
  it('has unique slugs that follow the slug rule', () => {
    expect(new Set(MENU_CATEGORY_SLUGS).size).toBe(MENU_CATEGORIES.length);
    for (const slug of MENU_CATEGORY_SLUGS) expect(slug).toMatch(SLUG_PATTERN);
  });

  it('puts the chain’s name into the category that carries it', () => {
    expect(categoryDisplayName('faves', 'Acme Coffee')).toBe('Acme Coffee Faves');
    expect(categoryDisplayName('chai', 'Acme Coffee')).toBe('Chai');
    expect(categoryDisplayName('nope', 'Acme Coffee')).toBeUndefined();
  });

  it('lists the sizes small to large', () => {
    expect(SIZES.map((s) => s.ounces)).toEqual([16, 24, 32]);
  });
});
