/**
 * Client-side analytics (docs/decisions.md, "Analytics"): a page view per route change, a navigation-category
 * `search` event, `share_drink`. gtag loads only when a measurement id is configured; without one
 * the module logs a single console warning and sends nothing.
 */

type GtagArgs =
  [command: 'js', date: Date] | [command: 'config' | 'event', target: string, params?: Record<string, unknown>];

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: GtagArgs) => void;
  }
}

type State = { kind: 'pending'; queue: GtagArgs[] } | { kind: 'disabled' } | { kind: 'enabled' };

const MAX_QUEUED = 50;
let state: State = { kind: 'pending', queue: [] };
let warned = false;

function send(args: GtagArgs): void {
  if (state.kind === 'enabled') window.gtag?.(...args);
  else if (state.kind === 'pending' && state.queue.length < MAX_QUEUED) state.queue.push(args);
}

function loadGtag(measurementId: string): void {
  const dataLayer = (window.dataLayer = window.dataLayer ?? []);
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array copy
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

/** Called once the site settings are known; events sent before that are queued, then sent or dropped. */
export function configureAnalytics(measurementId: string | null | undefined): void {
  if (state.kind !== 'pending') return;
  const id = measurementId?.trim();
  if (!id) {
    state = { kind: 'disabled' };
    if (!warned) {
      warned = true;
      console.warn('Analytics measurement id is missing: analytics events are not sent.');
    }
    return;
  }
  const queued = state.queue;
  loadGtag(id);
  state = { kind: 'enabled' };
  queued.forEach(send);
}

export function trackPageView(path: string, title: string): void {
  send(['event', 'page_view', { page_path: path, page_title: title, page_location: window.location.href }]);
}

export function trackEvent(action: string, category: string, label?: string): void {
  send(['event', action, { event_category: category, event_label: label }]);
}

/** The search event carries the trimmed text; the URL keeps the untrimmed one (docs/decisions.md, "Input rules"). */
export function trackSearch(query: string): void {
  const term = query.trim();
  send(['event', 'search', { event_category: 'navigation', event_label: term, search_term: term }]);
}

export function trackShareDrink(drinkName: string): void {
  trackEvent('share_drink', 'engagement', drinkName);
}

/** Test hook: back to the state of a fresh page load. */
export function resetAnalyticsForTests(): void {
  state = { kind: 'pending', queue: [] };
  warned = false;
  delete window.gtag;
  delete window.dataLayer;
}
