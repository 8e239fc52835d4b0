import { DEFAULT_SITE_NAME } from '@coffee-guide/domain';
import type { PublicSiteSettings } from '../site/site-settings.service';

/** The name the site's heads use when the settings give none (frontend/src/lib/head/keys.ts). */
/** The theme colour of every page's `<meta name="theme-color">` (frontend/index.html). */
export const THEME_COLOR = '#8c5731';
export const BACKGROUND_COLOR = '#ffffff';

/** A home-screen label stays readable in about 12 characters. */
function shortName(name: string): string {
  if (name.length <= 12) return name;
  const words = name.split(/\s+/);
  let short = '';
  for (const word of words) {
    if (`${short} ${word}`.trim().length > 12) break;
    short = `${short} ${word}`.trim();
  }
  return short || name.slice(0, 12);
}

/**
 * The web app manifest (docs/offline.md): installable with the site's own name, its own icons (192 and
 * 512 px, one maskable), standalone, and shortcuts to the menu and to the nearest stand.
 */
export function webManifest(settings: Pick<PublicSiteSettings, 'brandName'> & { siteName?: string }) {
  const name = settings.siteName || DEFAULT_SITE_NAME;
  return {
    id: '/',
    name,
    short_name: shortName(name),
    description: `The unofficial fan guide to the ${settings.brandName} menu: drinks, estimated prices and nutrition, and every stand's hours.`,
    lang: 'en',
    dir: 'ltr',
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['food', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: 'Menu',
        short_name: 'Menu',
        description: 'Every drink with prices and nutrition',
        url: '/menu?source=pwa',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
      {
        name: 'Nearest stand',
        short_name: 'Nearest',
        description: 'The stands nearest to you, with their hours',
        url: '/locations?near=me&source=pwa',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
      {
        name: 'My drinks and stands',
        short_name: 'Saved',
        description: 'What you saved on this device',
        url: '/saved?source=pwa',
      },
    ],
  };
}
