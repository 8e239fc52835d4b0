import { afterEach, describe, expect, it } from 'vitest';
import { makeDrink, makeDrinkDetail } from '@/testing/fixtures';
import { applyHead } from './apply';
import { buildPageHead } from './build';
import { headSite } from './keys';
import { renderHead } from './render';

const site = headSite({ brandName: 'Dutch Bros' }, 'https://guide.example');
const drink = makeDrinkDetail(makeDrink({ name: 'Golden Eagle', category: 'Dutch Bros Faves', categorySlug: 'faves' }));

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyHead', () => {
  it("leaves the server's head untouched when it is the same head (hydration)", () => {
    const head = buildPageHead({ type: 'drink', category: 'faves', drink: drink.slug }, { drink }, site);
    document.head.innerHTML = `<meta charset="UTF-8"><link rel="icon" href="/favicon.png">${renderHead(head)}`;
    const before = Array.from(document.head.children);
    applyHead(head);
    const after = Array.from(document.head.children);
    expect(after).toHaveLength(before.length);
    after.forEach((node, i) => expect(node).toBe(before[i]));
  });

  it("replaces the previous page's tags, and only them, on navigation", () => {
    document.head.innerHTML = `<meta charset="UTF-8"><link rel="icon" href="/favicon.png">${renderHead(buildPageHead({ type: 'home' }, {}, site))}`;
    const charset = document.head.querySelector('meta[charset]');
    applyHead(buildPageHead({ type: 'drink', category: 'faves', drink: drink.slug }, { drink }, site));

    expect(document.title).toBe('Golden Eagle | Dutch Bros Faves Guide');
    expect(document.head.querySelector('meta[charset]')).toBe(charset);
    expect(document.head.querySelector('link[rel="icon"]')).not.toBeNull();
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      'https://guide.example/menu/faves/golden-eagle',
    );
    const types = Array.from(
      document.head.querySelectorAll('script[type="application/ld+json"]'),
      (s) => (JSON.parse(s.textContent ?? '') as { '@type': string })['@type'],
    );
    expect(types).toEqual(['MenuItem', 'BreadcrumbList']);
    // the home page's WebSite and Organization are gone
    expect(document.head.innerHTML).not.toContain('"WebSite"');
  });

  it('sets values as text, never as HTML', () => {
    const evil = '</title><script>alert(1)</script>';
    const head = buildPageHead(
      { type: 'drink', category: 'faves', drink: drink.slug },
      { drink: { ...drink, name: evil } },
      site,
    );
    applyHead(head);
    expect(document.title).toContain(evil);
    expect(document.head.querySelectorAll('script:not([type])')).toHaveLength(0);
  });
});
