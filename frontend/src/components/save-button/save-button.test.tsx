import { screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { readSaved, toggleSaved } from '@/lib/saved/saved-store';
import { makeDrink } from '@/testing/fixtures';
import { renderWithProviders, TEST_NOW } from '@/testing/render';
import SaveButton from './save-button';

const drink = makeDrink({
  name: 'Golden Eagle',
  category: 'Coffee Classics',
  categorySlug: 'coffee-classics',
  slug: 'golden-eagle',
});

describe('the save heart', () => {
  it('renders un-saved without the browser (the server render), whatever the device saved', () => {
    toggleSaved('drink', drink);
    const html = renderToString(
      <AppProviders env="test" queryClient={createQueryClient()} now={TEST_NOW}>
        <MemoryRouter>
          <SaveButton kind="drink" item={drink} name={drink.name} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('aria-label="Save Golden Eagle"');
    // a card's heart is one plain button drawn by a stylesheet: no Mantine component, no inline variables
    const button = html.slice(html.indexOf('<button'));
    expect(button).toMatch(/^<button type="button"[^>]*class="save-heart mantine-focus-auto mantine-active /);
    expect(button).not.toContain('style=');
    expect(button).not.toContain('mantine-ActionIcon');
  });

  it('shows the saved state after mount, in the same button', async () => {
    toggleSaved('drink', drink);
    renderWithProviders(<SaveButton kind="drink" item={drink} name={drink.name} />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Golden Eagle' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('saves and removes the item on this device; a labelled button does the same', async () => {
    const { user } = renderWithProviders(<SaveButton kind="drink" item={drink} name={drink.name} label="Save" />);
    const button = screen.getByRole('button', { name: 'Save Golden Eagle' });
    expect(button).toHaveTextContent('Save');
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(readSaved().drinks.map((d) => d.id)).toEqual([drink.id]);
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(readSaved().drinks).toEqual([]);
  });

  it('notes a save with a link to the saved list, and follows it in the page', async () => {
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/" element={<SaveButton kind="drink" item={drink} name={drink.name} />} />
        <Route path="/saved" element={<h1>My drinks and stands</h1>} />
      </Routes>,
    );
    await user.click(screen.getByRole('button', { name: 'Save Golden Eagle' }));
    expect(await screen.findByText('Golden Eagle saved')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'See your saved drinks and stands' });
    expect(link).toHaveAttribute('href', '/saved');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'My drinks and stands' })).toBeInTheDocument();
  });
});
