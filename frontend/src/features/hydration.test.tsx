import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { mockApi } from '../testing/mock-api';
import { TEST_NOW } from '../testing/render';
import { ContactRoute } from './contact/routes/contact-route';
import { faqBundle } from './faq/testing/fixtures';
import { FaqRoute } from './faq/routes/faq-route';
import { StandRoute } from './locations/routes/stand-route';
import { locationsFixture } from './locations/testing/fixtures';

vi.mock('./locations/components/stand-map/leaflet-map', () => import('./locations/testing/map-stub'));

function page(client: QueryClient, path: string, pattern: string, element: ReactElement) {
  return (
    <AppProviders env="test" queryClient={client} now={TEST_NOW} origin="https://guide.example">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </AppProviders>
  );
}

/** The page's data as the server would carry it: loaded once in the browser, then dehydrated. */
async function loaded(
  path: string,
  pattern: string,
  element: ReactElement,
  ready: () => Promise<unknown>,
): Promise<DehydratedState> {
  const client = createQueryClient();
  const view = render(page(client, path, pattern, element));
  await ready();
  view.unmount();
  return dehydrate(client);
}

const clientWith = (state: DehydratedState) => {
  const client = createQueryClient();
  hydrate(client, state);
  return client;
};

/** Renders the page to HTML as the server does, then hydrates it: React must find nothing to repair. */
async function hydratesCleanly(state: DehydratedState, path: string, pattern: string, element: () => ReactElement) {
  const html = renderToString(page(clientWith(state), path, pattern, element()));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page(clientWith(state), path, pattern, element()), {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  expect(recoverable).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  return { html, container };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('server-rendered pages hydrate without a mismatch', () => {
  it('a stand page: open-now texts from the one instant, the map a placeholder until mount', async () => {
    const stands = locationsFixture().filter((l) => l.citySlug === 'grants-pass');
    mockApi({
      '/api/locations/or/grants-pass': { status: 200, body: stands },
      '/api/locations/near': { status: 200, body: stands },
    });
    const path = '/locations/or/grants-pass/sw-6th-st';
    const pattern = '/locations/:state/:city/:stand';
    const state = await loaded(path, pattern, <StandRoute />, () => screen.findAllByText('Open now, closes at 10 PM'));
    const { html, container } = await hydratesCleanly(state, path, pattern, () => <StandRoute />);
    expect(html.replaceAll('<!-- -->', '')).toContain('Open now, closes at 10 PM');
    expect(html).toContain('data-testid="map-placeholder"');
    // after mount the map arrives in the browser
    await waitFor(() => expect(container.querySelector('[data-testid="leaflet-map"]')).not.toBeNull());
  });

  it('the FAQ: every answer in the HTML', async () => {
    mockApi({ '/api/site': { status: 200, body: faqBundle() } });
    const state = await loaded('/faq', '/faq', <FaqRoute />, () =>
      screen.findByRole('heading', { level: 3, name: 'What is a breve?' }),
    );
    const { html } = await hydratesCleanly(state, '/faq', '/faq', () => <FaqRoute />);
    expect(html).toContain('<details name="faq"');
    expect(html).toContain('half-and-half');
  });

  it('the FAQ with an html intro: the sanitised markup the same on the server and after hydration', async () => {
    const intro = '<p>Our <strong>answers</strong>, see <a href="/menu">the menu</a>.</p>';
    const bundle = faqBundle();
    mockApi({
      '/api/site': {
        status: 200,
        body: faqBundle({ faq: { ...bundle.pageContent.faq, intro: { content: intro, contentType: 'html' } } }),
      },
    });
    const state = await loaded('/faq', '/faq', <FaqRoute />, () => screen.findByText('answers'));
    const { html, container } = await hydratesCleanly(state, '/faq', '/faq', () => <FaqRoute />);
    expect(html).toContain(intro);
    expect(container.querySelector('[data-section-html] a[href="/menu"]')?.textContent).toBe('the menu');
  });

  it('the contact page: the send button enabled once live', async () => {
    mockApi({});
    const state = await loaded('/contact', '/contact', <ContactRoute />, () =>
      screen.findByRole('heading', { name: 'Send us a message' }),
    );
    const { container } = await hydratesCleanly(state, '/contact', '/contact', () => <ContactRoute />);
    await waitFor(() => expect(container.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(false));
  });
});
