import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderDashboard, setupAdmin, SLOW } from '@/admin/testing/admin-test-utils';
import { searchContent, type ContentHit } from './content-search';

const hit = (kind: ContentHit['kind'], title: string, text: string): ContentHit => ({
  kind,
  title,
  detail: '',
  tab: 'blog',
  draft: false,
  text: text.toLowerCase(),
});

describe('searchContent', () => {
  it('finds the records holding every word, of any kind, whatever the case', () => {
    const records = [
      hit('Blog post', 'Secret menu', 'Secret menu guide'),
      hit('Menu item', 'Caramelizer', 'caramelizer secret menu espresso'),
      hit('Stand', 'Medford', 'medford or crater lake'),
    ];
    expect(searchContent(records, 'SECRET menu').map((r) => r.title)).toEqual(['Secret menu', 'Caramelizer']);
    expect(searchContent(records, 'crater medford').map((r) => r.kind)).toEqual(['Stand']);
    expect(searchContent(records, '  ')).toEqual([]);
  });
});

describe('Search all content (Overview)', SLOW, () => {
  it('searches blog posts, page sections, SEO records, menu items and stands from one box, and opens a hit', async () => {
    setupAdmin();
    const { user } = await renderDashboard();
    const box = await screen.findByRole('searchbox', { name: 'Search all content' });

    await user.type(box, 'faq');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => {
      const kinds = within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '');
      expect(kinds.some((t) => t.startsWith('Page section') && t.includes('faq · intro'))).toBe(true);
      expect(kinds.some((t) => t.startsWith('SEO record') && t.includes('FAQ'))).toBe(true);
    });

    await user.clear(box);
    await user.type(box, 'medford');
    expect(await screen.findByRole('button', { name: /^Open Stand Medford/ })).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'secret menu guide');
    await user.click(await screen.findByRole('button', { name: 'Open Blog post Secret Menu Guide' }));
    expect(await screen.findByRole('table', { name: 'Blog Posts' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Overview/ }));
    const again = await screen.findByRole('searchbox', { name: 'Search all content' });
    await user.type(again, 'caramelizer');
    expect(await screen.findByRole('button', { name: 'Open Menu item Caramelizer' })).toBeInTheDocument();
    await user.clear(again);
    await user.type(again, 'no such words anywhere');
    expect(await screen.findByText('Nothing matches.')).toBeInTheDocument();
  });
});
