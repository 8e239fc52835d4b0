import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { pagesBundle, termsSections } from '../testing/fixtures';

configure({ asyncUtilTimeout: 5000 });

describe('legal pages', () => {
  it('renders the sections in order as safe markdown, with the notice, date and contact e-mail', async () => {
    mockApi({ '/api/site': { status: 200, body: pagesBundle({ 'terms-conditions': termsSections }) } });
    renderApp('/terms-conditions');

    expect(await screen.findByRole('heading', { level: 2, name: '1. Acceptance of Terms' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: July 16, 2025')).toBeInTheDocument();
    const notice = screen.getByTestId('legal-notice');
    expect(within(notice).getByText('Not affiliated with Dutch Bros.').tagName).toBe('STRONG');
    expect(notice).toHaveTextContent('Coffee Guide is an independent fan guide.');
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['1. Acceptance of Terms', '2. Purpose', '7. Contact Information']);
    expect(screen.getByText('These terms apply to the Site. <script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('main script')).toBeNull();
    expect(screen.getByText(/Bad link/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bad link' })).not.toBeInTheDocument();
    expect(document.querySelector('main a[href^="javascript"]')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'fans@example.test' })[0]).toHaveAttribute(
      'href',
      'mailto:fans@example.test',
    );
    await waitFor(() => expect(document.title).toBe('Terms and Conditions | Dutch Bros Menu Guide'));
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/disclaimer', 'Disclaimer'],
    ['/dmca', 'DMCA Notice'],
  ])('%s shows a loading state, then its empty state when it has no sections', async (path, title) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockApi({ '/api/site': async () => (await gate, { status: 200, body: pagesBundle({}) }) });
    renderApp(path);

    expect(await screen.findByRole('status', { name: 'Loading the page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    release();
    expect(await screen.findByText('This page is being updated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'fans@example.test' })).toHaveAttribute('href', 'mailto:fans@example.test');
  });

  it('shows an error with Retry when the content cannot be loaded', async () => {
    let down = true;
    mockApi({
      '/api/site': () =>
        down
          ? { status: 503, body: { statusCode: 503, message: 'x' } }
          : { status: 200, body: pagesBundle({ dmca: termsSections }) },
    });
    const { user } = renderApp('/dmca');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this page.");
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: '1. Acceptance of Terms' })).toBeInTheDocument();
  });
});
