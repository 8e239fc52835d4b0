import * as fs from 'node:fs';
import * as path from 'node:path';
import { ART_HEIGHT, ART_WIDTH, drinkArtAlt, drinkArtSvg, serveOf, toppingsOf } from './drink-art';
import { DRINK_ART_DIR, drinkArtPath, readSeedDrinks } from './drinks';

const drinks = readSeedDrinks();
const fileOf = (slug: string) => path.join(DRINK_ART_DIR, `${slug}.svg`);

describe("each drink's own picture", () => {
  it('gives every drink of the seed its own committed SVG, up to date, small, with width and height', () => {
    expect(drinks.length).toBeGreaterThan(300);
    for (const d of drinks) {
      expect(d.imageUrl).toBe(drinkArtPath(d.slug));
      const svg = fs.readFileSync(fileOf(d.slug), 'utf8');
      expect(svg).toBe(drinkArtSvg(d)); // regenerate with: npx tsx infra/images/drinks.ts
      expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(15 * 1024);
      expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${ART_WIDTH}" height="${ART_HEIGHT}"`));
    }
  });

  it('never shares one file between drinks of different serve or flavour', () => {
    const byContent = new Map<string, (typeof drinks)[number]>();
    const clashes: string[] = [];
    for (const d of drinks) {
      const svg = fs.readFileSync(fileOf(d.slug), 'utf8');
      const other = byContent.get(svg);
      const same = (a: typeof d, b: typeof d) =>
        serveOf(a) === serveOf(b) && [...a.flavors].sort().join() === [...b.flavors].sort().join();
      if (other && !same(other, d)) clashes.push(`${other.slug} = ${d.slug}`);
      byContent.set(svg, d);
    }
    expect(clashes).toEqual([]);
    // pictures differ across the menu: far more than one per category
    expect(new Set(drinks.map((d) => fs.readFileSync(fileOf(d.slug), 'utf8'))).size).toBeGreaterThan(150);
  });

  it('draws what the drink is: serve, flavour colours and toppings, and says so in the alt text', () => {
    const bySlug = new Map(drinks.map((d) => [d.slug, d]));
    const latte = {
      slug: 'x',
      name: 'Hazelnut Latte',
      category: 'coffee-classics',
      mainVariant: 'iced',
      flavors: ['hazelnut'],
      ingredients: ['espresso', '2% milk', 'hazelnut syrup'],
    };
    expect(serveOf(latte)).toBe('iced');
    expect(serveOf({ ...latte, mainVariant: 'hot' })).toBe('hot');
    expect(serveOf({ ...latte, mainVariant: 'blended' })).toBe('blended');
    expect(drinkArtSvg({ ...latte, flavors: ['strawberry'] })).not.toBe(drinkArtSvg(latte));
    expect(drinkArtSvg({ ...latte, mainVariant: 'hot' })).not.toBe(drinkArtSvg(latte));
    expect(toppingsOf({ ...latte, ingredients: [...latte.ingredients, 'soft top', 'caramel drizzle'] })).toEqual([
      'soft top',
      'caramel drizzle',
    ]);
    expect(drinkArtAlt({ ...latte, ingredients: [...latte.ingredients, 'soft top'] })).toBe(
      'Iced drink in a clear cup with ice: hazelnut, with soft top',
    );
    const boba = [...bySlug.values()].find((d) => d.ingredients.includes('strawberry popping boba'));
    expect(boba && toppingsOf(boba)).toContain('popping boba');
    // no secret-menu cup on an ordinary latte
    expect(bySlug.get('hazelnut-latte')?.imageUrl).toBe('/images/drinks/hazelnut-latte.svg');
  });
});
