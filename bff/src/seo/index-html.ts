import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { BFF_ENV, type BffEnv } from '../config/env';

const NOT_BUILT =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body>\n    <p>The frontend is not built: run npm run build.</p>\n  </body>\n</html>\n';

/** The built index.html cut where a page's head goes, without the generic tags a page's own head replaces. */
export interface IndexTemplate {
  before: string;
  after: string;
  /** Changes with every frontend build: part of the cache key of a rendered page. */
  build: string;
}

/** Splits an index.html for page heads: its title, description and canonical are left out. */
export function toTemplate(html: string): IndexTemplate {
  const stripped = html
    .replace(/[ \t]*<title\b[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<meta\s[^>]*\bname\s*=\s*["']?description["']?[^>]*>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<link\s[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>[ \t]*\r?\n?/i, '');
  let cut = stripped.search(/<\/head\s*>/i);
  if (cut === -1) {
    const open = /<head\b[^>]*>/i.exec(stripped);
    cut = open ? open.index + open[0].length : 0;
  }
  return {
    before: `${stripped.slice(0, cut).trimEnd()}\n    `,
    after: `\n  ${stripped.slice(cut)}`,
    build: createHash('sha1').update(html).digest('base64url').slice(0, 12),
  };
}

/** The built frontend's index.html (FRONTEND_DIST), read once it exists. */
@Injectable()
export class IndexHtml {
  private template?: IndexTemplate;

  constructor(@Inject(BFF_ENV) private readonly env: BffEnv) {}

  get(): IndexTemplate {
    if (this.template) return this.template;
    const file = path.join(this.env.FRONTEND_DIST, 'index.html');
    if (!existsSync(file)) return toTemplate(NOT_BUILT);
    this.template = toTemplate(readFileSync(file, 'utf8'));
    return this.template;
  }

  /** The page: index.html with the head's tags in place. */
  render(headHtml: string): Buffer {
    const t = this.get();
    return Buffer.from(`${t.before}${headHtml}${t.after}`, 'utf8');
  }
}
