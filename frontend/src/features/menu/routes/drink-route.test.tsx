import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRINK_PICTURE_SIZES } from '@/lib/head/keys';
import { makeDrink, makeDrinkDetail, makeFacts } from '@/testing/fixtures';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const faves = { category: 'Dutch Bros Faves', categorySlug: 'faves' } as const;
const eagle = makeDrink({
  ...faves,
  name: 'Golden Eagle',
  slug: 'golden-eagle',
  isFeatured: true,
  isPopular: true,
  dietaryOptions: ['Caffeine', 'Sugar-Free Available'],
  allergens: ['Milk'],
  variants: ['iced', 'hot', 'blended'],
  mainVariant: 'iced',
  imageUrl: '/images/drinks/faves.png',
});
const detail = makeDrinkDetail(eagle, {
  sizeDetails: [
    { size: 'small', ounces: 16, price: '5.45', nutrition: makeFacts(260, { fat: 11.4, caffeine: 161 }) },
    { size: 'medium', ounces: 24, price: '6.15', nutrition: makeFacts(380, { fat: 22.6, caffeine: 241 }) },
    { size: 'large', ounces: 32, price: '6.85', nutrition: null },
  ],
  related: [makeDrink({ ...faves, name: 'Caramelizer' })],
});
const PATH = '/api/menu/items/golden-eagle';

