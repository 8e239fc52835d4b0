/** What the browser loads to write a page's head, after render (lib/use-page-head): a chunk of its own. */
export { applyHead } from './apply';
export { buildPageHead } from './build';
