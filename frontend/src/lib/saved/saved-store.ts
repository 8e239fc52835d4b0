import type { Drink, Location } from '@coffee-guide/contracts';

/*
 * My drinks and my stands: kept on this device only (local storage), never sent to the server. Each entry
 * is the item as its page last showed it, so /saved lists prices and today's hours without a network.
 * Read in effects only (docs/offline.md): the server renders every heart un-saved.
 */

export type SavedKind = 'drink' | 'stand';
/** A drink as the menu lists it (a drink page's detail is kept without its nutrition and related drinks). */
export type SavedDrink = Drink;
export type SavedStand = Location;
export interface SavedItems {
  drinks: SavedDrink[];
  stands: SavedStand[];
}

export const SAVED_STORAGE_KEY = 'cg:saved:v1';
const EMPTY: SavedItems = { drinks: [], stands: [] };

let memo: { raw: string | null; items: SavedItems } | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // blocked storage (privacy modes): nothing is kept, the hearts still show
  }
}

function parse(raw: string | null): SavedItems {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<SavedItems>;
    return {
      drinks: Array.isArray(value.drinks) ? value.drinks : [],
      stands: Array.isArray(value.stands) ? value.stands : [],
    };
  } catch {
    return EMPTY;
  }
}

/** Everything saved, most recent first. */
export function readSaved(): SavedItems {
  const raw = storage()?.getItem(SAVED_STORAGE_KEY) ?? null;
  if (memo?.raw !== raw) memo = { raw, items: parse(raw) };
  return memo.items;
}

function write(items: SavedItems): void {
  const raw = JSON.stringify(items);
  try {
    storage()?.setItem(SAVED_STORAGE_KEY, raw);
  } catch {
    return; // full or blocked: the list stays as it was
  }
  memo = { raw, items };
  listeners.forEach((l) => l());
}

const listOf = (items: SavedItems, kind: SavedKind): Array<{ id: number }> =>
  kind === 'drink' ? items.drinks : items.stands;

export function isSaved(kind: SavedKind, id: number): boolean {
  return listOf(readSaved(), kind).some((item) => item.id === id);
}

function withList(kind: SavedKind, update: (list: Array<{ id: number }>) => Array<{ id: number }>): void {
  const items = readSaved();
  write(
    kind === 'drink'
      ? { ...items, drinks: update(items.drinks) as SavedDrink[] }
      : { ...items, stands: update(items.stands) as SavedStand[] },
  );
}

/** Saves the item, or removes it when it is saved; answers whether it is saved now. */
export function toggleSaved(kind: SavedKind, item: SavedDrink | SavedStand): boolean {
  const saved = isSaved(kind, item.id);
  withList(kind, (list) => (saved ? list.filter((i) => i.id !== item.id) : [snapshot(kind, item), ...list]));
  return !saved;
}

/** A saved item shown again online: its stored copy takes the fresh prices and hours. */
export function refreshSaved(kind: SavedKind, item: SavedDrink | SavedStand): void {
  if (!isSaved(kind, item.id)) return;
  const next = snapshot(kind, item);
  const current = listOf(readSaved(), kind).find((i) => i.id === item.id);
  if (JSON.stringify(current) === JSON.stringify(next)) return;
  withList(kind, (list) => list.map((i) => (i.id === item.id ? next : i)));
}

export function clearSaved(): void {
  write(EMPTY);
}

const DRINK_FIELDS = [
  'id',
  'slug',
  'name',
  'description',
  'category',
  'categorySlug',
  'subcategory',
  'dietaryOptions',
  'allergens',
  'imageUrl',
  'isFeatured',
  'isPopular',
  'isSecretMenu',
  'isSeasonal',
  'variants',
  'mainVariant',
  'flavors',
  'sizes',
  'source',
  'asOf',
  'estimated',
] as const satisfies ReadonlyArray<keyof Drink>;

function snapshot(kind: SavedKind, item: SavedDrink | SavedStand): { id: number } {
  if (kind === 'stand') return item;
  const drink = item as Drink;
  return Object.fromEntries(DRINK_FIELDS.map((f) => [f, drink[f]])) as unknown as Drink;
}
/** Called on every change, here or in another tab. */
export function subscribeSaved(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SAVED_STORAGE_KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
