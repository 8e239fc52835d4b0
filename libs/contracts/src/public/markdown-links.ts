import { isSitePath } from './contact-form';

/*
 * Addresses of links and pictures in stored Markdown (blog bodies, markdown page sections): apart from the
 * schemas, so that the public bundle can import them without bringing in zod.
 */

/**
 * An absolute http(s) URL or a path of this site; anything else (javascript:, data:, //host, and /\host,
 * which browsers read as //host) is not linked (docs/security.md, "Links from stored text").
 */
export function safeHref(url: string): string | null {
  if (url.startsWith('/')) return isSitePath(url) ? url : null;
  if (/^mailto:[^\s<>"']+$/i.test(url)) return url;
  return /^https?:\/\/[^\s<>"'`\\]+$/i.test(url) ? url : null;
}

/** A picture's address: an http(s) URL or a path of this site (no mailto:, no data:). */
export function safeImageSrc(url: string): string | null {
  const href = safeHref(url);
  return href && !href.toLowerCase().startsWith('mailto:') ? href : null;
}

/** `[text](url "title")` or `![alt](url)`; the address may hold one level of parentheses. */
const MARKDOWN_LINK = /(!?)\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)(\s+"[^"]*")?\)/g;

/**
 * Markdown with every link or picture whose address is not safe (safeHref) reduced to its text: what the
 * content service stores for a blog body, after removing HTML (services/content/src/common/sanitize.ts).
 */
export function withoutUnsafeLinks(source: string): string {
  return source.replace(MARKDOWN_LINK, (whole, bang: string, text: string, url: string) => {
    const ok = bang ? safeImageSrc(url) : safeHref(url);
    return ok ? whole : text;
  });
}
