import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
// The server entry's exports (frontend/src/entry-server.tsx, built to dist-ssr/entry-server.cjs).
import type { SsrEntry } from '@coffee-guide/contracts';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import {
  AdmissionService,
  BudgetSpentError,
  RENDER_READ_HEADER,
  RenderBusyError,
} from '../admission/admission.service';
import { CacheKeys, type CacheTag } from '../cache/cache-keys';
import { CacheService, type CachedAnswer } from '../cache/cache.service';
import { validUntilOf, VALID_UNTIL_HEADER } from '../cache/serve-cached';
import { BFF_ENV, type BffEnv } from '../config/env';
import type { LeanResolver, LeanRoute } from '../lean';
import { canonicalPageQuery, searchOf, tagsOfRead } from '../routes/query-table';
import { PAGE_ROUTES, ROUTE_REDIRECTS, tagsOfRoute, type PageRoute } from '@coffee-guide/contracts';
import { matchRoute } from '../seo/routes';
import { readPageTemplate, routeAssets, type PageTemplate } from './page-template';
import { RenderPool, type SsrInput, type SsrResult } from './render-pool';

/** Runs the server entry: in the render workers, or on the main thread (RENDER_IN_WORKERS=false). */
interface SsrRenderer {
  render(input: SsrInput, reads: RenderReads): Promise<SsrResult>;
}

/** What the page route answers: a cached page, a page made for this request, or a redirect. */
export type PageOutcome =
  | { kind: 'cached'; answer: CachedAnswer }
  /** `retryAfter`: seconds, on a 503 of render admission or a 429 of the address's budget. */
  | { kind: 'html'; status: number; body: Buffer; retryAfter?: number }
  | { kind: 'redirect'; location: string };

/** An answer a render reads instead of the BFF's own route (a preview's draft), or undefined: the route's. */
export type ReadOverride = (
  apiPath: string,
  load: () => Promise<{ status: number; body: string }>,
) => Promise<{ status: number; body: string }> | undefined;

/** What one render read, gathered across its reads (renders run concurrently: one store each). */
interface RenderReads {
  tags: Set<CacheTag>;
  validUntil?: number;
  ip?: string;
  requestId?: string;
}

/** A page that is served but not kept (a not-found view, a failed read). */
class NotKept extends Error {
  constructor(
    readonly status: number,
    readonly body: Buffer,
  ) {
    super('page not kept');
  }
}

class Moved extends Error {
  constructor(readonly location: string) {
    super(`moved to ${location}`);
  }
}

const MAX_URL = 2000;
/** First path segments of the route manifest's patterns (the sections a not-found view is rendered for, one entry each). */
const NAV_SECTIONS = new Set(
  [...Object.values(PAGE_ROUTES), ...ROUTE_REDIRECTS].map((r) => r.pattern.split('/')[1]).filter(Boolean),
);
/** Page paths whose lean-path route one replica remembers (then it starts over). */
const LEAN_ROUTES_KEPT = 5000;
/**
 * The public pages rendered on the server (docs/web.md "The render path"): the frontend's server build
 * renders the route with its data, read from the BFF's own cached public reads in process (Fastify's
 * inject: no socket, no HTTP hop). The HTML is cached by URL in the tag cache with the tags of what it read,
 * never fresh past the earliest valid-until of its data; a not-found view answers 404 and is not kept; a
 * render that fails serves the client shell with a 500. The admin is the client shell.
 */
@Injectable()
export class ServerRenderService implements OnApplicationShutdown {
  private readonly logger = new Logger(ServerRenderService.name);
  private readonly reads = new AsyncLocalStorage<RenderReads>();
  private template?: PageTemplate | null;
  /** The build's CSS files by name, read once: a rendered page carries the CSS it uses inline. */
  private readonly cssFiles = new Map<string, string | null>();
  private entry?: SsrRenderer | null;
  private pool?: RenderPool;
  /** The framework's handler of the page route (`*`), found once (reachesPages). */
  private pagesHandler?: unknown;
  /** The overrides of the previews rendering now, by their render's request id (bff/src/preview). */
  private readonly overrides = new Map<string, ReadOverride>();

  constructor(
    private readonly cache: CacheService,
    private readonly adapterHost: HttpAdapterHost,
    private readonly admission: AdmissionService,
    @Inject(BFF_ENV) private readonly env: BffEnv,
  ) {}

  get staleSeconds(): number {
    return this.cache.staleSeconds;
  }

