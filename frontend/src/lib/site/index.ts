export { useSiteSettings, type SiteSettingsState } from './use-site-settings';
export { siteQueryOptions } from './get-site';
export { fillPlaceholders, usePageContent, type PageContentState, type PageSection } from './use-page-content';
