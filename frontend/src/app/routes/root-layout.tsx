import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, type Location } from 'react-router-dom';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { useSiteSettings } from '@/lib/site';
import { useDataDate } from '@/lib/site-bundle';
import { useAnalyticsConfig } from '../use-analytics-config';

/**
 * The key a scroll position is kept under. A jump link (`<a href="#city-x">`) is the browser's own
 * navigation: its history entry has no state, so the router gives every such entry the key "default", and
 * the second jump would restore the first one's saved position (often the top) instead of reaching its
 * target. Those entries are told apart by their address.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}${location.hash}` : location.key;
}

export function RootLayout() {
  const { settings, settled } = useSiteSettings();
  useAnalyticsConfig(settings.analyticsMeasurementId, settled);
  const lastUpdated = useDataDate('data');

  return (
    <>
      <SkipLink />
      <SiteHeader siteName={settings.siteName} />
      {/* at least a screen tall: the footer starts below the fold, so a page's content arriving late shifts nothing visible */}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        style={{ flex: 1, outline: 'none', minHeight: 'calc(100vh - 60px)' }}
      >
        <Outlet />
      </Box>
      <SiteFooter
        siteName={settings.siteName}
        brandName={settings.brandName}
        officialSiteUrl={settings.officialSiteUrl}
        lastUpdated={lastUpdated}
      />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
