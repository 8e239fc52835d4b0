import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { trackPageView } from './analytics';
import { headSite, seoKeys, type HeadData, type HeadRoute, type HeadSite, type SeoLookup } from './head/keys';
import { seoQueryOptions, type SeoAnswer } from './seo-query';
import { siteBundleQueryOptions } from './site-bundle';
import { claimServerHead } from './ssr-payload';
import { useSiteOrigin } from './site-origin';

export interface PageHeadOptions {
  /**
   * False while the page's own data (the drink, the post) still loads: the head stays as it is and the page
   * view waits for the final title; true once the data arrived or is known missing. True when not given.
   */
  ready?: boolean;
}

/** The page's SEO record (its own, else its route type's template) as the head module takes it. */
function seoLookup(answer: SeoAnswer | undefined): SeoLookup | null {
  return answer ? { record: answer.record, template: answer.template } : null;
}

/** What the page's head is built from, as the page gave it during render. */
export interface HeadInput {
  route: HeadRoute;
  data: HeadData;
  site: HeadSite;
}

/**
 * The server render's collector: the page's head input, written during render (the server renders once
 * per collector and runs no effects), from which the server builds the head into the HTML.
 */
export const HeadCollectorContext = createContext<{ input?: HeadInput } | null>(null);

/**
 * The page's head (title, description, keywords, canonical, robots, Open Graph, Twitter, JSON-LD) built by
 * the head module (lib/head) from the route, its data and its SEO record, the same function the server
 * render uses; and the page view: one per route change, sent once the head is settled so it carries the
 * page's own title. A `replace` navigation that keeps the path (a filter, search-as-you-type) refines the
 * same view and sends none.
 */
export function usePageHead(
  route: HeadRoute,
  data: Omit<HeadData, 'seo'> = {},
  { ready = true }: PageHeadOptions = {},
): void {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const site = useQuery(siteBundleQueryOptions());
  const origin = useSiteOrigin();
  const [pageKey, templateKey] = seoKeys(route);
  const seo = useQuery({ ...seoQueryOptions(pageKey ?? '', templateKey), enabled: Boolean(pageKey) });

  const headInput: HeadInput = {
    route,
    data: { ...data, seo: seoLookup(seo.data) },
    site: headSite(site.data?.settings, origin),
  };
  const input = JSON.stringify(headInput);
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.input = headInput;
  // What the page view needs, as of the last commit. Refs, not state: the head is written after render,
  // and a state change here would render the whole page again (the hook lives in the route component).
  const settledData = ready && !site.isPending && (!pageKey || seo.isSuccess || seo.isError);
  const view = useRef({ settledData, input, pathname, search, navigationType });
  const written = useRef<{ input: string; title: string } | null>(null);
  const lastView = useRef<{ pathname: string; search: string } | null>(null);
  const trackOnceSettled = useCallback(() => {
    const now = view.current;
    if (!now.settledData || written.current?.input !== now.input) return;
    const last = lastView.current;
    if (last && last.pathname === now.pathname && last.search === now.search) return;
    lastView.current = { pathname: now.pathname, search: now.search };
    if (last && last.pathname === now.pathname && now.navigationType === 'REPLACE') return;
    trackPageView(now.pathname + now.search, written.current.title);
  }, []);
  useEffect(() => {
    view.current = { settledData, input, pathname, search, navigationType };
    trackOnceSettled();
  }, [settledData, input, pathname, search, navigationType, trackOnceSettled]);

  // The builder and its JSON-LD load after render, in a chunk of their own: the server render wrote this
  // page's head into the HTML already, so the first load does not wait for them.
  useEffect(() => {
    // the first head of a server-rendered page is the server's, from this same input (only the first effect may claim it)
    const writtenByServer = claimServerHead();
    if (!ready) return;
    if (writtenByServer) {
      written.current = { input, title: document.title };
      trackOnceSettled();
      return;
    }
    let live = true;
    void import('./head/client').then(({ applyHead, buildPageHead }) => {
      if (!live) return;
      const { route, data, site } = JSON.parse(input) as { route: HeadRoute; data: HeadData; site: HeadSite };
      const head = buildPageHead(route, data, site);
      applyHead(head);
      written.current = { input, title: head.title };
      trackOnceSettled();
    });
    return () => {
      live = false;
    };
  }, [input, ready, trackOnceSettled]);
}
