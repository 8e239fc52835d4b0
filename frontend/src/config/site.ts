import { DEFAULT_SITE_SETTINGS as BUILT_IN } from '@coffee-guide/domain';

/** The site's settings as the pages read them. */
export interface SiteSettings {
  /** The site's one name (setting siteName), in the header, footer, titles and og:site_name. */
  siteName: string;
  brandName: string;
  officialSiteUrl: string;
  contactEmail: string;
  analyticsMeasurementId: string | null;
}

/** Built-in defaults (the domain's, as the BFF's), used until GET /api/site answers (and whenever it fails). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = BUILT_IN;

export const FALLBACK_DRINK_IMAGE = '/images/drinks/fallback.png';
