import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { SearchBox } from '../components/search-box/search-box';
import { makeDrink, nutritionRowsOf } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { renderApp } from '../testing/render';
import { ContactRoute } from './contact/routes/contact-route';
import { LocationSearchForm } from './locations/components/location-search-form';
import { MenuRoute } from './menu/routes/menu-route';

/** The server's HTML of a page part, as a browser without JavaScript gets it. */
function html(ui: React.ReactNode, path = '/') {
  const page = renderToString(
    <AppProviders env="test">
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return new DOMParser().parseFromString(page, 'text/html');
}

describe('reading without JavaScript', () => {
  it('the header search is a GET form to /menu?search=', () => {
    const doc = html(<SearchBox label="Search drinks" />);
    const form = doc.querySelector('form[role="search"]')!;
    expect(form.getAttribute('action')).toBe('/menu');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.querySelector('input[type="search"]')?.getAttribute('name')).toBe('search');
  });

  it('the menu search and filters are one GET form with their state in the URL, applied by a button', () => {
    const doc = html(<MenuRoute />, '/menu?category=chai&size=large&sort=caffeine-desc&maxCalories=300&caffeineFree=1');
    const form = doc.querySelector('form[role="search"]')!;
    expect(form.getAttribute('action')).toBe('/menu');
    expect(form.getAttribute('method')).toBe('get');
    const id = form.getAttribute('id');
    const fields = Array.from(doc.querySelectorAll(`select[form="${id}"]`)).map((s) => [
      s.getAttribute('name'),
      (s as HTMLSelectElement).value,
    ]);
    expect(fields).toEqual([
      ['category', 'chai'],
      ['size', 'large'],
      ['dietary', ''],
      ['sort', 'caffeine-desc'],
    ]);
    const inputs = Array.from(doc.querySelectorAll(`input[form="${id}"]`)).map((i) => [
      i.getAttribute('name'),
      (i as HTMLInputElement).value,
      (i as HTMLInputElement).checked,
    ]);
    expect(inputs).toEqual([
      ['maxCalories', '300', false],
      ['maxSugar', '', false],
      ['minCaffeine', '', false],
      ['caffeineFree', '1', true],
      // the allergen filter: one box per allergen, sent repeated without JavaScript
      ['allergenFree', 'milk', false],
      ['allergenFree', 'egg', false],
      ['allergenFree', 'soy', false],
      ['allergenFree', 'wheat', false],
      ['allergenFree', 'tree-nuts', false],
      ['allergenFree', 'coconut', false],
    ]);
    expect(doc.querySelector('noscript')?.textContent).toContain('Apply filters');
  });

  it('the locations search is a GET form to /locations?q=', () => {
    const doc = html(<LocationSearchForm initial="" onSearch={() => {}} />, '/locations');
    const form = doc.querySelector('form[role="search"]')!;
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/locations', 'get']);
    expect(form.querySelector('input[type="search"]')?.getAttribute('name')).toBe('q');
  });

  it('the nutrition sizes are links with the size in the URL', async () => {
    mockApi({
      '/api/nutrition?category=chai': {
        status: 200,
        body: nutritionRowsOf(makeDrink({ name: 'Chai Latte', category: 'Chai', categorySlug: 'chai' })),
      },
    });
    renderApp('/calories/chai?size=large');
    const large = await screen.findByRole('link', { name: 'Large (32 oz)' });
    expect(large).toHaveAttribute('href', '/calories/chai?size=large');
    expect(large).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Small (16 oz)' })).toHaveAttribute('href', '/calories/chai?size=small');
  });

  it('the contact page says plainly that sending needs JavaScript, and cannot be sent without it', () => {
    const doc = html(<ContactRoute />, '/contact');
    expect(doc.querySelector('noscript')?.textContent).toContain('Sending needs JavaScript');
    const form = doc.querySelector('form[aria-labelledby="contact-form-title"]')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
  });
});
