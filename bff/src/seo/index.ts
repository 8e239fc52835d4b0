import { ServerRenderService } from '../render/server-render.service';
import { SitemapController } from '../sitemap/sitemap.controller';
import { SitemapService } from '../sitemap/sitemap.service';

/** Registered in AppModule: the server render of the pages (used by the page route) and the sitemap. */
export const SEO_CONTROLLERS = [SitemapController];
export const SEO_PROVIDERS = [ServerRenderService, SitemapService];
