import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from './analytics';

export interface PageHead {
  /** Built-in title, used when the SEO record cannot be had. */
  title: string;
  description?: string;
  /**
   * Key of the page's SEO record (DESIGN.md: the path without its leading slash, `home` for `/`; item pages
   * fall back to their route type's template such as `menu/:category/:drink`). When set, the record from
   * `/api/seo/{pageKey}` fills the head; the other fields here are the defaults when that fails.
   */
  pageKey?: string;
  /** Values for the `{name}`, `{category}`, `{state}`, `{city}`, `{excerpt}` placeholders of a template record. */
  placeholders?: Record<string, string>;
  keywords?: string;
  /** Path of the page's preview image (a drink's or post's own picture on entity pages). */
  image?: string;
  /** Canonical path; defaults to the current path. */
  canonicalPath?: string;
  robots?: string;
  /** JSON-LD built from the page's data (used when the record has none). */
  jsonLd?: object | object[];
}

function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/**
 * Document title and meta description per route (the full SEO head comes later), and the route's
 * page view: sent from here so it carries the page's own title, once per location.
 */
export function usePageHead({ title, description }: PageHead): void {
  const { pathname, search } = useLocation();
  const titleRef = useRef(title);

  useEffect(() => {
    titleRef.current = title;
    document.title = title;
    if (description) setMetaDescription(description);
  }, [title, description]);

  useEffect(() => {
    trackPageView(pathname + search, titleRef.current);
  }, [pathname, search]);
}
