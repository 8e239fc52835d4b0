import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LazyNotifications } from '../components/notifications/lazy-notifications';
import { NowProvider } from '../lib/now';
import { createQueryClient } from '../lib/query-client';
import { SiteOriginProvider } from '../lib/site-origin';
import { theme } from '../theme';

/** docs/decisions.md, "Counts, limits and timings": at most one toast at a time, 5 s each. */
export const NOTIFICATION_LIMIT = 1;
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's transitions and portals, and keeps `now` fixed. */
  env?: 'default' | 'test';
  /**
   * The page's instant (ms since the epoch) for open-now texts: the server's render time, carried in the page
   * so hydration renders the same text (lib/now). The first render's time when not given.
   */
  now?: number;
  /** The site's origin for absolute URLs (lib/site-origin): SITE_URL on the server, the page's in the browser. */
  origin?: string;
}

export function AppProviders({ children, queryClient, env = 'default', now, origin }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    // A fixed light scheme: no colour-scheme script (the CSP forbids inline scripts), no stored preference to read;
    // index.html carries data-mantine-color-scheme="light" so the first paint has the scheme's variables.
    // The theme's CSS variables come with the entry's stylesheet (virtual:theme-variables.css, made from the
    // same theme at build time): the provider would work them out again in the task that hydrates the page.
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light" env={env}>
      {/* the container loads with the first toast (components/notifications) */}
      <LazyNotifications limit={NOTIFICATION_LIMIT} autoClose={NOTIFICATION_AUTO_CLOSE_MS} containerWidth={420} />
      <QueryClientProvider client={client}>
        <NowProvider instant={now} live={env !== 'test'}>
          {origin === undefined ? children : <SiteOriginProvider origin={origin}>{children}</SiteOriginProvider>}
        </NowProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
