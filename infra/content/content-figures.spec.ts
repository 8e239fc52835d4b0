/**
 * The content-figures test (docs/data/figures.md): every figure the seeded prose states about the data is the data's.
 * The expected figures are computed from the committed seed files (menu.json, stands.json) with the same
 * functions the catalog and the BFF use; none is written here.
 *   npx jest -c infra/jest.config.cjs infra/content
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogFiguresOf, fillFigures, siteFiguresOf, standFiguresOf, type SiteFigures } from '@coffee-guide/domain';
import { checkText, unknownCategoryWords, type Finding } from './figure-check';

const ROOT = join(__dirname, '..', '..');
const json = <T>(...path: string[]): T => JSON.parse(readFileSync(join(ROOT, ...path), 'utf8')) as T;

interface MenuSeed {
  priceModelAsOf: string;
  nutritionModelAsOf: string;
  items: { category: string; sizes: { price: string; nutrition?: { caffeine: number } | null }[] }[];
}
interface StandSeed {
  state: string;
  isOpen: boolean;
  amenities: string[];
  asOf?: string | null;
}

function seededFigures(): SiteFigures {
  const menu = json<MenuSeed>('services', 'catalog', 'seed', 'menu.json');
  const stands = json<StandSeed[] | { stands: StandSeed[] }>('services', 'locations', 'seed', 'stands.json');
  const catalog = catalogFiguresOf(
    menu.items.map((i) => ({
      category: i.category,
      sizes: i.sizes.map((s) => ({ price: s.price, caffeine: s.nutrition?.caffeine ?? null })),
    })),
    { pricesAsOf: menu.priceModelAsOf, nutritionAsOf: menu.nutritionModelAsOf },
  );
  return siteFiguresOf(catalog, standFiguresOf(Array.isArray(stands) ? stands : stands.stands));
}

/** Every seeded text a visitor reads, named by where it lives. */
function seededTexts(): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = [];
  const pages = json<{ sections: { pageSlug: string; sectionKey: string; content: string }[] }>(
    'services',
    'content',
    'seed',
    'page-content.json',
  );
  for (const s of pages.sections) texts.push({ where: `page-content ${s.pageSlug}/${s.sectionKey}`, text: s.content });
  const blog = json<{ posts: { slug: string; title: string; excerpt: string; content: string }[] }>(
    'services',
    'content',
    'seed',
    'blog-posts.json',
  );
  for (const p of blog.posts) texts.push({ where: `blog ${p.slug}`, text: [p.title, p.excerpt, p.content].join('\n') });
  const seo = json<{ records: Record<string, unknown>[] }>('services', 'content', 'seed', 'seo.json');
  for (const r of seo.records) {
    const strings = ['title', 'description', 'ogTitle', 'ogDescription', 'keywords']
      .map((k) => r[k])
      .filter((v): v is string => typeof v === 'string');
    texts.push({ where: `seo ${String(r.pageSlug)}`, text: strings.join('\n') });
  }
  const settings = json<{ settings: { key: string; value: string }[] }>(
    'services',
    'content',
    'seed',
    'site-settings.json',
  );
  for (const s of settings.settings) texts.push({ where: `site-settings ${s.key}`, text: s.value });
  // The category blurbs live in the frontend's code: their string literals are prose too.
  const blurbs = readFileSync(
    join(ROOT, 'frontend', 'src', 'features', 'menu', 'content', 'category-texts.ts'),
    'utf8',
  );
  for (const m of blurbs.matchAll(/'((?:[^'\\\n]|\\.)*)'/g))
    texts.push({ where: 'frontend category-texts.ts', text: m[1] });
  return texts;
}

const describeFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.where}: "${f.figure}" (${f.problem})\n    in: ${f.sentence}`).join('\n');

describe('figures in seeded content', () => {
  const figures = seededFigures();

  it('computes the figures from the seed files', () => {
    expect(figures.standCount).toBeGreaterThan(0);
    expect(figures.stateCount).toBeGreaterThan(0);
    expect(Object.keys(figures.caffeine).length).toBeGreaterThan(0);
    expect(figures.dataAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(unknownCategoryWords()).toEqual([]);
  });

  it('states no figure the data does not give, and names no token the data cannot fill', () => {
    const findings = seededTexts().flatMap(({ where, text }) => checkText(where, text, figures));
    if (findings.length)
      throw new Error(`${findings.length} figure(s) disagree with the data:\n${describeFindings(findings)}`);
    expect(findings).toEqual([]);
  });

  it('the FAQ names its caffeine ranges, counts and price range by token, not by number', () => {
    const pages = json<{ sections: { pageSlug: string; content: string }[] }>(
      'services',
      'content',
      'seed',
      'page-content.json',
    );
    const faq = pages.sections
      .filter((s) => s.pageSlug === 'faq')
      .map((s) => s.content)
      .join('\n');
    for (const token of [
      '{caffeineMin:rebel-energy-drinks}',
      '{caffeineMax:coffee-classics}',
      '{standCount}',
      '{open24HoursCount}',
      '{priceMin}',
    ]) {
      expect(faq).toContain(token);
    }
  });

  describe('the check can fail', () => {
    const rebel = () => figures.caffeine['rebel-energy-drinks'];

    it("finds a caffeine range that is not the category's", () => {
      const wrong = `Rebel energy drinks about ${rebel().min + 1}-${rebel().max * 2} mg.`;
      expect(checkText('t', wrong, figures).map((f) => f.figure)).toEqual([`${rebel().min + 1}-${rebel().max * 2} mg`]);
    });

    it('finds a token put on the wrong category in prose', () => {
      const text = 'Rebel energy drinks about {caffeineMin:sparkling-soda}-{caffeineMax:sparkling-soda} mg.';
      const other = figures.caffeine['sparkling-soda'];
      if (other.min === rebel().min && other.max === rebel().max) return; // nothing to tell apart
      expect(checkText('t', text, figures)).toHaveLength(1);
    });

    it('finds a stand or state count that is no count of the list', () => {
      const text = `Our list counts ${(figures.standCount + 7).toLocaleString('en-US')} stands in ${figures.stateCount + 1} states.`;
      expect(checkText('t', text, figures).map((f) => f.problem)).toHaveLength(2);
    });

    it("finds a state count that is not the state's", () => {
      const tx = figures.perState.TX?.stands ?? 0;
      expect(checkText('t', `Texas has the most stands, with ${tx + 3}.`, figures)).toHaveLength(1);
      expect(checkText('t', `Texas has the most stands, with ${tx}.`, figures)).toEqual([]);
    });

    it("finds a price range that is not the data's, and a token the data cannot fill", () => {
      const findings = checkText(
        't',
        'Drinks run from about $0.99 to {priceMax}; {caffeineMax:no-such-category} mg.',
        figures,
      );
      expect(findings.map((f) => f.figure)).toEqual(['{caffeineMax:no-such-category}', '$0.99']);
    });

    it('accepts the same text once its figures are tokens', () => {
      const text =
        'Rebel energy drinks about {caffeineMin:rebel-energy-drinks}-{caffeineMax:rebel-energy-drinks} mg; {standCount} stands in {stateCount} states.';
      expect(fillFigures(text, figures)).not.toContain('{');
      expect(checkText('t', text, figures)).toEqual([]);
    });
  });
});
