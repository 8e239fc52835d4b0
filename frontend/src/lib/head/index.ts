/*
 * The page head, written once (docs/web.md "The head"): `buildPageHead` for the server render and for
 * client navigation, `renderHead` for the HTML, `applyHead` for the DOM, and the escaping of JSON inside
 * an inline script element.
 */
export { buildPageHead, drinkMovedTo, notFoundTitle } from './build';
export {
  DEFAULT_OG_IMAGE,
  headSite,
  seoKeys,
  type HeadData,
  type HeadRoute,
  type HeadSite,
  type PageRoute,
  type SeoLookup,
  type StaticPage,
} from './keys';
export { faqEntries, markdownToText, type FaqEntry } from './faq';
export {
  escapeHtml,
  escapeJsonForScript,
  HEAD_MARKER,
  headTags,
  renderHead,
  type HeadTag,
  type PageHead,
} from './render';
