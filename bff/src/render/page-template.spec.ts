import { routeAssets, toPageTemplate, type Manifest } from './page-template';

// index.html as `vite build` writes it (the entry's script and stylesheet moved into the head)
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Generic title</title>
    <meta name="description" content="Generic description" />
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Css456.css">
    <link rel="manifest" href="/manifest.webmanifest" />
  </head>
  <body>
    <div id="root"></div>
    <noscript>This guide needs JavaScript.</noscript>
  </body>
</html>
`;

const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-AbC123.js',
    isEntry: true,
    css: ['assets/index-Css456.css'],
    imports: ['_shared.js'],
  },
  '_shared.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
  'src/routes/home.tsx': {
    file: 'assets/home-2.js',
    css: ['assets/home-2.css'],
    imports: ['index.html', '_cards.js'],
    dynamicImports: ['_drink-value-3.js', 'src/share-dialog.tsx'],
  },
  '_cards.js': { file: 'assets/cards-4.js', name: 'cards', css: ['assets/cards-4.css'], imports: ['index.html'] },
  '_drink-value-3.js': {
    file: 'assets/drink-value-3.js',
    name: 'drink-value',
    css: ['assets/drink-value-3.css'],
    imports: ['index.html', '_tray.js'],
  },
  '_tray.js': { file: 'assets/tray-5.js', name: 'tray' },
  'src/share-dialog.tsx': {
    file: 'assets/share-dialog-6.js',
    name: 'share-dialog',
    css: ['assets/share-dialog-6.css'],
  },
};

describe('the page template', () => {
  it('takes the entry script and stylesheets out of the head a rendered page uses, and keeps the shell whole', () => {
    const template = toPageTemplate(INDEX, MANIFEST);
    expect(template).not.toBeNull();
    expect(template?.entryScript).toBe('assets/index-AbC123.js');
    expect(template?.entryCss).toEqual(['assets/index-Css456.css']);
    expect(template?.head).not.toMatch(/<script|stylesheet|<title|name="description"/);
    expect(template?.head).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(template?.bodyEnd).not.toContain('<noscript>');
    // the client shell (the admin) is index.html as built
    expect(template?.shell).toBe(INDEX);
  });

  it('is null for an index.html without an empty #root', () => {
    expect(toPageTemplate(INDEX.replace('<div id="root"></div>', '<main></main>'), MANIFEST)).toBeNull();
  });
});

describe('a page’s assets', () => {
  it('are its route chunks’ CSS and JavaScript, without what the entry brings', () => {
    expect(routeAssets(MANIFEST, ['src/routes/home.tsx'])).toEqual({
      css: ['assets/home-2.css', 'assets/cards-4.css'],
      js: ['assets/home-2.js', 'assets/cards-4.js'],
    });
  });

  it('add a chunk loaded before hydration that the page rendered, found by name among the route’s dynamic imports', () => {
    const assets = routeAssets(MANIFEST, ['src/routes/home.tsx'], ['drink-value']);
    expect(assets.css).toEqual(['assets/home-2.css', 'assets/cards-4.css', 'assets/drink-value-3.css']);
    expect(assets.js).toEqual(['assets/home-2.js', 'assets/cards-4.js', 'assets/drink-value-3.js', 'assets/tray-5.js']);
    // a dynamic import the page did not render (the share dialog) stays out
    expect(assets.css).not.toContain('assets/share-dialog-6.css');
  });

  it('ignore a chunk name no route chunk imports', () => {
    expect(routeAssets(MANIFEST, ['src/routes/home.tsx'], ['tray', 'no-such-chunk'])).toEqual(
      routeAssets(MANIFEST, ['src/routes/home.tsx']),
    );
  });
});