  /** The built frontend, read once it exists. */
  private pageTemplate(): PageTemplate | null {
    if (this.template) return this.template;
    const template = readPageTemplate(this.env.FRONTEND_DIST);
    if (template) this.template = template;
    return template;
  }

  /**
   * The server entry, loaded once (null when the frontend's server build is missing): in RENDER_WORKERS
   * worker threads, each loading it once, whose reads come back to this thread with the render they belong
   * to; or with RENDER_IN_WORKERS=false on this thread, a render's reads told apart by AsyncLocalStorage.
   */
  private serverEntry(): SsrRenderer | null {
    if (this.entry !== undefined) return this.entry;
    const file = path.resolve(this.env.FRONTEND_DIST, '..', 'dist-ssr', 'entry-server.cjs');
    if (!existsSync(file)) {
      this.logger.warn(`no server build at ${file}: pages are served as the client shell (npm run build)`);
      this.entry = null;
      return null;
    }
    if (this.env.RENDER_IN_WORKERS) {
      const pool = new RenderPool(
        file,
        this.env.RENDER_WORKERS,
        this.env.RENDER_TIMEOUT_MS,
        (error) => this.logger.error(`${error.message}; a new render worker takes its place`),
        { nice: this.env.RENDER_WORKER_NICE },
      );
      pool.warm();
      this.pool = pool;
      this.entry = { render: (input, reads) => pool.render(input, (apiPath) => this.read(apiPath, reads)) };
      return this.entry;
    }
    const entry = require(file) as SsrEntry;
    entry.configure((apiPath) => this.read(apiPath, this.reads.getStore()));
    this.entry = { render: (input, reads) => this.reads.run(reads, () => entry.render(input)) };
    return this.entry;
  }

  /** The render workers, when they run (for tests). */
  get renderPool(): RenderPool | undefined {
    return this.pool;
  }

  async onApplicationShutdown(): Promise<void> {
    // after the HTTP server has finished its in-flight requests (Nest calls onModuleDestroy before it closes)
    await this.pool?.close();
  }

  /** One public read of a render: the BFF's own route, in process, through its cache. */
  private async read(apiPath: string, store: RenderReads | undefined): Promise<{ status: number; body: string }> {
    const override = store?.requestId ? this.overrides.get(store.requestId) : undefined;
    const overridden = override?.(apiPath, () => this.read(apiPath, { ...store!, requestId: undefined }));
    if (overridden) return overridden;
    for (const tag of tagsOfRead(apiPath)) store?.tags.add(tag);
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const res = await fastify.inject({
      method: 'GET',
      url: apiPath,
      headers: {
        accept: 'application/json',
        // counted with its render, not once more as an API load (bff/src/admission)
        [RENDER_READ_HEADER]: this.admission.renderReadToken,
        ...(store?.requestId ? { 'x-request-id': store.requestId } : {}),
      },
      ...(store?.ip ? { remoteAddress: store.ip } : {}),
    });
    const validUntil = validUntilOf(res.headers[VALID_UNTIL_HEADER] as string | undefined);
    if (store && validUntil !== undefined) store.validUntil = Math.min(store.validUntil ?? Infinity, validUntil);
    return { status: res.statusCode, body: res.body };
  }

  /**
   * The page of a URL. Its cache key is its path and the query parameters its route reads, normalised
   * (bff/src/routes/query-table.ts): any other parameter is served the canonical entry, which is rendered
   * from the canonical URL. A value outside its domain is rendered for this request and not kept; a path
   * no page can have is a 404 without a render. Every render runs under admission (bff/src/admission).
   */
  async page(url: string, visitor: { ip?: string; requestId?: string } = {}): Promise<PageOutcome> {
    const template = this.pageTemplate();
    if (!template) return { kind: 'html', status: 200, body: Buffer.from(NOT_BUILT) };
    if (url.length > MAX_URL) return { kind: 'html', status: 404, body: Buffer.from(noindex(template.shell)) };
    const match = matchRoute(url);
    if (match.kind === 'redirect') return match;
    if (match.kind === 'malformed') return { kind: 'html', status: 404, body: Buffer.from(noindex(template.shell)) };
    // the route manifest's `shell` routes (the admin) are the client shell, never rendered nor kept
    if (match.kind === 'page' && PAGE_ROUTES[match.name].cache === 'shell')
      return { kind: 'html', status: 200, body: Buffer.from(noindex(template.shell)) };
    const entry = this.serverEntry();
    if (!entry) return { kind: 'html', status: 200, body: Buffer.from(template.shell) };

    if (match.kind === 'unmatched') return this.notFound(entry, template, url, visitor);
    const canonical = canonicalPageQuery(match.route, searchOf(url));
    // outside a parameter's domain: the page says what it left out, for this request only
    if (!canonical.ok) return this.uncachedRender(entry, template, url, visitor);
    const pageUrl = canonical.query ? `${match.path}?${canonical.query}` : match.path;
    try {
      const answer = await this.cache.getOrSet(CacheKeys.page(template.build, pageUrl), async () => {
        const page = await this.admitted(visitor, () => this.render(entry, template, pageUrl, visitor, match.route));
        if (page instanceof Moved) throw page;
        if (page.status !== 200 || !page.cacheable) throw new NotKept(page.status, page.body);
        return { body: page.body, validUntil: page.validUntil, tags: page.tags };
      });
      return { kind: 'cached', answer };
    } catch (error) {
      return this.outcomeOf(pageUrl, error, template);
    }
  }

