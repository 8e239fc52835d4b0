/*
 * The site's built-in settings (docs/configuration.md, "Site settings"): what the pages, the BFF and the admin
 * use while content's settings are not at hand, and the chain's name written in one place.
 */

/** The chain this guide is about: the brand setting's default and the "{brand}" of category names. */
export const CHAIN_NAME = 'Dutch Bros';
/** The chain's own site, linked as the official source. */
export const CHAIN_SITE_URL = 'https://www.dutchbros.com';
/** The guide's own name (setting siteName): header, footer, titles, feeds and og:site_name. */
export const DEFAULT_SITE_NAME = 'Coffee Guide';

/** The settings every page names, each as text (an empty analytics id: no analytics). */
export interface SiteSettingDefaults {
  siteName: string;
  brandName: string;
  officialSiteUrl: string;
  contactEmail: string;
  analyticsMeasurementId: string;
}

export const DEFAULT_SITE_SETTINGS: Readonly<SiteSettingDefaults> = {
  siteName: DEFAULT_SITE_NAME,
  brandName: CHAIN_NAME,
  officialSiteUrl: CHAIN_SITE_URL,
  contactEmail: 'hello@coffee-guide.example',
  analyticsMeasurementId: '',
};
