import { HEAD_MARKER, headTags, type HeadTag, type PageHead } from './render';

/** Every element of the document head that the page head owns: the marked ones and index.html's generic ones. */
const OWNED = [
  `[${HEAD_MARKER}]`,
  'title',
  'meta[name="description"]',
  'meta[name="keywords"]',
  'meta[name="robots"]',
  'meta[name^="twitter:"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'link[rel="canonical"]',
  'script[type="application/ld+json"]',
].join(', ');

function matches(element: Element, tag: HeadTag): boolean {
  if (element.tagName.toLowerCase() !== tag.tag) return false;
  const names = Object.keys(tag.attributes);
  if (names.some((name) => element.getAttribute(name) !== tag.attributes[name])) return false;
  const own = element.getAttributeNames().filter((name) => name !== HEAD_MARKER);
  if (own.length !== names.length) return false;
  return tag.text === undefined || element.textContent === tag.text;
}

/**
 * Writes the head into the document: the tags of the previous page (or of the server render) give way to
 * this page's, all marked `data-page-head`. A head equal to the one in place (hydrating the server-rendered
 * page) leaves the DOM untouched. Values are set as attributes and text, never parsed as HTML.
 */
export function applyHead(head: PageHead, doc: Document = document): void {
  const tags = headTags(head);
  const current = Array.from(doc.head.querySelectorAll(OWNED));
  if (current.length === tags.length && current.every((element, i) => matches(element, tags[i]))) return;
  current.forEach((element) => element.remove());
  for (const tag of tags) {
    const element = doc.createElement(tag.tag);
    for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
    element.setAttribute(HEAD_MARKER, '');
    if (tag.text !== undefined) element.textContent = tag.text;
    doc.head.appendChild(element);
  }
}