  /**
   * The not-found view of a path no route has. It does not depend on the path, only on the section the
   * navigation marks (`/menu/a/b/c` is under the menu): one entry per section, rendered from a stand-in path,
   * served with its 404 and no-cache, so an address made up at random costs no render.
   */
  private async notFound(
    entry: SsrRenderer,
    template: PageTemplate,
    url: string,
    visitor: { ip?: string; requestId?: string },
  ): Promise<PageOutcome> {
    const section = notFoundSection(url);
    const standIn = `/${section}/-/-/-/-`;
    try {
      const answer = await this.cache.getOrSet(CacheKeys.page(template.build, `/404/${section}`), async () => {
        const page = await this.admitted(visitor, () => this.render(entry, template, standIn, visitor));
        if (page instanceof Moved) throw page;
        if (page.status !== 404 || !page.cacheable) throw new NotKept(page.status, page.body);
        return { body: page.body, validUntil: page.validUntil, tags: page.tags };
      });
      return { kind: 'html', status: 404, body: answer.body };
    } catch (error) {
      return this.outcomeOf(url, error, template);
    }
  }

  /** A render that is served, never kept (a value outside its domain). */
  private async uncachedRender(
    entry: SsrRenderer,
    template: PageTemplate,
    url: string,
    visitor: { ip?: string; requestId?: string },
  ): Promise<PageOutcome> {
    try {
      const page = await this.admitted(visitor, () => this.render(entry, template, url, visitor));
      return page instanceof Moved
        ? { kind: 'redirect', location: page.location }
        : { kind: 'html', status: page.status, body: page.body };
    } catch (error) {
      return this.outcomeOf(url, error, template);
    }
  }

  /**
   * A preview (bff/src/preview, docs/web.md "Drafts and previews"): the page rendered for this request with
   * `override` answering its reads first, never looked up in the page cache nor kept there.
   */
  async preview(
    url: string,
    visitor: { ip?: string; requestId?: string },
    override: ReadOverride,
  ): Promise<PageOutcome> {
    const template = this.pageTemplate();
    if (!template) return { kind: 'html', status: 200, body: Buffer.from(NOT_BUILT) };
    const entry = this.serverEntry();
    if (!entry) return { kind: 'html', status: 200, body: Buffer.from(noindex(template.shell)) };
    const requestId = `${visitor.requestId ?? ''}:preview:${randomUUID()}`;
    this.overrides.set(requestId, override);
    try {
      const page = await this.admitted(visitor, () => this.render(entry, template, url, { ...visitor, requestId }));
      if (page instanceof Moved) return { kind: 'redirect', location: page.location };
      return { kind: 'html', status: page.status, body: Buffer.from(noindex(page.body.toString('utf8'))) };
    } catch (error) {
      return this.outcomeOf(url, error, template);
    } finally {
      this.overrides.delete(requestId);
    }
  }

  /** A render counted against the visitor's budget, in a render slot. */
  private async admitted<T>(visitor: { ip?: string }, render: () => Promise<T>): Promise<T> {
    await this.admission.charge(visitor.ip);
    return this.admission.withRenderSlot(render);
  }

  private outcomeOf(url: string, error: unknown, template: PageTemplate): PageOutcome {
    if (error instanceof Moved) return { kind: 'redirect', location: error.location };
    if (error instanceof NotKept) return { kind: 'html', status: error.status, body: error.body };
    if (error instanceof RenderBusyError || error instanceof BudgetSpentError) {
      return {
        kind: 'html',
        status: error.getStatus(),
        body: Buffer.from(noindex(template.shell)),
        retryAfter: error.retryAfterSeconds,
      };
    }
    const page = this.failed(url, error, template);
    return { kind: 'html', status: page.status, body: page.body };
  }

