export { useSiteSettings, type SiteSettingsState } from './hooks/use-site-settings';
export { siteQueryOptions } from './api/get-site';
