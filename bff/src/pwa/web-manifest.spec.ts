import { webManifest } from './web-manifest';

describe('webManifest', () => {
  it('names the app from the site settings, standalone, with icons at 192 and 512 px (one maskable) and the shortcuts', () => {
    const manifest = webManifest({ brandName: 'Dutch Bros', siteName: 'Coffee Guide' });
    expect(manifest).toMatchObject({
      name: 'Coffee Guide',
      short_name: 'Coffee Guide',
      display: 'standalone',
      start_url: '/?source=pwa',
      scope: '/',
    });
    expect(manifest.description).toContain('Dutch Bros');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual([
      '/menu?source=pwa',
      '/locations?near=me&source=pwa',
      '/saved?source=pwa',
    ]);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps a long name whole and shortens the home-screen label at a word', () => {
    const manifest = webManifest({ brandName: 'Dutch Bros', siteName: 'Coffee Fan Guide Online' });
    expect(manifest.name).toBe('Coffee Fan Guide Online');
    expect(manifest.short_name).toBe('Coffee Fan');
    expect(webManifest({ brandName: 'X', siteName: 'Superlongsinglewordname' }).short_name).toBe('Superlongsin');
  });

  it('uses the built-in name when the settings have none', () => {
    expect(webManifest({ brandName: 'Dutch Bros' }).name).toBe('Coffee Guide');
  });
});
