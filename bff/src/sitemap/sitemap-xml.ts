/** One URL of the sitemap: a path of the site and when what it shows last changed (ISO). */
export interface SitemapUrl {
  path: string;
  lastmod: string;
}

export interface SitemapFile {
  /** `pages-1.xml`, `locations-1.xml`, ... */
  name: string;
  urls: SitemapUrl[];
}

/** The protocol's limit of URLs per file (sitemaps.org). */
export const MAX_URLS_PER_FILE = 50_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (value: string): string => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** W3C date-time without milliseconds. */
export const w3cDate = (iso: string): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A group of URLs in files of at most `max` URLs each, numbered from 1. */
export function chunkFiles(group: string, urls: SitemapUrl[], max = MAX_URLS_PER_FILE): SitemapFile[] {
  const files: SitemapFile[] = [];
  for (let i = 0; i < urls.length; i += max)
    files.push({ name: `${group}-${files.length + 1}.xml`, urls: urls.slice(i, i + max) });
  return files;
}

const latest = (urls: SitemapUrl[]) => urls.reduce((max, u) => (u.lastmod > max ? u.lastmod : max), '');

export function renderUrlset(file: SitemapFile, siteUrl: string): string {
  const lines = file.urls.map(
    (u) => `  <url><loc>${xmlEscape(siteUrl + u.path)}</loc><lastmod>${w3cDate(u.lastmod)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

export function renderIndex(files: SitemapFile[], siteUrl: string): string {
  const lines = files.map((f) => {
    const lastmod = latest(f.urls);
    return `  <sitemap><loc>${xmlEscape(`${siteUrl}/sitemaps/${f.name}`)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`;
}
