import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/data/figures.md: no date shown to visitors comes from a constant in the frontend. Dates come from the data (the
 * price and nutrition models' and the stand list's as-of dates, in the site bundle) or from page content
 * (the legal pages' document date). This searches the shipped source for date literals: a month with a
 * year ("January 2025", "July 16, 2025") or an ISO date ("2025-05-28"), in code and text, not in comments.
 */

const SRC = join(__dirname);
const MONTH_YEAR =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+(?:\d{1,2},\s*)?(?:19|20)\d{2}\b/;
const ISO_DATE = /\b(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b/;

/** Test files, fixtures and test helpers are not shown to visitors. */
const isShipped = (path: string) =>
  /\.(ts|tsx)$/.test(path) && !/\.test\.(ts|tsx)$/.test(path) && !/(^|\/)(testing|test)\//.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : isShipped(relative(SRC, path)) ? [path] : [];
  });
}

/** The code without its comments (line, block and JSX comments), so documentation may name dates. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

function dateLiterals(code: string): string[] {
  const found: string[] = [];
  for (const line of withoutComments(code).split('\n')) {
    const m = MONTH_YEAR.exec(line) ?? ISO_DATE.exec(line);
    if (m) found.push(m[0]);
  }
  return found;
}

describe('dates shown to visitors', () => {
  it('finds the literals it looks for (the check can fail)', () => {
    expect(dateLiterals(`export const DEFAULT_PRICES_DATE = 'January 2025';`)).toEqual(['January 2025']);
    expect(dateLiterals('<Text>Last updated: July 16, 2025</Text>')).toEqual(['July 16, 2025']);
    expect(dateLiterals("const asOf = '2025-05-28';")).toEqual(['2025-05-28']);
    expect(dateLiterals("/** '2025-05-28' -> 'May 28, 2025' */\nconst x = 1; // since May 2025")).toEqual([]);
  });

  it('no shipped frontend file writes a date', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      dateLiterals(readFileSync(file, 'utf8')).map((d) => `${relative(SRC, file)}: ${d}`),
    );
    expect(offenders).toEqual([]);
  });
});
