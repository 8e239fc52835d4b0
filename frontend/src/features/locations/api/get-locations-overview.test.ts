import { describe, expect, it } from 'vitest';
import { makeLocation } from '../testing/fixtures';
import { FULL_LIST_PAGE_SIZE, STANDS_PER_STATE, summariseStates } from '../utils/location';
import { overviewOf } from './get-locations-overview';

describe('overviewOf', () => {
  it('keeps the counts, each state’s first stands in list order and the first page of the list, and nothing else', () => {
    const list = [
      ...Array.from({ length: 30 }, (_, i) =>
        makeLocation({ id: i + 1, city: `Bend ${i}`, state: 'OR', street: 'Main St' }),
      ),
      ...Array.from({ length: 2 }, (_, i) =>
        makeLocation({ id: 100 + i, city: `Boise ${i}`, state: 'ID', street: 'Main St' }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        makeLocation({ id: 200 + i, city: `Austin ${i}`, state: 'TX', street: 'Main St' }),
      ),
    ];
    const overview = overviewOf(list);

    expect(overview.standCount).toBe(37);
    expect(overview.states.map(({ code, name, count }) => ({ code, name, count }))).toEqual(summariseStates(list));
    const or = overview.states.find((s) => s.code === 'OR');
    expect(or?.stands.map((l) => l.id)).toEqual([1, 2, 3].slice(0, STANDS_PER_STATE));
    expect(overview.states.find((s) => s.code === 'ID')?.stands.map((l) => l.id)).toEqual([100, 101]);
    expect(overview.firstPage.map((l) => l.id)).toEqual(list.slice(0, FULL_LIST_PAGE_SIZE).map((l) => l.id));
    // what the page carries: 3 + 2 + 3 stands and one page, not the 37
    const carried = new Set([...overview.states.flatMap((s) => s.stands), ...overview.firstPage].map((l) => l.id));
    expect(carried.size).toBeLessThan(list.length);
  });

  it('is empty for an empty list', () => {
    expect(overviewOf([])).toEqual({ standCount: 0, states: [], firstPage: [] });
  });
});
