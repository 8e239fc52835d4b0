/** A stand's name and its city, as the stand list has them. */
export interface NamedStand {
  name: string;
  city: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The stand's own part of its name, the one rule for slugs, titles and cards: its city dropped from the front,
 * in any case, with the dash or the space after it ("Grants Pass – SW 6th St" -> "SW 6th St", "grants pass -
 * SW 6th St" -> "SW 6th St"). White space is folded; a name that is only the city stays whole.
 */
export function standLabel({ name, city }: NamedStand): string {
  const whole = name.replace(/\s+/g, ' ').trim();
  const cityName = city.replace(/\s+/g, ' ').trim();
  if (!cityName) return whole;
  const prefix = new RegExp(`^${escapeRegExp(cityName)}(?:\\s*[–—-]\\s*|\\s+)`, 'i');
  return whole.replace(prefix, '') || whole;
}
