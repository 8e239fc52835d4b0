import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureAnalytics } from '@/lib/analytics';
import { makeDrink } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { DrinkCard } from './drink-card';

const drink = makeDrink({
  name: 'Golden Eagle',
  category: 'Coffee Classics',
  categorySlug: 'coffee-classics',
  slug: 'golden-eagle',
});
const drinkUrl = `${window.location.origin}/menu/coffee-classics/golden-eagle`;

const shareEvents = () =>
  (window.dataLayer ?? [])
    .map((args) => Array.from(args as ArrayLike<unknown>))
    .filter((args) => args[1] === 'share_drink');

describe('the drink card', () => {
  it('shows the price and calories of the chosen size (docs/decisions.md, "The size filter applies")', async () => {
    renderWithProviders(<DrinkCard drink={drink} size="large" />);

    const card = screen.getByRole('article', { name: 'Golden Eagle' });
    expect(card).toHaveTextContent('$6.15 est.');
    expect(card).not.toHaveTextContent('from');
    expect(card).toHaveTextContent('500 cal · 32 oz');
    expect(within(card).getByRole('img', { name: /Golden Eagle/ })).toHaveAttribute('loading', 'lazy');
  });

  it('without a size shows the price from the smallest size and its calories, and no rating', async () => {
    renderWithProviders(<DrinkCard drink={drink} />);

    const card = screen.getByRole('article', { name: 'Golden Eagle' });
    expect(card).toHaveTextContent('from $4.65 est.');
    expect(card).toHaveTextContent('260 cal · 16 oz');
    expect(card).not.toHaveTextContent(/rating|4\.5|4\.25/i);
  });

  it('uses `image` when there is no imageUrl, and the fallback picture when there is neither', async () => {
    const { unmount } = renderWithProviders(
      <DrinkCard drink={{ ...drink, imageUrl: null, image: '/images/drinks/legacy.webp' }} />,
    );
    expect(screen.getByRole('img', { name: /Golden Eagle/ })).toHaveAttribute('src', '/images/drinks/legacy.webp');
    unmount();

    renderWithProviders(<DrinkCard drink={{ ...drink, imageUrl: null }} />);
    expect(screen.getByRole('img', { name: /Golden Eagle/ })).toHaveAttribute('src', '/images/drinks/fallback.png');
  });

  it('shows the Featured badge and the dietary options only when the drink has them', async () => {
    const { unmount } = renderWithProviders(
      <DrinkCard drink={{ ...drink, isFeatured: true, dietaryOptions: ['Caffeine', 'High Protein'] }} />,
    );
    const badges = within(screen.getByRole('list', { name: 'Badges' })).getAllByRole('listitem');
    expect(badges.map((b) => b.textContent)).toEqual(['Featured', 'Caffeine', 'High Protein']);
    unmount();

    renderWithProviders(<DrinkCard drink={drink} />);
    expect(screen.queryByRole('list', { name: 'Badges' })).not.toBeInTheDocument();
  });

  it('gives the Lavender Matcha Latte its blue treatment, and no other drink', async () => {
    renderWithProviders(
      <>
        <DrinkCard drink={makeDrink({ name: 'Lavender Matcha Latte', category: 'Matcha', categorySlug: 'matcha' })} />
        <DrinkCard
          drink={makeDrink({ name: 'Lavender Matcha Lemonade', category: 'Matcha', categorySlug: 'matcha' })}
        />
      </>,
    );

    expect(screen.getByRole('article', { name: 'Lavender Matcha Latte' })).toHaveAttribute('data-special', 'blue');
    expect(screen.getByRole('article', { name: 'Lavender Matcha Lemonade' })).not.toHaveAttribute('data-special');
  });

  it("shares the drink's own page through the native share sheet when there is one, and reports share_drink", async () => {
    configureAnalytics('G-TEST1');
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    const { user } = renderWithProviders(<DrinkCard drink={drink} />);

    await user.click(screen.getByRole('button', { name: 'Share Golden Eagle' }));

    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Golden Eagle', url: drinkUrl }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shareEvents()).toEqual([
      ['event', 'share_drink', { event_category: 'engagement', event_label: 'Golden Eagle' }],
    ]);
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  });

  it('reports nothing and opens no dialog when the visitor cancels the native share sheet', async () => {
    configureAnalytics('G-TEST1');
    const share = vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    const { user } = renderWithProviders(<DrinkCard drink={drink} />);

    await user.click(screen.getByRole('button', { name: 'Share Golden Eagle' }));

    expect(share).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shareEvents()).toEqual([]);
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  });

  it('opens the share dialog with the drink page when there is no native share, and gives focus back on close', async () => {
    const { user } = renderWithProviders(<DrinkCard drink={drink} />);
    const button = screen.getByRole('button', { name: 'Share Golden Eagle' });

    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Share Golden Eagle' });
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(drinkUrl);
    await user.click(within(dialog).getByRole('button', { name: 'Close share dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
