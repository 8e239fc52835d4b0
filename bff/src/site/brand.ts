/**
 * The brand in the catalog's answers. Category names carry a "{brand}" placeholder ("{brand} Faves"), so a
 * change of the brand setting needs no catalog write; the BFF puts the brand in at ONE place, as the bytes
 * come in from the catalog (CatalogClient), so no answer built from them (public, admin, sitemap, page head)
 * ever shows "{brand}".
 */

/** Where the brand comes from: the site settings (SiteSettingsService, provided under this token). */
export const BRAND_SOURCE = Symbol('BRAND_SOURCE');
export interface BrandSource {
  get(): Promise<{ brandName: string }>;
}

/** Puts the brand into a JSON text in place of "{brand}", escaped for JSON. */
export function withBrand(json: Buffer, brand: string): Buffer {
  const text = json.toString('utf8');
  if (!text.includes('{brand}')) return json;
  const escaped = JSON.stringify(brand).slice(1, -1);
  return Buffer.from(text.replaceAll('{brand}', escaped), 'utf8');
}
