import { KIDS_DRINKS_TARGET, matchRoute } from './routes';

describe('matchRoute', () => {
  it.each([
    ['/', { type: 'home' }, '/'],
    ['/menu', { type: 'static', page: 'menu' }, '/menu'],
    ['/FAQ/', { type: 'static', page: 'faq' }, '/faq'],
    ['/saved', { type: 'static', page: 'saved' }, '/saved'],
    ['/menu/coffee-classics', { type: 'menu-category', category: 'coffee-classics' }, '/menu/coffee-classics'],
    ['/menu/secret-menu?size=large', { type: 'menu-category', category: 'secret-menu' }, '/menu/secret-menu'],
    [
      '/menu/faves/golden-eagle',
      { type: 'drink', category: 'faves', drink: 'golden-eagle' },
      '/menu/faves/golden-eagle',
    ],
    ['/prices/chai', { type: 'prices-category', category: 'chai' }, '/prices/chai'],
    ['/nutrition/chai', { type: 'nutrition-category', category: 'chai' }, '/nutrition/chai'],
    ['/calories/chai', { type: 'nutrition-category', category: 'chai' }, '/calories/chai'],
    ['/locations/or', { type: 'state', state: 'or' }, '/locations/or'],
    ['/locations/OR/Grants-Pass', { type: 'city', state: 'or', city: 'grants-pass' }, '/locations/or/grants-pass'],
    [
      '/locations/or/grants-pass/sw-6th-st',
      { type: 'stand', state: 'or', city: 'grants-pass', stand: 'sw-6th-st' },
      '/locations/or/grants-pass/sw-6th-st',
    ],
    ['/blog/a-post', { type: 'post', slug: 'a-post' }, '/blog/a-post'],
    ['/admin', { type: 'admin', page: 'login' }, '/admin'],
    ['/admin/login', { type: 'admin', page: 'login' }, '/admin/login'],
    ['/admin/dashboard', { type: 'admin', page: 'dashboard' }, '/admin/dashboard'],
  ])('%s is a page', (url, route, path) => {
    expect(matchRoute(url)).toEqual({ kind: 'page', name: expect.any(String), route, path, known: true });
  });

  it.each([
    ['/menu/not-a-category'],
    ['/menu/not-a-category/golden-eagle'],
    ['/menu/faves/Bad%20Slug!'],
    ['/locations/zz'],
    ['/locations/oregon'],
    ['/blog/<script>'],
  ])('%s matches its route but its item cannot exist', (url) => {
    const m = matchRoute(url);
    expect(m.kind).toBe('page');
    expect(m.kind === 'page' && m.known).toBe(false);
  });

  it.each([['/nope'], ['/menu/a/b/c'], ['/admin/users'], ['/locations/or/a/b/c'], ['/blog/a/b'], ['/%E0%A4%A']])(
    '%s is unmatched',
    (url) => {
      expect(matchRoute(url)).toEqual({ kind: 'unmatched' });
    },
  );

  it.each([
    ['/\\x'],
    ['/%5Cx'],
    ['/blog/a.b'],
    ['/menu/coffee-classics/x.y'],
    ['/blog/a%00b'],
    ['/locations/or/%2F..%2F'],
    ['/menu/a%0Ab'],
    ['//evil.example/x'],
  ])('%s cannot be a page: malformed (a 404 without a render)', (url) => {
    expect(matchRoute(url)).toEqual({ kind: 'malformed' });
  });

  it.each([
    ['//anything/', '/anything'],
    ['//', '/'],
    ['//x//y/?q=1', '/x/y?q=1'],
    ['/menu//faves', '/menu/faves'],
  ])('%s has one address: a redirect to %s', (url, location) => {
    expect(matchRoute(url)).toEqual({ kind: 'redirect', location });
  });

  it.each([
    ['/calories', '/nutrition'],
    ['/calories/?x=1', '/nutrition?x=1'],
    ['/menu/coffee', '/menu/coffee-classics'],
    ['/menu/energy-drinks?size=large', '/menu/rebel-energy-drinks?size=large'],
    ['/prices/frosts', '/prices/blended-freeze'],
    ['/nutrition/teas', '/nutrition/iced-tea'],
    ['/calories/coffee', '/calories/coffee-classics'],
    ['/menu/kids-drinks', KIDS_DRINKS_TARGET],
    ['/prices/kids-drinks?x=1', KIDS_DRINKS_TARGET],
    ['/menu/coffee/golden-eagle', '/menu/coffee-classics/golden-eagle'],
  ])('%s redirects to %s', (url, location) => {
    expect(matchRoute(url)).toEqual({ kind: 'redirect', location });
  });
});
