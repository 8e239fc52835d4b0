import { SitemapController } from '../sitemap/sitemap.controller';
import { SitemapService } from '../sitemap/sitemap.service';
import { IndexHtml } from './index-html';
import { PageHeadService } from './page-head.service';

/** Registered in AppModule: the server-rendered page heads (used by the SPA route) and the sitemap. */
export const SEO_CONTROLLERS = [SitemapController];
export const SEO_PROVIDERS = [IndexHtml, PageHeadService, SitemapService];
