import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { PAGE_ROUTES, ROUTE_REDIRECTS } from '@coffee-guide/contracts';

/*
 * The route manifest (libs/contracts/src/public/page-routes.ts) is the only place a public page route is
 * written (docs/routes.md). This check reads the shipped sources of the BFF and the frontend (tests and test
 * helpers aside) and fails on what would name a route again:
 *   - a string literal that is a route pattern with parameters (`'/menu/:category'`, `'locations/:state'`),
 *     but for an API controller's own route (`@Get('blog/:slug')`, under `/api`);
 *   - a react-router route declared with a literal path (`path: 'faq'`) instead of the manifest's;
 *   - in the BFF's route code (the matcher, the render, the lean path, the sitemap), a page path built or
 *     compared by hand (`` `/menu/${slug}` ``, `'/faq'`, `first === 'menu'`); a call to a service's own API
 *     (`catalog.getJson('/menu')`) is not a page path.
 * Links a page shows (`href: '/menu'`) are addresses, not routes, and stay where they are.
 */

const ROOT = path.resolve(__dirname, '../../..');
const MANIFEST = 'libs/contracts/src/public/page-routes.ts';
const patterns = [...Object.values(PAGE_ROUTES), ...ROUTE_REDIRECTS].map((r) => r.pattern);
const withParams = patterns.filter((p) => p.includes(':'));
const sections = [...new Set(patterns.map((p) => p.split('/')[1]).filter(Boolean))];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== 'testing' && name !== 'node_modules') out.push(...sources(file));
    } else if (/\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

interface Finding {
  file: string;
  line: number;
  text: string;
  rule: string;
}

/** The findings of the rules in one source text (exported for the test of the check itself). */
export function findRouteLiterals(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  const lines = text.split('\n');
  const bffRouteCode = /^bff\/src\/(seo|render|lean|sitemap|routes)\//.test(file);
  const declaresRoutes = /\bRouteObject\b/.test(text);
  const quotedPattern = new RegExp(`(['"\`])/?(${withParams.map((p) => escape(p.slice(1))).join('|')})\\1`);
  const sectionList = sections.map(escape).join('|');
  const pagePath = new RegExp(`(?<!\\.(?:get|getJson|stream)\\()(['"\`])/(${sectionList})(?:\\1|/|\\?|\\$\\{)`);
  const segmentCompare = new RegExp(`(?:===|!==|case)\\s*(['"])(${sectionList})\\1`);
  lines.forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    const add = (rule: string) => found.push({ file, line: i + 1, text: line.trim(), rule });
    // a controller's own API route (`@Get('blog/:slug')` under `api/`) is not a page's
    if (quotedPattern.test(line) && !/@(Get|Post|Put|Patch|Delete|All)\(/.test(line)) add('a route pattern');
    if (declaresRoutes && /\bpath:\s*['"`](?![/*]['"`])/.test(line)) add('a router path written by hand');
    if (bffRouteCode && pagePath.test(line)) add('a page path built by hand');
    if (file.startsWith('bff/src/') && segmentCompare.test(line)) add("a route's segment compared by hand");
  });
  return found;
}

describe('the route manifest is the only place a route is written', () => {
  it('finds no route pattern, router path or hand-built page path outside it', () => {
    const files = [...sources(path.join(ROOT, 'bff/src')), ...sources(path.join(ROOT, 'frontend/src'))]
      .map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
      .filter((f) => f !== MANIFEST);
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((f) => findRouteLiterals(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.text}`)).toEqual([]);
  });

  it.each([
    ['frontend/src/x.ts', "const t = 'menu/:category/:drink';", 'a route pattern'],
    ['bff/src/x.ts', 'if (p === "/locations/:state") return;', 'a route pattern'],
    ['frontend/src/app/r.tsx', "const r: RouteObject = { path: 'faq', loader };", 'a router path written by hand'],
    ['bff/src/sitemap/s.ts', 'list.push({ path: `/blog/${p.slug}` });', 'a page path built by hand'],
    ['bff/src/sitemap/s.ts', "pages.push({ path: '/faq' });", 'a page path built by hand'],
    ['bff/src/seo/r.ts', "if (first === 'menu') return page;", "a route's segment compared by hand"],
  ])('fails %s: %s', (file, line, rule) => {
    expect(findRouteLiterals(file, line).map((f) => f.rule)).toContain(rule);
  });

  it.each([
    ['frontend/src/app/home.tsx', "const links = [{ href: '/menu', label: 'Menu' }];"],
    ['bff/src/sitemap/s.ts', "this.catalog.getJson('/menu', drinkListSchema, { requestId })"],
    ['bff/src/menu/menu.controller.ts', "@Get('items/:slug')"],
    ['bff/src/content/content.controller.ts', "@Get('blog/:slug')"],
    ['bff/src/x.ts', "const api = '/api/locations/:state/:city';"],
    ['frontend/src/app/router.tsx', "const r: RouteObject = { path: '*', loader };"],
  ])('lets %s: %s', (file, line) => {
    expect(findRouteLiterals(file, line)).toEqual([]);
  });
});
