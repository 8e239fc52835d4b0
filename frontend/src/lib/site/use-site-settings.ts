import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@/config/site';
import { useSite } from './get-site';

export interface SiteSettingsState {
  settings: SiteSettings;
  /** True once /api/site answered or failed, so the measurement id is final. */
  settled: boolean;
}

/** The site settings from /api/site over the built-in defaults; an empty value keeps the default. */
export function useSiteSettings(): SiteSettingsState {
  const { data, isSuccess, isError } = useSite();
  const remote = data?.settings ?? {};
  const settings: SiteSettings = {
    siteName: remote.siteName || DEFAULT_SITE_SETTINGS.siteName,
    brandName: remote.brandName || DEFAULT_SITE_SETTINGS.brandName,
    officialSiteUrl: remote.officialSiteUrl || DEFAULT_SITE_SETTINGS.officialSiteUrl,
    contactEmail: remote.contactEmail || DEFAULT_SITE_SETTINGS.contactEmail,
    analyticsMeasurementId: remote.analyticsMeasurementId || DEFAULT_SITE_SETTINGS.analyticsMeasurementId,
  };
  return { settings, settled: isSuccess || isError };
}
