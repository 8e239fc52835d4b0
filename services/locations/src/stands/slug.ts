import { cleanText } from '@coffee-guide/contracts';

/** The stand's own part of its name: "Grants Pass – SW 6th St" -> "SW 6th St" (the city prefix dropped). */
export function standLabel(name: string, city: string): string {
  const n = cleanText(name);
  const prefix = new RegExp(`^${city.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[–—-]\\s*`, 'i');
  const label = n.replace(prefix, '');
  return label || n;
}