describe('/menu/{category}/{drink}', () => {
  it('puts the sizes (price, calories, caffeine) before the builder, whose controls wait behind a button', async () => {
    mockApi({ [PATH]: { status: 200, body: detail } });
    renderApp('/menu/faves/golden-eagle');

    const sizes = await screen.findByTestId('drink-sizes');
    const builder = screen.getByTestId('builder');
    expect(sizes.compareDocumentPosition(builder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(builder.tagName).toBe('DETAILS');
    expect(builder).not.toHaveAttribute('open');
    expect(builder.querySelector('summary')).toHaveTextContent('Change size, milk, shots and syrups');
  });

  it('opens the builder at once for a link that carries changes', async () => {
    mockApi({ [PATH]: { status: 200, body: detail } });
    renderApp('/menu/faves/golden-eagle?size=medium');

    await screen.findByTestId('drink-sizes');
    expect(screen.getByTestId('builder')).toHaveAttribute('open');
  });

  it('gives a media library picture its WebP widths with the sizes the head preloads', async () => {
    const library = makeDrinkDetail({ ...eagle, imageUrl: '/media/12/fedcba9876543210-original.png' }, {});
    mockApi({ [PATH]: { status: 200, body: library } });
    const { container } = renderApp('/menu/faves/golden-eagle');
    await screen.findByTestId('drink-sizes');
    const picture = container.querySelector('img[fetchpriority="high"]')!;
    expect(picture).toHaveAttribute('src', '/media/12/fedcba9876543210-original.png');
    expect(picture).toHaveAttribute(
      'srcset',
      '/media/12/fedcba9876543210-w480.webp 480w, /media/12/fedcba9876543210-w960.webp 960w, /media/12/fedcba9876543210-w1600.webp 1600w',
    );
    expect(picture).toHaveAttribute('sizes', DRINK_PICTURE_SIZES);
  });

  it('keeps a picture that is not a library picture without srcset', async () => {
    mockApi({ [PATH]: { status: 200, body: detail } });
    const { container } = renderApp('/menu/faves/golden-eagle');
    await screen.findByTestId('drink-sizes');
    const picture = container.querySelector('img[fetchpriority="high"]')!;
    expect(picture).toHaveAttribute('src', '/images/drinks/faves.png');
    expect(picture).not.toHaveAttribute('srcset');
  });

  it('shows a placeholder while the drink loads', async () => {
    mockApi({ [PATH]: 'pending' });
    renderApp('/menu/faves/golden-eagle');

    expect(await screen.findByRole('status', { name: 'Loading drink' })).toBeInTheDocument();
  });

  it("shows the drink: description, variants, badges, every size's price and nutrition, caffeine, allergens, estimates, related", async () => {
    mockApi({ [PATH]: { status: 200, body: detail } });
    renderApp('/menu/faves/golden-eagle');

    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Eagle' })).toBeInTheDocument();
    const badges = within(screen.getByRole('list', { name: 'Badges' }))
      .getAllByRole('listitem')
      .map((b) => b.textContent);
    expect(badges).toEqual(['Featured', 'Caffeine', 'Sugar-Free Available']);
    expect(
      screen.getByText(/Available iced, hot or blended\. Prices and nutrition are for the iced version\./),
    ).toBeInTheDocument();
    expect(screen.getByText('Caffeine: 161-241 mg')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Allergens' })).toHaveTextContent('Contains: Milk');

    const prices = screen.getByRole('table', { name: /Estimated prices vary by location/ });
    const priceRows = within(prices)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(priceRows).toEqual([
      ['$5.45', '260', '161 mg'],
      ['$6.15', '380', '241 mg'],
      ['$6.85', 'N/A', 'N/A'],
    ]);

    const nutrition = screen.getByRole('table', { name: /% DV/ });
    expect(
      within(nutrition)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Per drink', 'Small (16 oz)', 'Medium (24 oz)']);
    const fat = within(nutrition).getByRole('rowheader', { name: 'Total Fat' }).closest('tr')!;
    // current FDA daily value for fat: 78 g
    expect(
      within(fat)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['11 g (15%)', '23 g (29%)']);

    expect(screen.getByTestId('estimates')).toHaveTextContent(
      'prices as of May 28, 2025, nutrition as of May 28, 2025',
    );
    const related = screen.getByRole('heading', { level: 2, name: 'More Dutch Bros Faves' }).closest('section')!;
    expect(within(related).getByRole('link', { name: 'Caramelizer' })).toHaveAttribute(
      'href',
      '/menu/faves/caramelizer',
    );
    expect(screen.getByRole('link', { name: 'Dutch Bros Faves prices' })).toHaveAttribute('href', '/prices/faves');
  });

  it("gives the page the drink's head: its title, picture, canonical and MenuItem JSON-LD without a rating", async () => {
    mockApi({ [PATH]: { status: 200, body: detail } });
    renderApp('/menu/faves/golden-eagle');

    await waitFor(() => expect(document.title).toBe('Golden Eagle | Dutch Bros Faves Guide'));
    expect(document.head.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content).toBe(
      `${window.location.origin}/share/drinks/golden-eagle.png`,
    );
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      `${window.location.origin}/menu/faves/golden-eagle`,
    );
    const jsonLd = document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
    // an offer per size, each an estimate of this guide, not the chain's figure (docs/data/figures.md), and it says so
    const node = JSON.parse(jsonLd);
    expect(node).toMatchObject({
      '@type': 'MenuItem',
      name: 'Golden Eagle',
      disambiguatingDescription: expect.stringMatching(/estimates/),
    });
    expect(node.offers.length).toBeGreaterThan(0);
    for (const offer of node.offers) expect(offer['@type']).toBe('Offer');
    expect(jsonLd).not.toMatch(/aggregateRating|ratingValue/);
  });

  it('shares its own page from the Share button', async () => {
    mockApi({ [PATH]: { status: 200, body: detail } });
    const { user } = renderApp('/menu/faves/golden-eagle');

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share Golden Eagle' });
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(
      `${window.location.origin}/menu/faves/golden-eagle`,
    );
  });

  it('moves to the drink under its own category when the address names another', async () => {
    mockApi({ [PATH]: { status: 200, body: detail } });
    const { router } = renderApp('/menu/secret-menu/golden-eagle');

    await waitFor(() => expect(router.state.location.pathname).toBe('/menu/faves/golden-eagle'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Eagle' })).toBeInTheDocument();
  });

  it('shows a secret-menu drink in place under /menu/secret-menu, as the server rendered it', async () => {
    mockApi({ [PATH]: { status: 200, body: { ...detail, isSecretMenu: true } } });
    const { router } = renderApp('/menu/secret-menu/golden-eagle');

    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Eagle' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/menu/secret-menu/golden-eagle');
  });

  it('says the drink was not found for an unknown slug, with a way back to its category', async () => {
    mockApi({
      '/api/menu/items/no-such-drink': {
        status: 404,
        body: { statusCode: 404, message: 'No drink with slug "no-such-drink"' },
      },
    });
    renderApp('/menu/faves/no-such-drink');

    expect(await screen.findByRole('heading', { level: 1, name: 'Drink not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dutch Bros Faves' })).toHaveAttribute('href', '/menu/faves');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the request fails', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      [PATH]: () =>
        ++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { status: 200, body: detail },
    });
    const { user } = renderApp('/menu/faves/golden-eagle');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this drink.");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Eagle' })).toBeInTheDocument();
    expect(callsTo(fetchMock, PATH)).toHaveLength(2);
  });
});
