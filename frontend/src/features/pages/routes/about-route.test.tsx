import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { aboutSections, pagesBundle } from '../testing/fixtures';

configure({ asyncUtilTimeout: 5000 });

/** GET /api/locations/summary: the counts of the stand list. */
const summary = (perState: Record<string, number>) => ({
  standCount: Object.values(perState).reduce((a, b) => a + b, 0),
  stateCount: Object.keys(perState).length,
  states: Object.entries(perState).map(([code, count]) => ({ code, name: code, count })),
});

describe('/about', () => {
  it('shows a loading state', async () => {
    mockApi({ '/api/site': 'pending' });
    renderApp('/about');
    expect(await screen.findByRole('status', { name: 'Loading the page' })).toBeInTheDocument();
  });

  it('tells the story with stats from the stand summary, the timeline and the values; a broken section is skipped', async () => {
    const fetchMock = mockApi({
      '/api/site': { status: 200, body: pagesBundle({ about: aboutSections }) },
      '/api/locations/summary': { status: 200, body: summary({ CA: 250, OR: 400, TX: 135, WA: 300 }) },
    });
    renderApp('/about');

    expect(await screen.findByRole('heading', { level: 1, name: 'About Coffee Guide' })).toBeInTheDocument();
    expect(screen.getByText('An unofficial fan guide to Dutch Bros.')).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'At a Glance' });
    expect(await within(stats).findByText('1,085')).toBeInTheDocument();
    expect(within(stats).getByText('4')).toBeInTheDocument();
    expect(within(stats).getByText('1992')).toBeInTheDocument();
    expect(screen.getByText('Coffee Guide is a fan project.')).toBeInTheDocument();
    expect(screen.getByText('The chain started with a pushcart in 1992.')).toBeInTheDocument();
    expect(screen.getByText('1992: A pushcart')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Our Values' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Speed', 'Quality', 'Service', 'Community']);
    expect(screen.queryByRole('region', { name: 'Community Impact' })).not.toBeInTheDocument();
    const official = screen.getByRole('link', { name: 'https://official.example' });
    expect(official).toHaveAttribute('href', 'https://official.example');
    expect(official).toHaveAttribute('rel', 'noopener noreferrer');
    // The counts only: the whole stand list is not fetched.
    expect(callsTo(fetchMock, '/api/locations')).toHaveLength(0);
    expect(callsTo(fetchMock, '/api/locations/summary')).toHaveLength(1);
  });

  it('shows an error with Retry, and an empty state without sections', async () => {
    let down = true;
    mockApi({
      '/api/site': () =>
        down ? { status: 500, body: { statusCode: 500, message: 'x' } } : { status: 200, body: pagesBundle({}) },
    });
    const { user } = renderApp('/about');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this page.");
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('This page is being updated')).toBeInTheDocument();
  });
});
