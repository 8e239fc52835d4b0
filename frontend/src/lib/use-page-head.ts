import { serializeJsonLd, type SeoRecord } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { DEFAULT_SITE_SETTINGS, siteTitle } from '../config/site';
import { trackPageView } from './analytics';
import { apiGet } from './api-client';
import { isRecord, UnexpectedAnswerError } from './parse';
import { siteBundleQueryOptions } from './site-bundle';
import { useSiteOrigin } from './site-origin';

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
  /** The route type's template record (`menu/:category/:drink`), asked for when `pageKey` has no record. */
  templateKey?: string;
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
  /** Open Graph type; 'website' when not given. */
  type?: 'website' | 'article' | 'product';
  /**
   * False while the page's own data (the drink, the post) still loads, so the page view waits for the
   * final title; set it back to true when the data arrived or failed. True when not given.
   */
  ready?: boolean;
}

/** What ends up in the document head. */
export interface ResolvedHead {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  robots: string;
  ogTitle: string;
  ogDescription: string;
  image: string;
  type: string;
  siteName: string;
  jsonLd: object | object[] | null;
}

export interface HeadContext {
  pathname: string;
  /** Absolute origin of the site, without a trailing slash. */
  origin: string;
  brand: string;
  siteName: string;
  defaultImage: string;
}

export interface SeoAnswer {
  record: SeoRecord;
  /** True when the record is the route type's template rather than the page's own. */
  template: boolean;
}

const DEFAULT_OG_IMAGE = '/og-default.png';
/** The placeholders a record may carry; anything else in braces (a SearchAction's `{search_term_string}`) is kept. */
const PLACEHOLDER = /\{(name|category|state|city|excerpt|path|siteUrl|brand|siteName)\}/g;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The SEO record, checked with light code (no zod on public pages). */
export function parseSeoRecord(value: unknown): SeoRecord {
  if (!isRecord(value) || typeof value.title !== 'string') throw new UnexpectedAnswerError('/api/seo');
  const robots = text(value.robotsDirective);
  return {
    id: typeof value.id === 'number' ? value.id : 0,
    pageSlug: text(value.pageSlug) ?? '',
    title: value.title,
    description: text(value.description) ?? '',
    keywords: text(value.keywords) ?? '',
    canonicalUrl: text(value.canonicalUrl),
    ogTitle: text(value.ogTitle),
    ogDescription: text(value.ogDescription),
    ogImage: text(value.ogImage),
    robotsDirective: (robots && /^(no)?index,(no)?follow$/.test(robots) ? robots : 'index,follow') as SeoRecord['robotsDirective'],
    schemaMarkup: isRecord(value.schemaMarkup) ? value.schemaMarkup : null,
    isActive: value.isActive !== false,
  };
}

function seoPath(pageKey: string): string {
  return `/api/seo/${pageKey
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/%3A/gi, ':'))
    .join('/')}`;
}

/** One request: the page's own record, or (`?fallback=`) its route template's when it has none. */
async function fetchSeo(pageKey: string, templateKey: string | undefined, signal: AbortSignal): Promise<SeoAnswer> {
  const url = templateKey ? `${seoPath(pageKey)}?fallback=${encodeURIComponent(templateKey)}` : seoPath(pageKey);
  const record = parseSeoRecord(await apiGet(url, { signal }));
  return { record, template: Boolean(templateKey) && record.pageSlug === templateKey && templateKey !== pageKey };
}

/** SPEC section 7: no retry; a failure means the page's built-in defaults. Records change rarely: cached. */
export const seoQueryOptions = (pageKey: string, templateKey?: string) =>
  queryOptions({
    queryKey: ['/api/seo', pageKey, templateKey ?? null],
    queryFn: ({ signal }) => fetchSeo(pageKey, templateKey, signal),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });

function fill(value: string, values: Record<string, string>): string {
  return value.replace(PLACEHOLDER, (token, name: string) => values[name] ?? token);
}

/** A record's text with its placeholders filled, or null when one stays unfilled (the default is used). */
function filled(value: string | null | undefined, values: Record<string, string>): string | null {
  if (!value) return null;
  const out = fill(value, values);
  PLACEHOLDER.lastIndex = 0;
  return PLACEHOLDER.test(out) ? null : out;
}

function fillDeep(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') return fill(value, values);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, values));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values)]));
  return value;
}

