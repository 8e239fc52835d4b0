#!/usr/bin/env node
// Rewrites the imports of frontend/src that climb two or more folders (`../../x`) to the `@/` alias of
// frontend/src (docs/conventions.md). Sibling and one-level imports (`./x`, `../x`) stay relative.
// Safe to run again (after a merge, say): it only touches specifiers that still climb.
//
//   node frontend/scripts/alias-imports.mjs          rewrite in place, print what changed
//   node frontend/scripts/alias-imports.mjs --check  change nothing; exit 1 when some import still climbs
//
// Module specifiers are found with the TypeScript parser: import/export declarations, `import type`,
// dynamic `import()`, `require()` and vitest's `vi.mock`/`vi.doMock`/`vi.importActual`/`vi.importMock`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const check = process.argv.includes('--check');
const MOCK_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) yield full;
  }
}

/** The string literals of a file that name a module. */
function moduleSpecifiers(file, text) {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      const isMock =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        MOCK_CALLS.has(callee.name.text);
      if (isImport || isRequire || isMock) found.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found.map((lit) => ({ start: lit.getStart(sf) + 1, end: lit.getEnd() - 1, spec: lit.text }));
}

let files = 0;
let rewritten = 0;
for (const file of sourceFiles(src)) {
  const text = fs.readFileSync(file, 'utf8');
  const edits = [];
  for (const { start, end, spec } of moduleSpecifiers(file, text)) {
    if (!spec.startsWith('../../')) continue;
    const target = path.resolve(path.dirname(file), spec);
    const inside = path.relative(src, target);
    if (inside.startsWith('..') || path.isAbsolute(inside)) continue; // leaves frontend/src: not the alias's
    edits.push({ start, end, replacement: `@/${inside.split(path.sep).join('/')}` });
  }
  if (edits.length === 0) continue;
  files += 1;
  rewritten += edits.length;
  console.log(`${path.relative(process.cwd(), file)}: ${edits.length}`);
  if (check) continue;
  let out = text;
  for (const { start, end, replacement } of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, start) + replacement + out.slice(end);
  fs.writeFileSync(file, out);
}
console.log(`${check ? 'would rewrite' : 'rewrote'} ${rewritten} imports in ${files} files`);
if (check && rewritten > 0) process.exit(1);
