import { useEffect } from 'react';
import { configureAnalytics } from '../lib/analytics';

/** gtag loads once the site settings say which measurement id to use (page views: see usePageHead). */
export function useAnalyticsConfig(measurementId: string | null, settled: boolean): void {
  useEffect(() => {
    if (settled) configureAnalytics(measurementId);
  }, [measurementId, settled]);
}
