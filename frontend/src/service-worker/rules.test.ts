import { describe, expect, it } from 'vitest';
import { isAdminPath, isPublicApiRead, isPublicPage, isSiteImage, mayStore } from './rules';

const ORIGIN = 'https://guide.example';
const url = (path: string) => new URL(path, ORIGIN);

describe('what the service worker may keep', () => {
  it('never the admin: its pages and its API, whatever the case or the query', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/login?next=/admin',
      '/ADMIN/menu',
      '/api/admin',
      '/api/admin/messages',
      '/Api/Admin/login',
    ]) {
      expect(isAdminPath(url(path).pathname), path).toBe(true);
      expect(isPublicPage(url(path), ORIGIN), path).toBe(false);
      expect(isPublicApiRead(url(path), ORIGIN), path).toBe(false);
    }
    expect(isAdminPath('/administrator-tips')).toBe(false);
    expect(isAdminPath('/blog/admin')).toBe(false);
  });

  it('public pages of this origin, not the API, the build files or the worker itself', () => {
    for (const path of [
      '/',
      '/menu',
      '/menu/coffee-classics/golden-eagle',
      '/locations/or/grants-pass/sw-6th-st',
      '/saved',
      '/blog/admin',
    ]) {
      expect(isPublicPage(url(path), ORIGIN), path).toBe(true);
    }
    for (const path of ['/api/menu', '/assets/index-abc.js', '/sw.js'])
      expect(isPublicPage(url(path), ORIGIN), path).toBe(false);
    expect(isPublicPage(new URL('https://other.example/menu'), ORIGIN)).toBe(false);
  });

  it('public API reads, not health, docs, metrics or the contact form', () => {
    for (const path of [
      '/api/menu',
      '/api/menu/items/golden-eagle',
      '/api/site',
      '/api/locations/search?q=97526',
      '/api/seo/home',
    ]) {
      expect(isPublicApiRead(url(path), ORIGIN), path).toBe(true);
    }
    for (const path of [
      '/api/health',
      '/api/ready',
      '/api/docs',
      '/api/docs/json',
      '/api/openapi.json',
      '/api/metrics',
      '/api/contact',
      '/menu',
    ]) {
      expect(isPublicApiRead(url(path), ORIGIN), path).toBe(false);
    }
    expect(isPublicApiRead(new URL('https://other.example/api/menu'), ORIGIN)).toBe(false);
  });

  it('pictures under /images of this origin only (not the map tiles)', () => {
    expect(isSiteImage(url('/images/drinks/chai.png'), ORIGIN)).toBe(true);
    expect(isSiteImage(new URL('https://a.tile.openstreetmap.org/1/1/1.png'), ORIGIN)).toBe(false);
  });

  it('stores only a 200 the server did not mark private or not to be stored', () => {
    const answer = (status: number, cacheControl?: string) => ({
      status,
      headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
    });
    expect(mayStore(answer(200, 'public, max-age=0, s-maxage=60'))).toBe(true);
    expect(mayStore(answer(200))).toBe(true);
    expect(mayStore(answer(200, 'no-store'))).toBe(false);
    expect(mayStore(answer(200, 'private, max-age=60'))).toBe(false);
    expect(mayStore(answer(404))).toBe(false);
    expect(mayStore(answer(503))).toBe(false);
  });
});