  /** A page the server could not render: the client shell, which renders it in the browser. */
  private failed(url: string, error: unknown, template: PageTemplate) {
    this.logger.error(
      `render of ${url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return { status: 500, body: Buffer.from(noindex(template.shell)), cacheable: false };
  }

  /**
   * One render. Its tags are those the route manifest declares for the route's reads (docs/routes.md: a read
   * carries the tags of every service whose figures it carries), with those of any read it made besides.
   */
  private async render(
    entry: SsrRenderer,
    template: PageTemplate,
    url: string,
    visitor: { ip?: string; requestId?: string },
    route?: PageRoute,
  ) {
    const reads: RenderReads = {
      tags: new Set(route ? tagsOfRoute(route) : []),
      ip: visitor.ip,
      requestId: visitor.requestId,
    };
    const result = await entry.render({ url, origin: this.env.SITE_URL, now: Date.now() }, reads);
    if (result.kind === 'redirect') return new Moved(result.location);
    const assets = routeAssets(template.manifest, result.modules, result.chunks);
    const links = [
      ...this.inlineCss([...template.entryCss, ...assets.css]),
      bootScript(template.entryScript, assets.js),
    ];
    const html =
      `${template.head}\n    ${result.head}\n    ${links.join('\n    ')}\n  ${template.bodyStart}${result.html}</div>` +
      `\n    <script type="application/json" id="ssr-data">${result.data}</script>` +
      template.bodyEnd.replace(/^<\/div>/, '');
    return {
      status: result.status,
      cacheable: result.cacheable,
      body: Buffer.from(html, 'utf8'),
      tags: [...reads.tags],
      validUntil: reads.validUntil,
    };
  }

  /**
   * The page's stylesheets as one `<style>` (the CSP allows inline styles), in the order they would be
   * linked: the first paint waits for no stylesheet request (a phone on a slow network paid a round trip
   * per file, and a page uses a dozen: Mantine's CSS is per component). A file that cannot be read is linked.
   */
  private inlineCss(files: readonly string[]): string[] {
    const texts: string[] = [];
    const named: string[] = [];
    const linked: string[] = [];
    for (const file of files) {
      const text = this.cssText(file);
      if (text === null) {
        linked.push(`<link rel="stylesheet" crossorigin href="/${file}">`);
        continue;
      }
      texts.push(text);
      // also named by a disabled link, which the browser never fetches: the client's loader skips a route
      // chunk's stylesheet when a link to it is in the page, so navigating does not download it again
      named.push(`<link rel="stylesheet" href="/${file}" disabled>`);
    }
    return [...(texts.length > 0 ? [`<style data-page-css>${texts.join('\n')}</style>`] : []), ...named, ...linked];
  }

  private cssText(file: string): string | null {
    let text = this.cssFiles.get(file);
    if (text === undefined) {
      try {
        // a stylesheet cannot end the element early: `</style` never occurs in a build's CSS, but be sure
        text = readFileSync(path.join(this.env.FRONTEND_DIST, file), 'utf8').replace(/<\/style/gi, '<\\/style');
      } catch {
        text = null;
      }
      this.cssFiles.set(file, text);
    }
    return text;
  }

  /**
   * The lean path's resolver for rendered pages: a page path (normalised) whose fresh page is in this
   * replica's memory is sent from there without the framework, with a query string too when its canonical
   * entry is (a cache-buster costs what a cached page costs: docs/security.md "The main thread under hostile
   * traffic").
   */
  leanResolver(): LeanResolver {
    // A path's route (or that it has none) is worked out once and remembered, so a hit does no route
    // matching and builds no key or closures per request; bounded, since any path can be asked for.
    const known = new Map<string, LeanRoute | null>();
    let knownBuild: string | undefined;
    return (pathname) => {
      if (pathname.startsWith('/api') || pathname.length > MAX_URL) return undefined;
      const template = this.template;
      if (!template) return undefined;
      if (knownBuild !== template.build) {
        known.clear();
        knownBuild = template.build;
      }
      let route = known.get(pathname);
      if (route === undefined) {
        route = this.leanRoute(template, pathname);
        if (known.size >= LEAN_ROUTES_KEPT) known.clear();
        known.set(pathname, route);
      }
      return route ?? undefined;
    };
  }

  private leanRoute(template: PageTemplate, pathname: string): LeanRoute | null {
    const match = matchRoute(pathname);
    if ((match.kind === 'unmatched' || match.kind === 'malformed') && this.reachesPages(pathname))
      return this.leanNotFound(template, pathname, match.kind);
    if (match.kind !== 'page' || match.path !== pathname || PAGE_ROUTES[match.name].cache === 'shell') return null;
    const key = CacheKeys.page(template.build, pathname);
    return {
      route: '/*',
      contentType: 'text/html; charset=utf-8',
      lookup: () => this.cache.peekFresh(key),
      lookupQuery: (query) => this.leanQueryEntry(template, pathname, query),
      staleSeconds: (entry) => ((entry as CachedAnswer).validUntil === undefined ? this.cache.staleSeconds : 0),
      xCache: 'memory',
      compressFromBytes: 0,
      onHit: () => this.cache.countMemoryHit(),
    };
  }

  /**
   * The entry `page` serves a page path with a query string: the one under its canonical key (docs/web.md
   * "Canonical cache keys"), when fresh in memory. A value outside a parameter's domain goes to the framework.
   */
  private leanQueryEntry(template: PageTemplate, pathname: string, query: string): CachedAnswer | undefined {
    const url = `${pathname}?${query}`;
    if (url.length > MAX_URL) return undefined;
    const match = matchRoute(url);
    if (match.kind !== 'page' || match.path !== pathname) return undefined;
    const canonical = canonicalPageQuery(match.route, searchOf(url));
    if (!canonical.ok) return undefined;
    return this.cache.peekFresh(
      CacheKeys.page(template.build, canonical.query ? `${pathname}?${canonical.query}` : pathname),
    );
  }

  /**
   * A path no page has, answered as `page` answers it, without the framework: the section's not-found view
   * when it is fresh in memory (an unmatched path), or the client shell marked noindex (a malformed one),
   * each a 404 with no-cache. Not for a path with a dot (it may be a file of the build) nor under
   * /locations (an old address there is a 301, docs/web.md).
   */
  private leanNotFound(template: PageTemplate, pathname: string, kind: 'unmatched' | 'malformed'): LeanRoute | null {
    if (pathname.includes('.') || /^\/locations(\/|$)/i.test(pathname)) return null;
    const route = { route: '/*', contentType: 'text/html; charset=utf-8', status: 404, staleSeconds: () => 0 };
    if (kind === 'malformed') {
      const shell: CachedAnswer = {
        body: Buffer.from(noindex(template.shell)),
        etag: '',
        freshUntil: Number.MAX_SAFE_INTEGER,
      } as CachedAnswer;
      return { ...route, lookup: () => shell };
    }
    const key = CacheKeys.page(template.build, `/404/${notFoundSection(pathname)}`);
    return { ...route, lookup: () => this.cache.peekFresh(key), onHit: () => this.cache.countMemoryHit() };
  }

  /**
   * Whether the framework would send a path to the page route (`*`), not to another of its routes: the lean
   * path answers for the page route only. Known once the routes are registered (after `init`).
   */
  private reachesPages(pathname: string): boolean {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return false;
    this.pagesHandler ??= fastify.findRoute({ method: 'GET', url: '/-/-/-/-/-/-/-/-' })?.handler;
    return (
      this.pagesHandler !== undefined &&
      fastify.findRoute({ method: 'GET', url: pathname })?.handler === this.pagesHandler
    );
  }
}

/** The section whose not-found view a path gets: its first segment when the navigation marks it, else `-`. */
function notFoundSection(url: string): string {
  const first =
    url
      .split(/[?#]/, 1)[0]
      .split('/')
      .find((s) => s !== '')
      ?.toLowerCase() ?? '';
  return NAV_SECTIONS.has(first) ? first : '-';
}

const NOT_BUILT =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body>\n    <p>The frontend is not built: run npm run build.</p>\n  </body>\n</html>\n';

/** The shell with robots told to keep away (the admin, an error). */
/**
 * The page's JavaScript, asked for by `/boot.js` once the page has painted (frontend/public/boot.js): the
 * entry module and the route's chunks (preloaded then, so they load beside the entry, not after it).
 */
function bootScript(entry: string | null, modules: readonly string[]): string {
  if (!entry) return '';
  const list = modules.map((file) => `/${file}`).join(' ');
  return `<script defer src="/boot.js" data-entry="/${entry}"${list ? ` data-modules="${list}"` : ''}></script>`;
}

function noindex(shell: string): string {
  return shell.replace(/<\/head>/i, '  <meta name="robots" content="noindex,nofollow">\n  </head>');
}
