import { chunkFiles, renderIndex, renderUrlset } from './sitemap-xml';

const urls = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    path: `/p/${i}`,
    lastmod: `2025-01-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
  }));

describe('sitemap files', () => {
  it('splits a group into numbered files of at most the limit, losing none', () => {
    const files = chunkFiles('locations', urls(7), 3);
    expect(files.map((f) => [f.name, f.urls.length])).toEqual([
      ['locations-1.xml', 3],
      ['locations-2.xml', 3],
      ['locations-3.xml', 1],
    ]);
    expect(files.flatMap((f) => f.urls.map((u) => u.path))).toEqual(urls(7).map((u) => u.path));
    expect(chunkFiles('blog', [])).toEqual([]);
  });

  it('renders absolute, escaped locations with W3C dates, and an index dated by each file newest URL', () => {
    const file = {
      name: 'pages-1.xml',
      urls: [{ path: '/a?b=1&c=<2>', lastmod: '2025-03-04T05:06:07.890Z' }, ...urls(2)],
    };
    const xml = renderUrlset(file, 'https://guide.example');
    expect(xml).toContain(
      '<loc>https://guide.example/a?b=1&amp;c=&lt;2&gt;</loc><lastmod>2025-03-04T05:06:07Z</lastmod>',
    );
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const index = renderIndex([file], 'https://guide.example');
    expect(index).toContain(
      '<sitemap><loc>https://guide.example/sitemaps/pages-1.xml</loc><lastmod>2025-03-04T05:06:07Z</lastmod></sitemap>',
    );
  });
});
