import { describe, expect, it } from 'vitest';
import { makePost, postsFixture } from '../testing/fixtures';
import {
  categoryCounts,
  categoryLabel,
  formatPostDate,
  matchesSearch,
  paragraphs,
  popularTags,
  readingMinutes,
  relatedPosts,
} from './blog';

const words = (n: number) => Array.from({ length: n }, () => 'w').join(' ');

describe('blog helpers', () => {
  it('reads 200 words a minute, rounded up', () => {
    expect([
      readingMinutes(words(1)),
      readingMinutes(words(200)),
      readingMinutes(words(201)),
      readingMinutes(''),
    ]).toEqual([1, 1, 2, 1]);
  });

  it('formats dates like "January 5, 2025" and categories without hyphens', () => {
    expect(formatPostDate('2025-01-05T15:00:00.000Z')).toBe('January 5, 2025');
    expect(categoryLabel('secret-menu')).toBe('Secret Menu');
  });

  it('splits paragraphs at blank lines only', () => {
    expect(paragraphs('One\nstill one\n\n  \nTwo\r\n\r\nThree')).toEqual(['One\nstill one', 'Two', 'Three']);
  });

  it('searches title, excerpt and tags case-insensitively', () => {
    const post = makePost({
      slug: 's',
      title: 'Golden Eagle',
      category: 'reviews',
      excerpt: 'Caramel',
      tags: ['breve'],
    });
    expect(['golden', 'CARAMEL', 'Brev', ''].map((q) => matchesSearch(post, q))).toEqual([true, true, true, true]);
    expect(matchesSearch(post, 'matcha')).toBe(false);
  });

  it('relates at most 3 other posts of the category, only when the category has more than one', () => {
    const reviews = Array.from({ length: 5 }, (_, i) =>
      makePost({ slug: `r${i}`, title: `R${i}`, category: 'reviews' }),
    );
    expect(relatedPosts(reviews[1], reviews).map((p) => p.slug)).toEqual(['r0', 'r2', 'r3']);
    expect(relatedPosts(reviews[0], [reviews[0]])).toEqual([]);
  });

  it('counts categories and the most used tags', () => {
    const posts = postsFixture();
    expect(categoryCounts(posts)).toMatchObject({
      all: 5,
      reviews: 2,
      'secret-menu': 2,
      guides: 1,
      news: 0,
      health: 0,
    });
    expect(popularTags(posts, 2)).toEqual([
      { tag: 'review', count: 2 },
      { tag: 'secret menu', count: 2 },
    ]);
  });
});
