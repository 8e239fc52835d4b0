import { COMPARE_MAX } from '@coffee-guide/domain';
import { useEffect, useSyncExternalStore } from 'react';

/** A drink in the compare tray: enough to list it and link to the comparison. */
export interface TrayDrink {
  slug: string;
  name: string;
}

const STORAGE_KEY = 'compareTray';
const EMPTY: readonly TrayDrink[] = [];
let items: readonly TrayDrink[] = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

function read(): readonly TrayDrink[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(raw)) return EMPTY;
    const kept = raw
      .filter((d): d is TrayDrink => typeof d?.slug === 'string' && typeof d?.name === 'string')
      .slice(0, COMPARE_MAX);
    // the same empty tray as the server's: an empty reload re-renders no compare button
    return kept.length > 0 ? kept : EMPTY;
  } catch {
    return EMPTY;
  }
}

function load() {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  items = read();
  // another tab changed the tray
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    items = read();
    listeners.forEach((l) => l());
  });
}

function write(next: readonly TrayDrink[]) {
  items = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // private mode: the tray lasts as long as the page
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  load();
  listeners.add(listener);
  // the first subscriber after hydration shows what a reload kept
  listener();
  return () => listeners.delete(listener);
}

/** What the tray can do; `add` answers false when it is full (four drinks). */
export const compareTray = {
  add(drink: TrayDrink): boolean {
    load();
    if (items.some((d) => d.slug === drink.slug)) return true;
    if (items.length >= COMPARE_MAX) return false;
    write([...items, { slug: drink.slug, name: drink.name }]);
    return true;
  },
  remove(slug: string) {
    load();
    write(items.filter((d) => d.slug !== slug));
  },
  clear() {
    write(EMPTY);
  },
};

/**
 * The drinks in the tray, kept in local storage so they survive a reload. Empty while rendering on the
 * server and during hydration (the server snapshot), read after mount.
 */
export function useCompareTray(): readonly TrayDrink[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  );
}

// One compare button on the page shows the tray (the first mounted); when it goes, the next one takes over.
const hosts: symbol[] = [];
const hostListeners = new Set<() => void>();

/** Tells the buttons only when the host changed (a page of cards mounts dozens of buttons at once). */
function changingHost(change: () => void) {
  const before = hosts[0];
  change();
  if (hosts[0] !== before) hostListeners.forEach((l) => l());
}

function claim(id: symbol) {
  changingHost(() => hosts.push(id));
  return () => changingHost(() => hosts.splice(hosts.indexOf(id), 1));
}

/** True for the one compare button that renders the tray; false on the server and during hydration. */
export function useTrayHost(id: symbol): boolean {
  useEffect(() => claim(id), [id]);
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => hosts[0] === id,
    () => false,
  );
}
