export { useSiteSettings, type SiteSettingsState } from './hooks/use-site-settings';
export { siteQueryOptions } from './api/get-site';
export { fillPlaceholders, usePageContent, type PageContentState, type PageSection } from './hooks/use-page-content';
