/**
 * The README stays one screen and names every environment variable; docs/configuration.md has the full
 * table (docs/development.md says what else lives where):
 *   - README.md: at most 1,000 words, under 300 in its first 40 lines; `npm test` is its test command (CI
 *     runs what the README gives, .ci/run); it names every variable any app's env schema declares
 *     (bff/src/config/env.ts, services/<svc>/src/config/env.ts, the nest-common pieces they share), every one
 *     the infra scripts and test runners read, and every one of .env.example.
 *   - docs/configuration.md names each of those too, and the README names nothing it lacks.
 *   npx jest -c infra/jest.config.cjs infra/docs/readme
 */
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { envVariables } from '../lib/env-variables';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The variables an env schema file declares: its object keys in capitals (`CATALOG_PORT: envPieces.port(3001)`). */
function schemaVariables(file: string): string[] {
  if (file.endsWith('config/env.ts')) return envVariables(path.join(ROOT, file));
  return [...read(file).matchAll(/^\s+([A-Z][A-Z0-9_]{2,})\??:/gm)].map((m) => m[1]);
}

const SCHEMA_FILES = [
  'bff/src/config/env.ts',
  ...readdirSync(path.join(ROOT, 'services')).map((svc) => `services/${svc}/src/config/env.ts`),
  'libs/nest-common/src/redis.ts',
  'libs/nest-common/src/auth/admin-auth.module.ts',
];

/** Variables of the process itself or set by a test for its own child process: not configuration. */
const NOT_CONFIGURATION = new Set(['CI', 'PATH', 'HOME', 'JEST_WORKER_ID', 'SERVER', 'PLAN', 'COUNTER']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(rel));
    } else if (/\.(mjs|cjs|js|ts)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** What the infra scripts, test runners and benches read from their environment. */
function infraVariables(): string[] {
  const found = new Set<string>();
  for (const file of [...sourceFiles('infra'), ...sourceFiles('libs/nest-common/src/testing')]) {
    for (const m of read(file).matchAll(/\b(?:process\.env|ENV)(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)) found.add(m[1]);
  }
  return [...found].filter((name) => !NOT_CONFIGURATION.has(name));
}

const envExampleVariables = () => [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);

/** Every `NAME` in backticks a Markdown file names. */
const named = (text: string) => new Set([...text.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((m) => m[1]));

describe('README and docs/configuration.md', () => {
  const readme = read('README.md');
  const configuration = read('docs/configuration.md');
  const schema = [...new Set(SCHEMA_FILES.flatMap(schemaVariables))].sort();
  const every = [...new Set([...schema, ...infraVariables(), ...envExampleVariables()])].sort();

  it('finds the variables (the schemas are read, not guessed)', () => {
    expect(schema.length).toBeGreaterThan(80);
    for (const name of [
      'BFF_PORT',
      'CATALOG_DATABASE_URL',
      'REDIS_URL',
      'CONTENT_WORKER_ENABLED',
      'LOGIN_MAX_FAILURES',
      'AUTH_JWKS_URL',
    ]) {
      expect(schema).toContain(name);
    }
    for (const name of ['POSTGRES_URL', 'E2E_PORT_BASE', 'BENCH_PORT_BASE', 'LIGHTHOUSE_RUNS', 'SITE_PORT'])
      expect(every).toContain(name);
  });

  it('keeps the README on one screen: at most 1,000 words, under 300 in its first 40 lines', () => {
    expect(words(readme)).toBeLessThanOrEqual(1000);
    expect(words(readme.split('\n').slice(0, 40).join('\n'))).toBeLessThan(300);
  });

  it('gives `npm start` and `npm test` as the commands, in its first 40 lines', () => {
    const top = readme.split('\n').slice(0, 40).join('\n');
    expect(top).toMatch(/^npm ci && npm start\b/m);
    expect(top).toMatch(/^npm test\b/m);
  });

  it('names every variable an app schema declares, in the README', () => {
    const inReadme = named(readme);
    expect(schema.filter((name) => !inReadme.has(name))).toEqual([]);
  });

  it('names every variable of the schemas, the scripts and .env.example, in the README and docs/configuration.md', () => {
    const inReadme = named(readme);
    const inConfiguration = named(configuration);
    expect(every.filter((name) => !inReadme.has(name))).toEqual([]);
    expect(every.filter((name) => !inConfiguration.has(name))).toEqual([]);
  });

  it('names in the README only variables docs/configuration.md explains', () => {
    const inConfiguration = named(configuration);
    expect([...named(readme)].filter((name) => !inConfiguration.has(name) && name !== 'X_FILE')).toEqual([]);
  });

  it('links every doc under docs/ that a newcomer needs from the README', () => {
    for (const doc of [
      'architecture',
      'configuration',
      'development',
      'decisions',
      'conventions',
      'compose',
      'kubernetes',
      'operations',
      'security',
    ]) {
      expect(readme).toContain(`(docs/${doc}.md)`);
    }
  });
});
