/**
 * The importer on small handwritten fixtures, compared with the expected files beside them.
 * To accept a deliberate change: UPDATE_FIXTURES=1 npx jest -c infra/jest.config.cjs infra/import/menu
 * and review the diff of fixtures/expected-*.json by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildMenuSeed, type ImportInput } from './importer';
import type { FlavourFile, OloMenu } from './types';

const FIXTURES = join(__dirname, 'fixtures');
const readJson = <T>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;

function fixtureInput(): ImportInput {
  return {
    olo: readJson<OloMenu>('olo-mini.json'),
    flavours: readJson<FlavourFile>('flavours-mini.json'),
    oloName: 'olo-mini.json',
    flavoursName: 'flavours-mini.json',
  };
}

describe('menu importer on the handwritten fixtures', () => {
  const { seed, report } = buildMenuSeed(fixtureInput());

  if (process.env.UPDATE_FIXTURES === '1') {
    writeFileSync(join(FIXTURES, 'expected-menu.json'), `${JSON.stringify(seed, null, 2)}\n`);
    writeFileSync(join(FIXTURES, 'expected-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  }

  it('writes exactly the expected seed', () => {
    expect(seed).toEqual(readJson('expected-menu.json'));
  });

  it('reports exactly the expected counts and warnings', () => {
    expect(report).toEqual(readJson('expected-report.json'));
  });

  it('skips the placeholder "Category" rows', () => {
    expect(report.placeholdersSkipped).toBe(2);
    expect(seed.items.map((i) => i.name)).not.toContain('Category');
  });

  it('merges the iced, hot and blended listings of one drink into one item', () => {
    const eagles = seed.items.filter((i) => i.name === 'Golden Eagle');
    expect(eagles).toHaveLength(1);
    expect(eagles[0].variants).toEqual(['iced', 'hot', 'blended']);
    expect(eagles[0].mainVariant).toBe('iced');
    // the Freeze that has no iced/hot drink of its name stays a blended-freeze item
    expect(seed.items.find((i) => i.slug === 'picture-perfect-blended-freeze')?.category).toBe('blended-freeze');
  });

  it('strips trademark signs everywhere', () => {
    expect(JSON.stringify(seed)).not.toMatch(/[®™]/);
  });

  it('marks the seasonal-group drink seasonal and files it under seasonal-drinks once', () => {
    const mochi = seed.items.filter((i) => i.name === 'Mochi Berry Shake');
    expect(mochi).toHaveLength(1);
    expect(mochi[0]).toMatchObject({ category: 'seasonal-drinks', isSeasonal: true });
  });

  it('keeps the snack real price and one size', () => {
    const bar = seed.items.find((i) => i.category === 'snacks');
    expect(bar?.singleSize).toBe(true);
    expect(bar?.sizes).toHaveLength(1);
    expect(bar?.sizes[0]).toMatchObject({ size: 'small', price: '2.95' });
    expect(bar?.sizes[0].nutrition.calories).toBe(410);
  });

  it('adds fan recipes missing from the menu as secret-menu drinks, and warns about unknown groups', () => {
    expect(seed.items.find((i) => i.slug === 'trixie-lemonade')).toMatchObject({
      isSecretMenu: true,
      category: 'lemonades',
    });
    expect(seed.items.filter((i) => i.slug.startsWith('electric-berry-lemonade'))).toHaveLength(1);
    expect(report.warnings.some((w) => w.includes('"kombucha"'))).toBe(true);
  });

  it('does not depend on the order of the source categories', () => {
    const input = fixtureInput();
    input.olo.categories.reverse();
    expect(buildMenuSeed(input).seed).toEqual(seed);
  });

  it('fails loudly on a source category it has no rule for', () => {
    const input = fixtureInput();
    input.olo.categories.push({
      id: 99,
      name: 'Brand New Things',
      metadata: null,
      products: [{ id: 1, name: 'Mystery', description: '', cost: 0, basecalories: null, metadata: null }],
    });
    expect(() => buildMenuSeed(input)).toThrow(/Brand New Things/);
  });
});
