/*
 * Loaded (and run) by the entry after the page's load event (docs/offline.md): registers the service worker, says
 * when the page is shown from the copy stored on this device ("You are offline - showing this page as of
 * HH:MM"), offers a new build's reload, and sends contact messages kept while offline. The notices are
 * one fixed bar outside the React tree: nothing in the page moves, nothing of it is server-rendered.
 */

interface HowServed {
  fromStore: boolean;
  storedAt: string | null;
}

/** Sends the contact messages kept offline (a page other than the contact page may be the one open then). */
function sendKept(): void {
  void import('../outbox/contact-outbox').then((outbox) => outbox.sendKept());
}

// One quiet bar at the bottom of the screen, over the page: showing it moves nothing.
const BAR_STYLE =
  'position:fixed;inset:auto 0 0 0;z-index:400;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:12px;' +
  'padding:10px 16px calc(10px + env(safe-area-inset-bottom));background:var(--mantine-color-dark-7);color:#fff;' +
  'font-size:var(--mantine-font-size-sm);box-shadow:0 -2px 8px rgb(0 0 0 / 20%)';
const BUTTON_STYLE =
  'padding:4px 12px;border:1px solid currentColor;border-radius:var(--mantine-radius-sm);background:transparent;color:inherit;font:inherit;font-weight:600;cursor:pointer';

let bar: HTMLElement | null = null;
let pageStoredAt: string | null = null;
let shownFromStore = false;
let reloading = false;

const hhmm = (iso: string | null) => {
  const date = iso ? new Date(iso) : new Date(performance.timeOrigin);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};

function show(kind: 'offline' | 'online' | 'update', text: string, action?: { label: string; run: () => void }): void {
  if (!bar) {
    bar = document.createElement('div');
    bar.style.cssText = BAR_STYLE;
    bar.setAttribute('role', 'status');
    bar.setAttribute('data-testid', 'status-bar');
    document.body.append(bar);
  }
  bar.dataset.kind = kind;
  bar.replaceChildren(Object.assign(document.createElement('span'), { textContent: text }));
  if (action) {
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: action.label });
    button.style.cssText = BUTTON_STYLE;
    button.addEventListener('click', action.run);
    bar.append(button);
  }
  bar.style.display = 'flex';
}

function hide(): void {
  if (bar) bar.style.display = 'none';
}

const showOffline = () => show('offline', `You are offline - showing this page as of ${hhmm(pageStoredAt)}`);

function ask(worker: ServiceWorker, url: string): Promise<HowServed | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 2000);
    channel.port1.onmessage = (event: MessageEvent<HowServed>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage({ type: 'HOW_SERVED', url }, [channel.port2]);
  });
}

async function checkHowServed(): Promise<void> {
  const worker = navigator.serviceWorker.controller;
  const answer = worker ? await ask(worker, location.href.split('#')[0]) : null;
  shownFromStore = Boolean(answer?.fromStore);
  pageStoredAt = shownFromStore ? (answer?.storedAt ?? null) : null;
  if (shownFromStore || !navigator.onLine) showOffline();
}

function offerReload(worker: ServiceWorker): void {
  show('update', 'New version available', {
    label: 'Reload',
    run: () => {
      reloading = true;
      worker.postMessage({ type: 'SKIP_WAITING' });
    },
  });
}

function watchUpdates(registration: ServiceWorkerRegistration): void {
  // Only a worker that replaces another is news: the first one simply starts keeping pages.
  if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerReload(worker);
    });
  });
  // The new build's worker took over after "Reload": the whole page reloads on it, never half old and half new.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) location.reload();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

function start(): void {
  if (!('serviceWorker' in navigator)) return;
  addEventListener('offline', showOffline);
  addEventListener('online', () => {
    sendKept();
    if (shownFromStore) show('online', 'You are back online', { label: 'Reload', run: () => location.reload() });
    else hide();
  });
  void checkHowServed();
  if (navigator.onLine) sendKept();
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(watchUpdates)
    .catch(() => undefined); // no worker (a private window, an old browser): the site works as before
}

start();

export {};
