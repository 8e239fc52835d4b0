/*
 * HTML of an `html` page section: sanitised with sanitize-html (a well-kept allow-list sanitiser) when
 * written and again when read, so a row written before a rule was tightened is still served clean.
 * Basic formatting and links only; links to http(s) URLs or to paths of this site; no attributes but
 * href/title on links; no scripts, styles, event handlers, iframes or images.
 */

import { withoutUnsafeLinks } from '@coffee-guide/contracts';

interface SanitizeOptions {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedSchemes: string[];
  allowedSchemesAppliedToAttributes: string[];
  allowProtocolRelative: boolean;
  disallowedTagsMode: 'discard' | 'escape' | 'recursiveEscape';
  transformTags?: Record<
    string,
    (tagName: string, attribs: Record<string, string>) => { tagName: string; attribs: Record<string, string> }
  >;
}

// @types/sanitize-html is not installed: the one function used, typed narrowly.
const sanitizeHtml = require('sanitize-html') as (dirty: string, options: SanitizeOptions) => string;

const OPTIONS: SanitizeOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'span',
    'a',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: /^https?:/i.test(attribs.href ?? '') ? 'noopener noreferrer nofollow' : (attribs.rel ?? ''),
      },
    }),
  },
};

export function sanitizeSectionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const NO_TAGS: SanitizeOptions = {
  allowedTags: [],
  allowedAttributes: {},
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** What sanitize-html escapes in text, put back: the stored text is Markdown, never HTML. */
const unescapeText = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * A blog post's Markdown body as it is stored and served (docs/security.md,
 * "Markdown bodies"): every HTML tag taken out with sanitize-html (script and style with their text), until
 * none is left (an escaped tag, once unescaped, is a tag again); then every link or picture whose address is
 * not an http(s) URL or a path of this site (javascript:, data:, //host, /\host) reduced to its text. The
 * frontend renders the Markdown as elements, never as HTML.
 */
export function sanitizeMarkdown(source: string): string {
  let text = source;
  for (let round = 0; round < 5; round++) {
    const next = unescapeText(sanitizeHtml(text, NO_TAGS));
    if (next === text) break;
    text = next;
  }
  // trimmed as the write schema trims what it is given: a removed last line leaves no blank end
  return withoutUnsafeLinks(text).trim();
}

/** Sanitises `content` when the section is html; other types are stored and served as written. */
export function cleanContent(contentType: string, content: string): string {
  return contentType === 'html' ? sanitizeSectionHtml(content) : content;
}
