import { DEFAULT_SITE_NAME } from '../lib/head/keys';
/** Built-in defaults, used until GET /api/site answers (and whenever it fails). */
export interface SiteSettings {
  /** The site's one name (setting siteName), in the header, footer, titles and og:site_name. */
  siteName: string;
  brandName: string;
  officialSiteUrl: string;
  contactEmail: string;
  analyticsMeasurementId: string | null;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: DEFAULT_SITE_NAME,
  brandName: 'Dutch Bros',
  officialSiteUrl: 'https://www.dutchbros.com',
  contactEmail: 'hello@coffee-guide.example',
  analyticsMeasurementId: null,
};

export const FALLBACK_DRINK_IMAGE = '/images/drinks/fallback.png';
