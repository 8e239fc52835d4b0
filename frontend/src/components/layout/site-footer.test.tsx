import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SiteFooter } from './site-footer';

describe('the footer', () => {
  it('links every page of the spec, the Nutrition link pointing at /calories', async () => {
    renderWithProviders(
      <SiteFooter
        siteName="Coffee Guide"
        brandName="Dutch Bros"
        officialSiteUrl="https://www.dutchbros.com"
        lastUpdated="September 2025"
      />,
    );

    const footer = screen.getByRole('contentinfo');
    const internal = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((href) => href?.startsWith('/'));
    expect(internal).toEqual([
      '/menu',
      '/prices',
      '/calories',
      '/locations',
      '/menu/secret-menu',
      '/blog',
      '/faq',
      '/about',
      '/contact',
      '/how-we-estimate',
      '/disclaimer',
      '/privacy-policy',
      '/terms-conditions',
      '/dmca',
    ]);
    expect(within(footer).getByRole('link', { name: 'Nutrition' })).toHaveAttribute('href', '/calories');
  });

  it('carries the disclaimer and a safe external link to the official site', async () => {
    renderWithProviders(
      <SiteFooter
        siteName="Coffee Guide"
        brandName="Dutch Bros"
        officialSiteUrl="https://www.dutchbros.com"
        lastUpdated="September 2025"
      />,
    );

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(/not affiliated with, endorsed by or sponsored by Dutch Bros/);
    expect(footer).toHaveTextContent(/trademarks, logos and brand names are the property of Dutch Bros/);
    expect(footer).toHaveTextContent(/may vary by location/);
    expect(footer).toHaveTextContent(/updated regularly\. Last updated September 2025/);

    const official = within(footer).getByRole('link', { name: /Visit the official Dutch Bros website/ });
    expect(official).toHaveAttribute('href', 'https://www.dutchbros.com');
    expect(official).toHaveAttribute('target', '_blank');
    expect(official.getAttribute('rel')).toContain('noopener');
  });

  it('renders the social icons as decorative placeholders, not links', async () => {
    renderWithProviders(
      <SiteFooter
        siteName="Coffee Guide"
        brandName="Dutch Bros"
        officialSiteUrl="https://www.dutchbros.com"
        lastUpdated="September 2025"
      />,
    );

    const social = screen.getByTestId('social-placeholders');
    expect(social).toHaveAttribute('aria-hidden', 'true');
    expect(social.querySelectorAll('a')).toHaveLength(0);
    expect(social.querySelectorAll('svg').length).toBeGreaterThan(0);
  });
});
