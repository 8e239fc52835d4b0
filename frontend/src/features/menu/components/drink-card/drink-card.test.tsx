import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeDrink } from '../../../../testing/fixtures';
import { renderWithProviders } from '../../../../testing/render';
import { DrinkCard } from './drink-card';

const drink = makeDrink({ name: 'Golden Eagle', category: 'Coffee Classics', categorySlug: 'coffee-classics', slug: 'golden-eagle' });
const drinkUrl = `${window.location.origin}/menu/coffee-classics/golden-eagle`;

describe('the drink card', () => {
  it('shows the chosen size when one is given, the price still from the smallest size', async () => {
    renderWithProviders(<DrinkCard drink={drink} size="large" />);

    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('from $4.65');
    expect(card).toHaveTextContent('500 cal · 32 oz');
    expect(within(card).getByRole('img', { name: 'Golden Eagle' })).toHaveAttribute('loading', 'lazy');
  });

  it('uses `image` when there is no imageUrl', async () => {
    renderWithProviders(<DrinkCard drink={{ ...drink, imageUrl: null, image: '/images/drinks/legacy.webp' }} />);

    expect(screen.getByRole('img', { name: 'Golden Eagle' })).toHaveAttribute('src', '/images/drinks/legacy.webp');
  });

  it("shares the drink's own page through the native share sheet when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    const { user } = renderWithProviders(<DrinkCard drink={drink} />);

    await user.click(screen.getByRole('button', { name: 'Share Golden Eagle' }));

    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Golden Eagle', url: drinkUrl }));
    expect(screen.queryByText('Link copied to clipboard!')).not.toBeInTheDocument();
  });

  it('copies the link and says so when there is no native share', async () => {
    const { user } = renderWithProviders(<DrinkCard drink={drink} />);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'Share Golden Eagle' }));

    expect(writeText).toHaveBeenCalledWith(drinkUrl);
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
  });
});
