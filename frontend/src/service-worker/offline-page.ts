// The offline page's script (offline.html, precached): the site's name from the stored settings, and links
// to the drinks and stands saved on this device, whose pages were seen when they were saved.
import { readSaved } from '../lib/saved/saved-store';

function fill(kind: 'drinks' | 'stands', links: Array<{ href: string; text: string }>): void {
  const section = document.querySelector<HTMLElement>(`[data-saved="${kind}"]`);
  const list = section?.querySelector('ul');
  if (!section || !list || links.length === 0) return;
  for (const { href, text } of links) {
    const item = document.createElement('li');
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    item.append(a);
    list.append(item);
  }
  section.hidden = false;
}

const saved = readSaved();
fill(
  'drinks',
  saved.drinks.map((d) => ({ href: `/menu/${d.categorySlug}/${d.slug}`, text: d.name })),
);
fill(
  'stands',
  saved.stands.map((s) => ({ href: `/locations/${s.state.toLowerCase()}/${s.citySlug}/${s.slug}`, text: s.name })),
);

void fetch('/api/site', { headers: { Accept: 'application/json' } })
  .then((res) => (res.ok ? res.json() : null))
  .then((site: { settings?: { siteName?: string } } | null) => {
    const name = site?.settings?.siteName;
    if (!name) return;
    document.querySelectorAll('[data-site-name]').forEach((el) => (el.textContent = name));
    document.title = `You are offline | ${name}`;
  })
  .catch(() => undefined);
