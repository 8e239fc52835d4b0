import { toTemplate } from './index-html';

const VITE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Generic &amp; title</title>
    <meta
      name="description"
      content="Generic description."
    />
    <link rel="icon" type="image/png" href="/favicon.png" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('index.html template', () => {
  it('drops the generic title and description, keeps the rest, and puts the head before </head>', () => {
    const t = toTemplate(VITE_INDEX);
    const page = `${t.before}<title>Mine</title>${t.after}`;
    expect(page).not.toContain('Generic');
    expect(page).toContain('<meta charset="UTF-8" />');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(page.indexOf('<title>Mine</title>')).toBeLessThan(page.indexOf('</head>'));
    expect(page.indexOf('<title>Mine</title>')).toBeGreaterThan(page.indexOf('index-abc.js'));
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('names each build differently', () => {
    expect(toTemplate(VITE_INDEX).build).not.toBe(toTemplate(VITE_INDEX.replace('abc', 'abd')).build);
  });
});