function absolute(url: string, origin: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The stricter of two robots directives: noindex or nofollow from either side wins. */
function stricterRobots(a: string, b: string | undefined): string {
  const parts = `${a},${b ?? ''}`.toLowerCase();
  return `${parts.includes('noindex') ? 'noindex' : 'index'},${parts.includes('nofollow') ? 'nofollow' : 'follow'}`;
}

/** The head of a page: its SEO record (placeholders filled) over the page's own defaults. */
export function resolveHead(head: PageHead, answer: SeoAnswer | null, ctx: HeadContext): ResolvedHead {
  const path = head.canonicalPath ?? ctx.pathname;
  const values: Record<string, string> = {
    brand: ctx.brand,
    siteName: ctx.siteName,
    siteUrl: ctx.origin,
    path,
    ...head.placeholders,
  };
  const record = answer?.record.isActive ? answer.record : null;
  const title = filled(record?.title, values) ?? head.title;
  const description = filled(record?.description, values) ?? head.description ?? '';
  const canonical = filled(record?.canonicalUrl, values) ?? path;
  // a template's generic picture gives way to the entity's own
  const recordImage = answer?.template && head.image ? null : filled(record?.ogImage, values);
  return {
    title,
    description,
    keywords: filled(record?.keywords, values) ?? head.keywords ?? '',
    canonical: absolute(canonical, ctx.origin),
    robots: stricterRobots(record?.robotsDirective ?? 'index,follow', head.robots),
    ogTitle: filled(record?.ogTitle, values) ?? title,
    ogDescription: filled(record?.ogDescription, values) ?? description,
    image: absolute(recordImage ?? head.image ?? ctx.defaultImage, ctx.origin),
    type: head.type ?? 'website',
    siteName: ctx.siteName,
    jsonLd: record?.schemaMarkup ? (fillDeep(record.schemaMarkup, values) as object) : (head.jsonLd ?? null),
  };
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!content) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = content;
}

function upsertCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** One JSON-LD script element (the server-rendered one is reused), or none. */
function upsertJsonLd(value: object | object[] | null): void {
  const [first, ...rest] = Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]'));
  rest.forEach((s) => s.remove());
  if (!value) {
    first?.remove();
    return;
  }
  const script = first ?? document.head.appendChild(Object.assign(document.createElement('script'), { type: 'application/ld+json' }));
  script.textContent = serializeJsonLd(value);
}

/** Writes the resolved head into the document, updating the server-rendered tags in place. */
export function applyHead(head: ResolvedHead): void {
  document.title = head.title;
  upsertMeta('name', 'description', head.description);
  upsertMeta('name', 'keywords', head.keywords);
  upsertMeta('name', 'robots', head.robots);
  upsertCanonical(head.canonical);
  upsertMeta('property', 'og:type', head.type);
  upsertMeta('property', 'og:site_name', head.siteName);
  upsertMeta('property', 'og:title', head.ogTitle);
  upsertMeta('property', 'og:description', head.ogDescription);
  upsertMeta('property', 'og:url', head.canonical);
  upsertMeta('property', 'og:image', head.image);
  upsertMeta('name', 'twitter:card', 'summary_large_image');
  upsertMeta('name', 'twitter:title', head.ogTitle);
  upsertMeta('name', 'twitter:description', head.ogDescription);
  upsertMeta('name', 'twitter:image', head.image);
  upsertJsonLd(head.jsonLd);
}

/**
 * The page's head (title, description, keywords, canonical, robots, Open Graph, Twitter, JSON-LD) from its
 * SEO record with the given values as defaults, and the page view: one per route change, sent once the
 * head is settled so it carries the page's own title. A `replace` navigation that keeps the path (a filter,
 * search-as-you-type) refines the same view and sends none.
 */
export function usePageHead(head: PageHead): void {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const site = useQuery(siteBundleQueryOptions());
  const seo = useQuery({ ...seoQueryOptions(head.pageKey ?? '', head.templateKey), enabled: Boolean(head.pageKey) });

  const settings = site.data?.settings;
  const origin = useSiteOrigin();
  const brand = settings?.brandName || DEFAULT_SITE_SETTINGS.brandName;
  const resolved = resolveHead(head, head.pageKey ? (seo.data ?? null) : null, {
    pathname,
    origin,
    brand,
    siteName: settings?.siteName || siteTitle(brand),
    defaultImage: settings?.defaultOgImage || DEFAULT_OG_IMAGE,
  });
  const serialized = JSON.stringify(resolved);
  const settled = head.ready !== false && !site.isPending && (!head.pageKey || seo.isSuccess || seo.isError);

  useEffect(() => {
    applyHead(JSON.parse(serialized) as ResolvedHead);
  }, [serialized]);

  const lastView = useRef<{ pathname: string; search: string } | null>(null);
  const title = resolved.title;
  useEffect(() => {
    if (!settled) return;
    const last = lastView.current;
    if (last && last.pathname === pathname && last.search === search) return;
    lastView.current = { pathname, search };
    if (last && last.pathname === pathname && navigationType === 'REPLACE') return;
    trackPageView(pathname + search, title);
  }, [settled, pathname, search, navigationType, title]);
}
