/** A URL slug: lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Letters that Unicode does not split into a base letter and an accent. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * The one slug rule of the site, for drinks, cities, stands, blog posts and page anchors (importers,
 * services, BFF and frontend alike):
 * - accents dropped ("Crème Brûlée" -> "creme-brulee", "Cañon City" -> "canon-city");
 * - `™ ® ©` dropped, `&` read as "and" ("Peaches & Cream" -> "peaches-and-cream");
 * - apostrophes dropped, so a word stays whole ("Tiger's Blood" -> "tigers-blood", "O'Fallon" -> "ofallon");
 * - every other run of characters one hyphen, none at either end ("St. George -- North" -> "st-george-north");
 * - at most `maxLength` characters, cut where no hyphen is left at the end.
 * A text without a letter or a digit gives '' (the caller picks its fallback: 'drink', 'stand', 'post').
 */
export function slugify(text: string, maxLength = 100): string {
  return text
    .replace(/[™®©]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDED[c])
    .replace(/&/g, ' and ')
    .replace(/['’‘ʼ`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}
