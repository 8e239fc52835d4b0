/**
 * Comments and docs cite the project's own documents (docs/conventions.md, "Comments"): a rule the code
 * relies on is written in docs/ (docs/decisions.md for the product's rules and the project's own choices)
 * and cited as `docs/<file>.md, "Heading"`. Documents that are not in the repository, and ticket numbers,
 * mean nothing to a reader of the code: this fails when a source, test, infra or doc file cites one, and
 * when a docs/decisions.md citation names a heading that file does not have.
 *   npx jest -c infra/jest.config.cjs infra/docs/citations
 */
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SELF = path.relative(ROOT, __filename);
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  '.git',
  '.dev',
  '.nx',
  'test-output',
  'coverage',
  'backups',
  'secrets',
  'tmp',
]);
const EXTENSIONS = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|css|yaml|yml|sh|conf|md|Dockerfile)$/;
const OTHER_FILES = new Set(['.ci/run', '.env.example']);

/** Outside documents by name, and numbered decisions or tickets. Built from parts so this file does not match itself. */
const OUTSIDE = [
  new RegExp(`\\b${'SP' + 'EC'}(\\.md)?\\b`),
  new RegExp(`\\b${'DES' + 'IGN'}(\\.md)?\\b`),
  /\bdecisions? #?\d+/i,
  /\b(issues?|tickets?) #?\d+/i,
];

function files(dir = ROOT): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...files(path.join(dir, entry.name)));
      continue;
    }
    const rel = path.relative(ROOT, path.join(dir, entry.name));
    if (rel !== SELF && (EXTENSIONS.test(entry.name) || OTHER_FILES.has(rel))) out.push(rel);
  }
  return out;
}

describe('citations', () => {
  const all = files();

  it('reads the whole repository (sources, tests, infra, docs)', () => {
    for (const expected of [
      'README.md',
      'docs/decisions.md',
      'bff/src/main.ts',
      'frontend/src/lib/api-client.ts',
      'infra/scripts/start.mjs',
      '.ci/run',
    ]) {
      expect(all).toContain(expected);
    }
  });

  it('never cites a document outside the repository or a numbered decision or ticket', () => {
    const found: string[] = [];
    for (const file of all) {
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 160)}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('cites only headings docs/decisions.md has', () => {
    const headings = new Set(
      [...readFileSync(path.join(ROOT, 'docs/decisions.md'), 'utf8').matchAll(/^#{2,4} (.+)$/gm)].map((m) =>
        m[1].trim(),
      ),
    );
    expect(headings.size).toBeGreaterThan(20);
    const missing: string[] = [];
    let cited = 0;
    for (const file of all) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      // `docs/decisions.md, "A"` or `docs/decisions.md ("A", "B")`, a comment's line break and `*` allowed between
      for (const m of text.matchAll(/docs\/decisions\.md(?:,|\s\()[\s*/]*((?:"[^"]+"(?:,[\s*/]*)?)+)/g)) {
        for (const [, name] of m[1].matchAll(/"([^"]+)"/g)) {
          cited++;
          if (!headings.has(name)) missing.push(`${file}: "${name}"`);
        }
      }
    }
    expect(cited).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
