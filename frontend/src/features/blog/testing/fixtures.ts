import type { BlogPost } from '@coffee-guide/contracts';

let nextId = 1;

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

export function makePost(overrides: Partial<BlogPost> & Pick<BlogPost, 'slug' | 'title' | 'category'>): BlogPost {
  return {
    id: nextId++,
    excerpt: `${overrides.title}: the short version.`,
    content: `${words(150)}\n\n${words(100)}`,
    tags: [],
    imageUrl: `/images/blog/${overrides.slug}.png`,
    publishedAt: '2025-03-15T15:00:00.000Z',
    ...overrides,
  };
}

/** Newest first, as /api/blog answers. */
export function postsFixture(): BlogPost[] {
  return [
    makePost({
      slug: 'cold-brew-lineup-review',
      title: 'The Cold Brew Lineup, Reviewed',
      category: 'reviews',
      tags: ['cold brew', 'nitro', 'review', 'coffee'],
      publishedAt: '2025-08-22T15:00:00.000Z',
    }),
    makePost({
      slug: 'astronaut-secret-menu-recipe',
      title: 'How to Order the Astronaut',
      category: 'secret-menu',
      tags: ['astronaut', 'secret menu', 'fan recipes'],
      publishedAt: '2025-07-18T15:00:00.000Z',
    }),
    makePost({
      slug: 'first-visit-ordering-guide',
      title: 'Your First Visit: An Ordering Guide',
      category: 'guides',
      tags: ['first visit', 'ordering'],
      excerpt: 'Everything a first-timer needs, from sizes to the line runner.',
      publishedAt: '2025-01-22T15:00:00.000Z',
    }),
    makePost({
      slug: 'aquaberry-how-to-order',
      title: 'The Aquaberry, Explained',
      category: 'secret-menu',
      tags: ['aquaberry', 'secret menu', 'lemonade'],
      publishedAt: '2025-02-10T15:00:00.000Z',
    }),
    makePost({
      slug: 'golden-eagle-review',
      title: 'Golden Eagle Review',
      category: 'reviews',
      tags: ['golden eagle', 'breve', 'review'],
      publishedAt: '2025-01-05T15:00:00.000Z',
      content: 'First paragraph <b>not bold</b>.\n\nSecond paragraph.\n\n\nThird <script>alert(1)</script> paragraph.',
    }),
  ];
}
