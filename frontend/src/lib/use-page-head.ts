import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from './analytics';

export interface PageHead {
  title: string;
  description?: string;
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
