import type { Location } from '@coffee-guide/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { locationsFixture, makeLocation } from '../testing/fixtures';

vi.mock('../components/stand-map/leaflet-map', () => import('../testing/map-stub'));

// lazy route chunks and two CPU cores: give the first render more than the default second
configure({ asyncUtilTimeout: 5000 });

const ALL = '/api/locations';
const SEARCH = '/api/locations/search';
const NEAR = '/api/locations/near';

const urlsOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  callsTo(fetchMock, path).map(([input]) => new URL(String(input), 'http://localhost'));

function stubGeolocation(impl: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => impl(ok, fail!));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

const position = (latitude: number, longitude: number) => ({ coords: { latitude, longitude } }) as GeolocationPosition;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('/locations', () => {
  it('shows skeletons and no count while the stands load', async () => {
    mockApi({ [ALL]: 'pending' });
    renderApp('/locations');

    expect(await screen.findByRole('status', { name: 'Loading locations' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Dutch Bros Locations$/);
    expect(screen.queryByText(/1050/)).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter your city, state, or ZIP code')).toBeInTheDocument();
  });

  it('shows an error with a Retry button, never an empty list', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      [ALL]: () =>
        ++calls === 1
          ? { status: 503, body: { statusCode: 503, message: 'locations unavailable' } }
          : { status: 200, body: locationsFixture() },
    });
    const { user } = renderApp('/locations');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the locations.");
    expect(screen.queryByText('No locations found')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: '10 Dutch Bros Locations' })).toBeInTheDocument();
    expect(callsTo(fetchMock, ALL)).toHaveLength(2);
  });

  it('says so when there are no stands at all', async () => {
    mockApi({ [ALL]: { status: 200, body: [] } });
    renderApp('/locations');

    expect(await screen.findByText('No locations found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '0 Dutch Bros Locations' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Browse by State' })).not.toBeInTheDocument();
  });

  it('counts the stands, sorts the states by count, shows 3 per state and the full list, every stand linking to its page', async () => {
    mockApi({ [ALL]: { status: 200, body: locationsFixture() } });
    renderApp('/locations');

    expect(await screen.findByRole('heading', { level: 1, name: '10 Dutch Bros Locations' })).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, el) => el?.tagName === 'P' && /^Find any of the 10 stands in 3 states/.test(el.textContent ?? ''),
      ),
    ).toBeInTheDocument();

    const browse = screen.getByRole('navigation', { name: 'Browse by State' });
    const stateLinks = within(browse).getAllByRole('link');
    expect(stateLinks.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/locations/tx', 'Texas5 locations'],
      ['/locations/or', 'Oregon4 locations'],
      ['/locations/wa', 'Washington1 location'],
    ]);

    // jump links at the top, each a real anchor to a part of the page
    const jumps = within(screen.getByRole('navigation', { name: 'On this page' })).getAllByRole('link');
    expect(jumps.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Map', '#locations-map'],
      ['States', '#browse-states'],
      ['Stands by state', '#our-locations'],
      ['All stands', '#all-locations'],
    ]);
    for (const a of jumps)
      expect(document.getElementById(a.getAttribute('href')!.slice(1))).toHaveAttribute('aria-labelledby');

    const oregon = screen.getByRole('region', { name: 'Oregon' });
    expect(within(oregon).getAllByRole('article')).toHaveLength(3);
    expect(within(oregon).getByRole('link', { name: 'See all 4 locations in Oregon' })).toHaveAttribute(
      'href',
      '/locations/or',
    );
    const washington = screen.getByRole('region', { name: 'Washington' });
    expect(within(washington).getAllByRole('article')).toHaveLength(1);
    expect(within(washington).queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();

    const firstOregon = within(oregon).getAllByRole('article')[0];
    expect(within(firstOregon).getByRole('link', { name: 'Grants Pass – SW 6th St' })).toHaveAttribute(
      'href',
      '/locations/or/grants-pass/sw-6th-st',
    );
    expect(
      within(firstOregon)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Drive-Thru', 'Walk-Up Window']);
    const directions = within(firstOregon).getByRole('link', { name: /Get Directions/ });
    expect(directions).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('1200 SW 6th St, Grants Pass, OR')),
    );
    expect(directions.getAttribute('href')).not.toContain('97526');

    const full = screen.getByRole('region', { name: 'All Locations' });
    expect(within(full).getByText('Stands 1-10 of 10, by state and city.')).toBeInTheDocument();
    const closed = within(full).getByRole('article', { name: 'Grants Pass – NE 7th St' });
    expect(closed).toHaveTextContent('Closed, opens at 1 PM');
    expect(closed).toHaveTextContent('Monday: 5:00 AM - 10:00 PM');
    expect(closed).toHaveTextContent('Tuesday: 1:00 PM - 10:00 PM');
    expect(closed).not.toHaveTextContent('Wednesday');
    expect(within(closed).getByRole('link', { name: /\+ more hours/ })).toHaveAttribute(
      'href',
      '/locations/or/grants-pass/ne-7th-st',
    );
    expect(
      within(closed)
        .getByRole('link', { name: /Get Directions/ })
        .getAttribute('href'),
    ).toContain(encodeURIComponent('OR, 97526'));

    const map = await screen.findByTestId('leaflet-map');
    expect(map).toHaveAttribute('data-count', '10');
    expect(map).toHaveAttribute('data-cluster', 'true');
  });

  it('pages through the full list', async () => {
    const many: Location[] = Array.from({ length: 30 }, (_, i) =>
      makeLocation({ city: 'Salem', state: 'OR', street: `Street ${String(i + 1).padStart(2, '0')}` }),
    );
    mockApi({ [ALL]: { status: 200, body: many } });
    const { user } = renderApp('/locations');

    const full = await screen.findByRole('region', { name: 'All Locations' });
    expect(within(full).getAllByRole('article')).toHaveLength(24);
    expect(within(full).queryByRole('article', { name: 'Salem – Street 25' })).not.toBeInTheDocument();

    await user.click(within(full).getByRole('button', { name: 'Page 2' }));

    expect(within(full).getAllByRole('article')).toHaveLength(6);
    expect(within(full).getByRole('article', { name: 'Salem – Street 25' })).toBeInTheDocument();
    expect(within(full).getByText('Stands 25-30 of 30, by state and city.')).toBeInTheDocument();
  });

  it('searches by ZIP: the first 5 results with their distances, then more on demand', async () => {
    const results = locationsFixture()
      .slice(0, 7)
      .map((l, i) => ({ ...l, distanceMiles: 1.3 + i }));
    const fetchMock = mockApi({
      [ALL]: { status: 200, body: locationsFixture() },
      [SEARCH]: { status: 200, body: results },
    });
    const { user, router } = renderApp('/locations');

    await user.type(await screen.findByRole('searchbox', { name: 'City, state or ZIP code' }), '  ');
    await user.click(screen.getByRole('button', { name: 'Find Locations' }));
    expect(callsTo(fetchMock, SEARCH)).toHaveLength(0);

    await user.type(screen.getByRole('searchbox', { name: 'City, state or ZIP code' }), '97526');
    await user.click(screen.getByRole('button', { name: 'Find Locations' }));

    const section = await screen.findByRole('region', { name: 'Search results for “97526”' });
    // the results take the focus (a phone's start below the form)
    await waitFor(() =>
      expect(within(section).getByRole('heading', { level: 2, name: 'Search results for “97526”' })).toHaveFocus(),
    );
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(5));
    expect(urlsOf(fetchMock, SEARCH)[0].searchParams.get('q')).toBe('97526');
    expect(within(section).getByText('Showing 5 of 7 locations for "97526", nearest first.')).toBeInTheDocument();
    const first = within(section).getAllByRole('article')[0];
    expect(first).toHaveTextContent('1.3 mi away');
    expect(first).toHaveTextContent('Phone: (541) 555-0134');
    expect(within(first).getByRole('link', { name: '(541) 555-0134' })).toHaveAttribute('href', 'tel:5415550134');
    expect(first).toHaveTextContent('Open now, closes at 10 PM');
    expect(within(first).getByRole('link', { name: /Get Directions/ })).toBeInTheDocument();
    expect(within(section).getAllByRole('article')[1]).not.toHaveTextContent('Phone');
    expect(await within(section).findByTestId('leaflet-map')).toHaveAttribute('data-count', '7');

    // "Show more results" is a link the server can answer (show=10, its # at the first new result); the router follows it in place
    const more = within(section).getByRole('link', { name: 'Show more results' });
    const sixth = results[5];
    expect(more).toHaveAttribute('href', `?q=97526&show=10#stand-${sixth.id}-name`);
    await user.click(more);
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(7));
    expect(router.state.location.search).toBe('?q=97526&show=10');
    expect(router.state.location.hash).toBe('');
    expect(within(section).getByText('Showing 7 of 7 locations for "97526", nearest first.')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Show more results' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(within(section).getAllByRole('article')[5]).getByRole('link', { name: sixth.name }),
      ),
    );
  });

  it('shows as many results as the URL asks (show=), from the first render, and keeps the filters in the next link', async () => {
    const results = Array.from({ length: 12 }, (_, i) =>
      makeLocation({ id: 900 + i, city: 'Salem', state: 'OR', street: `Street ${i + 1}` }),
    );
    mockApi({ [ALL]: { status: 200, body: locationsFixture() }, [SEARCH]: { status: 200, body: results } });
    renderApp('/locations?q=salem&filter=walk-up&show=10');

    const section = await screen.findByRole('region', { name: 'Search results for “salem”' });
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(10));
    expect(within(section).getByText('Showing 10 of 12 locations for "salem".')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Show more results' })).toHaveAttribute(
      'href',
      '?q=salem&filter=walk-up&show=15#stand-910-name',
    );
    // a page opened at a search's URL keeps its place: nothing takes the focus
    expect(document.activeElement).toBe(document.body);
  });

  it('keeps the search and the filters in one GET form (one submit without JavaScript sends both)', async () => {
    mockApi({ [ALL]: { status: 200, body: locationsFixture() }, [SEARCH]: { status: 200, body: [] } });
    renderApp('/locations?q=salem&filter=walk-up');

    const form = await screen.findByRole('search', { name: 'Find locations' });
    expect(form).toHaveAttribute('action', '/locations');
    expect(form).toHaveAttribute('method', 'get');
    const group = within(form).getByRole('group', { name: 'Show only stands that are' });
    expect(within(group).getByRole('checkbox', { name: 'Walk-up window' })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Apply filters' })).toHaveAttribute('type', 'submit');
    expect(new URLSearchParams(new FormData(form as HTMLFormElement) as unknown as string).toString()).toBe(
      'q=salem&filter=walk-up',
    );
    expect(document.querySelectorAll('form')).toHaveLength(1 + document.querySelectorAll('header form').length);
  });

  it('says "No locations found" for a search without results, and the error of a failed search', async () => {
    let fail = false;
    mockApi({
      [ALL]: { status: 200, body: locationsFixture() },
      [SEARCH]: () => (fail ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { status: 200, body: [] }),
    });
    const { user } = renderApp('/locations?q=Nowhere');

    const section = await screen.findByRole('region', { name: 'Search results for “Nowhere”' });
    expect(await within(section).findByText('No locations found')).toBeInTheDocument();
    expect(within(section).getByText('Try searching with a different city or ZIP code.')).toBeInTheDocument();

    fail = true;
    await user.clear(screen.getByRole('searchbox', { name: 'City, state or ZIP code' }));
    await user.type(screen.getByRole('searchbox', { name: 'City, state or ZIP code' }), 'Elsewhere');
    await user.click(screen.getByRole('button', { name: 'Find Locations' }));
    const failed = await screen.findByRole('region', { name: 'Search results for “Elsewhere”' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent("We couldn't search the locations.");
  });

  it('asks for the position only when "Use My Location" is clicked, then lists the nearest stands with distances', async () => {
    const getCurrentPosition = stubGeolocation((ok) => ok(position(42.4401, -123.3301)));
    const nearest = locationsFixture()
      .slice(0, 3)
      .map((l, i) => ({ ...l, distanceMiles: [0.1, 0.9, 2.4][i] }));
    const fetchMock = mockApi({
      [ALL]: { status: 200, body: locationsFixture() },
      [NEAR]: { status: 200, body: nearest },
    });
    const { user } = renderApp('/locations');

    await screen.findByRole('heading', { level: 1, name: '10 Dutch Bros Locations' });
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('button', { name: /Use My Location/ })[0]);

    const section = await screen.findByRole('region', { name: 'Stands nearest to you' });
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(3));
    expect(within(section).getByRole('heading', { level: 2, name: 'Stands nearest to you' })).toHaveFocus();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    const url = urlsOf(fetchMock, NEAR)[0];
    expect([url.searchParams.get('lat'), url.searchParams.get('lng'), url.searchParams.get('limit')]).toEqual([
      '42.44010',
      '-123.33010',
      '10',
    ]);
    expect(
      within(section)
        .getAllByTestId('distance')
        .map((d) => d.textContent),
    ).toEqual(['0.1 mi away', '0.9 mi away', '2.4 mi away']);
    expect(await within(section).findByTestId('leaflet-map')).toHaveAttribute('data-user', '42.4401,-123.3301');
  });

  it('says how many of the nearest stands it shows when there are more than it shows', async () => {
    stubGeolocation((ok) => ok(position(42.4401, -123.3301)));
    const nearest = locationsFixture()
      .slice(0, 7)
      .map((l, i) => ({ ...l, distanceMiles: i + 0.5 }));
    mockApi({ [ALL]: { status: 200, body: locationsFixture() }, [NEAR]: { status: 200, body: nearest } });
    const { user } = renderApp('/locations');

    await screen.findByRole('heading', { level: 1, name: '10 Dutch Bros Locations' });
    await user.click(screen.getAllByRole('button', { name: /Use My Location/ })[0]);
    const section = await screen.findByRole('region', { name: 'Stands nearest to you' });
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(5));
    expect(within(section).getByTestId('result-summary')).toHaveTextContent(
      'Showing 5 of the 7 stands nearest to your location, nearest first.',
    );

    await user.click(within(section).getByTestId('show-more'));
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(7));
    expect(within(section).getByTestId('result-summary')).toHaveTextContent(
      'The 7 nearest stands to your location, nearest first.',
    );
  });

  it("opened from the installed app's Nearest stand shortcut (?near=me), asks for the position and lists the nearest stands", async () => {
    const getCurrentPosition = stubGeolocation((ok) => ok(position(42.4401, -123.3301)));
    const nearest = locationsFixture()
      .slice(0, 2)
      .map((l, i) => ({ ...l, distanceMiles: [0.1, 0.9][i] }));
    mockApi({ [ALL]: { status: 200, body: locationsFixture() }, [NEAR]: { status: 200, body: nearest } });
    renderApp('/locations?near=me&source=pwa');

    const section = await screen.findByRole('region', { name: 'Stands nearest to you' });
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(2));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('explains a refused position and keeps the page usable', async () => {
    stubGeolocation((_ok, fail) =>
      fail({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'denied',
      } as GeolocationPositionError),
    );
    const fetchMock = mockApi({ [ALL]: { status: 200, body: locationsFixture() } });
    const { user } = renderApp('/locations');

    await screen.findByRole('heading', { level: 1, name: '10 Dutch Bros Locations' });
    await user.click(screen.getAllByRole('button', { name: /Use My Location/ })[0]);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Location access was not allowed. Search by city, state or ZIP code instead.',
    );
    expect(callsTo(fetchMock, NEAR)).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'All Locations' })).toBeInTheDocument();
  });

  it('ranks a state search from the shared position', async () => {
    stubGeolocation((ok) => ok(position(30.27, -97.74)));
    const texas = locationsFixture().filter((l) => l.state === 'TX');
    mockApi({
      [ALL]: { status: 200, body: locationsFixture() },
      [SEARCH]: { status: 200, body: texas },
      [NEAR]: { status: 200, body: [] },
    });
    const { user } = renderApp('/locations');

    await screen.findByRole('heading', { level: 1, name: '10 Dutch Bros Locations' });
    await user.click(screen.getAllByRole('button', { name: /Use My Location/ })[0]);
    await screen.findByRole('region', { name: 'Stands nearest to you' });
    await user.type(screen.getByRole('searchbox', { name: 'City, state or ZIP code' }), 'Texas');
    await user.click(screen.getByRole('button', { name: 'Find Locations' }));

    const section = await screen.findByRole('region', { name: 'Search results for “Texas”' });
    await waitFor(() => expect(within(section).getAllByRole('article').length).toBeGreaterThan(0));
    // Austin is nearest to the shared position; the service answered alphabetically by city
    expect(within(section).getAllByRole('article')[0]).toHaveAccessibleName(/^Austin/);
  });
});
