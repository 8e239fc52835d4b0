import { act, configure, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@/testing/mock-api';
import { locationsFixture } from '../testing/fixtures';
import { filteredOf, FILTER_PAGE_SIZE } from '../api/get-filtered-locations';
import { applyFilters, filtersOf } from '../utils/filters';

vi.mock('../components/stand-map/leaflet-map', () => import('../testing/map-stub'));
configure({ asyncUtilTimeout: 5000 });

// Tuesday 15 July 2025 in Portland (PDT): the Pacific stands close at 10 PM; in San Antonio it is two hours later
const PDT = (time: string) => new Date(`2025-07-15T${time}-07:00`);

const names = (list: { name: string }[]) => list.map((l) => l.name).sort();

function renderLocator(path: string, now: Date, live = false) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <AppProviders env={live ? 'default' : 'test'} queryClient={createQueryClient()} now={now.getTime()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the locator filters', () => {
  const stands = locationsFixture();

  it('give a page of the matching stands with the counts, the page kept within the pages there are', () => {
    const at = PDT('12:00:00');
    const walkUp = stands.find((s) => s.amenities.includes('Walk-Up Window'))!;
    const many = [
      stands.find((s) => !s.amenities.includes('Walk-Up Window'))!,
      ...Array.from({ length: 30 }, (_, i) => ({ ...walkUp, id: 1000 + i, name: `Stand ${i}` })),
    ];
    const first = filteredOf(many, ['walk-up'], 1, at);
    const matching = applyFilters(many, ['walk-up'], at);
    expect(matching).toHaveLength(30);
    expect(first).toMatchObject({ standCount: 31, matching: 30, page: 1 });
    expect(first.stateCount).toBe(new Set(many.map((l) => l.state)).size);
    expect(first.shown).toEqual(matching.slice(0, FILTER_PAGE_SIZE));
    const last = filteredOf(many, ['walk-up'], 99, at);
    expect(last.page).toBe(Math.max(1, Math.ceil(matching.length / FILTER_PAGE_SIZE)));
    expect(last.shown).toEqual(matching.slice((last.page - 1) * FILTER_PAGE_SIZE));
    expect(filteredOf(many, ['walk-up'], -3, at).page).toBe(1);
  });

  it('read only known filters from the URL', () => {
    expect(filtersOf(new URLSearchParams('filter=walk-up&filter=open-now&filter=bogus'))).toEqual([
      'open-now',
      'walk-up',
    ]);
  });

  it('follow the clock around a closing time, in each stand’s own time zone', () => {
    const before = PDT('21:30:00');
    const after = PDT('22:00:30');
    const pacific = stands.filter((s) => s.timeZone === 'America/Los_Angeles');
    expect(names(applyFilters(stands, ['open-now'], before))).toEqual(
      names([...pacific, stands.find((s) => s.name.includes('Culebra'))!]),
    );
    expect(names(applyFilters(stands, ['closing-soon'], before))).toEqual(names(pacific));
    expect(names(applyFilters(stands, ['open-now'], after))).toEqual(['San Antonio – Culebra Rd']);
    expect(applyFilters(stands, ['closing-soon'], after)).toEqual([]);
    expect(names(applyFilters(stands, ['open-24-hours'], before))).toEqual(['San Antonio – Culebra Rd']);
    expect(applyFilters(stands, ['walk-up', 'open-now'], after)).toEqual([]);
    expect(applyFilters(stands, ['walk-up'], before).some((s) => s.amenities.includes('Walk-Up Window'))).toBe(true);
  });

  it('keep the stands open late: today’s hours to 10 PM or later, in the stand’s own time zone', () => {
    const pacific = stands.find((s) => s.timeZone === 'America/Los_Angeles')!;
    const week = (close: number) =>
      Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
          d,
          { open: 300, close },
        ]),
      ) as typeof pacific.hoursMinutes;
    const nine = { ...pacific, id: 1, name: 'Closes at 9 PM', hoursMinutes: week(21 * 60) };
    const ten = { ...pacific, id: 2, name: 'Closes at 10 PM', hoursMinutes: week(22 * 60) };
    const one = { ...pacific, id: 3, name: 'Closes at 1 AM', hoursMinutes: week(25 * 60) };
    const shut = { ...ten, id: 4, name: 'Temporarily closed', isOpen: false };
    // Tuesday noon in Portland; at 11:30 PM the 10 PM stand has closed and is still open late today
    for (const at of [PDT('12:00:00'), PDT('23:30:00')])
      expect(names(applyFilters([nine, ten, one, shut], ['open-late'], at))).toEqual(
        ['Closes at 10 PM', 'Closes at 1 AM'].sort(),
      );
    expect(filtersOf(new URLSearchParams('filter=open-late&filter=open-24-hours'))).toEqual([
      'open-24-hours',
      'open-late',
    ]);
  });

  it('render the matching stands from the URL, every one reachable, and drop a stand when the clock passes its closing time', async () => {
    mockApi({ '/api/locations': { status: 200, body: stands } });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    vi.setSystemTime(PDT('21:59:45'));
    renderLocator('/locations?filter=open-now&filter=closing-soon', PDT('21:59:45'), true);

    const section = await screen.findByRole('region', { name: 'Stands: open now, closing within the hour' });
    expect(within(section).getByRole('status')).toHaveTextContent('5 stands match; showing 1-5.');
    expect(screen.getByRole('checkbox', { name: 'Open now' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Walk-up window' })).not.toBeChecked();

    await act(async () => {
      vi.setSystemTime(PDT('22:00:20'));
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(within(section).getByRole('status')).toHaveTextContent('No stand matches these filters right now.');
  });
});
