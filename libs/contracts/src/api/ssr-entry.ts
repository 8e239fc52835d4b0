// The server entry's exports (frontend/src/entry-server.tsx, built to dist-ssr/entry-server.cjs), as the BFF
// loads them (bff/src/render): one declaration both sides are checked against (docs/web.md "The render path").

/** What one render is asked for. */
export interface SsrInput {
  /** The path and query asked for (`/menu/classic?x=1`). */
  url: string;
  /** The site's origin (SITE_URL), no trailing slash. */
  origin: string;
  /** The page's instant (ms since the epoch) for open-now texts. */
  now: number;
}

/** How the server answers one API read of a render: the BFF's own route, in process, through its cache. */
export type SsrApiReader = (
  path: string,
) => Promise<{ status: number; body: string; headers?: Record<string, string> }>;

/** A rendered page, as the BFF serves it; `Extra` is what the entry adds for its own tests. */
export type SsrPage<Extra extends object = object> = {
  kind: 'page';
  /** 200, 404 for a route's not-found view, 503 when a read failed (the page shows its error). */
  status: number;
  /** False when a read failed: the page is served, not kept. */
  cacheable: boolean;
  /** The head's tags. */
  head: string;
  /** The markup of #root. */
  html: string;
  /** The JSON for `<script type="application/json" id="ssr-data">`, escaped for a script element. */
  data: string;
  /** Source modules of the matched routes (keys of the Vite manifest): their CSS and chunks go in the head. */
  modules: string[];
  /** Names of the chunks loaded before hydration that the page rendered: the same. */
  chunks?: string[];
} & Extra;

/** What `render` answers: a page, or a redirect. */
export type SsrResult<Extra extends object = object> =
  { kind: 'redirect'; status: number; location: string } | SsrPage<Extra>;

/** The server entry's module. */
export interface SsrEntry {
  /** Called once: every API read of a render goes to `reader`. */
  configure(reader: SsrApiReader): void;
  render(input: SsrInput): Promise<SsrResult>;
}
