import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { SearchBox } from '../components/search-box/search-box';
import { ContactRoute } from './contact/routes/contact-route';
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
    const doc = html(<MenuRoute />, '/menu?category=chai&size=large');
    const form = doc.querySelector('form[role="search"]')!;
    expect(form.getAttribute('action')).toBe('/menu');
    expect(form.getAttribute('method')).toBe('get');
    const id = form.getAttribute('id');
    const fields = Array.from(doc.querySelectorAll(`select[form="${id}"]`)).map((s) => [s.getAttribute('name'), (s as HTMLSelectElement).value]);
    expect(fields).toEqual([
      ['category', 'chai'],
      ['size', 'large'],
      ['dietary', ''],
    ]);
    expect(doc.querySelector('noscript')?.textContent).toContain('Apply filters');
  });

  it('the contact page says plainly that sending needs JavaScript, and cannot be sent without it', () => {
    const doc = html(<ContactRoute />, '/contact');
    expect(doc.querySelector('noscript')?.textContent).toContain('Sending needs JavaScript');
    const form = doc.querySelector('form[aria-labelledby="contact-form-title"]')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
  });
});
