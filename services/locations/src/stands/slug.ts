import { cleanText } from '@coffee-guide/contracts';

/**
 * A URL slug of a whole name, as the importer makes them: lower case, accents dropped, every run of other
 * characters one hyphen. "North Las Vegas" -> "north-las-vegas", "St. George" -> "st-george".
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The stand's own part of its name: "Grants Pass – SW 6th St" -> "SW 6th St" (the city prefix dropped). */
export function standLabel(name: string, city: string): string {
  const n = cleanText(name);
  const prefix = new RegExp(`^${city.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[–—-]\\s*`, 'i');
  const label = n.replace(prefix, '');
  return label || n;
}
