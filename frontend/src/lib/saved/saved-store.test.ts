import { describe, expect, it, vi } from 'vitest';
import { makeLocation } from '@/features/locations/testing/fixtures';
import { makeDrink, makeDrinkDetail } from '@/testing/fixtures';
import {
  clearSaved,
  isSaved,
  readSaved,
  refreshSaved,
  SAVED_STORAGE_KEY,
  subscribeSaved,
  toggleSaved,
} from './saved-store';

const drink = makeDrink({
  name: 'Golden Eagle',
  category: 'Coffee Classics',
  categorySlug: 'coffee-classics',
  slug: 'golden-eagle',
});
const stand = makeLocation({ city: 'Grants Pass', state: 'OR', street: 'SW 6th St' });

describe('my drinks and stands on this device', () => {
  it('saves and removes a drink and a stand, most recent first, in local storage only', () => {
    const other = makeDrink({
      name: 'Annihilator',
      category: 'Coffee Classics',
      categorySlug: 'coffee-classics',
      slug: 'annihilator',
    });
    expect(toggleSaved('drink', drink)).toBe(true);
    expect(toggleSaved('drink', other)).toBe(true);
    expect(toggleSaved('stand', stand)).toBe(true);
    expect(readSaved().drinks.map((d) => d.name)).toEqual(['Annihilator', 'Golden Eagle']);
    expect(isSaved('stand', stand.id)).toBe(true);
    expect(JSON.parse(localStorage.getItem(SAVED_STORAGE_KEY)!).stands[0].hours).toEqual(stand.hours);

    expect(toggleSaved('drink', drink)).toBe(false);
    expect(isSaved('drink', drink.id)).toBe(false);
    expect(isSaved('stand', drink.id)).toBe(false);
  });

  it("keeps a drink page's detail as the menu's drink: without its nutrition and related drinks", () => {
    toggleSaved('drink', makeDrinkDetail(drink));
    const [kept] = readSaved().drinks;
    expect(kept).toEqual(drink);
    expect(kept).not.toHaveProperty('related');
    expect(kept).not.toHaveProperty('sizeDetails');
  });

  it('takes fresh prices when a saved item is shown again, and ignores one that is not saved', () => {
    toggleSaved('drink', drink);
    const repriced = { ...drink, sizes: drink.sizes.map((s) => ({ ...s, price: '9.99' })) };
    refreshSaved('drink', repriced);
    expect(readSaved().drinks[0].sizes.every((s) => s.price === '9.99')).toBe(true);
    refreshSaved('stand', stand);
    expect(readSaved().stands).toEqual([]);
  });

  it('tells listeners of a change here and in another tab, and clears everything', () => {
    const listener = vi.fn();
    const stop = subscribeSaved(listener);
    toggleSaved('stand', stand);
    expect(listener).toHaveBeenCalledTimes(1);
    dispatchEvent(new StorageEvent('storage', { key: SAVED_STORAGE_KEY }));
    dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(2);
    clearSaved();
    expect(readSaved()).toEqual({ drinks: [], stands: [] });
    stop();
    toggleSaved('stand', stand);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('reads a damaged or foreign value as nothing saved', () => {
    localStorage.setItem(SAVED_STORAGE_KEY, '{not json');
    expect(readSaved()).toEqual({ drinks: [], stands: [] });
    localStorage.setItem(SAVED_STORAGE_KEY, JSON.stringify({ drinks: 'x' }));
    expect(readSaved()).toEqual({ drinks: [], stands: [] });
  });
});
