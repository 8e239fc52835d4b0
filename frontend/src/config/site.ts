/** Built-in defaults, used until GET /api/site answers (and whenever it fails). */
export interface SiteSettings {
  brandName: string;
  officialSiteUrl: string;
  contactEmail: string;
  analyticsMeasurementId: string | null;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  brandName: 'Dutch Bros',
  officialSiteUrl: 'https://www.dutchbros.com',
  contactEmail: 'hello@coffee-guide.example',
  analyticsMeasurementId: null,
};

export const FALLBACK_DRINK_IMAGE = '/images/drinks/fallback.png';

export function siteTitle(brandName: string): string {
  return `${brandName} Guide`;
}
