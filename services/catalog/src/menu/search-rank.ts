import { normaliseText, type NormalisedQuery } from './search-query';

/**
 * The menu search's ranking (docs/drink-tools.md "Search"): exact and whole-word matches first, then the
 * typo-tolerant ones (by a word's length: none under 4 letters, one edit up to 7, two from 8), and a loose
 * tail (some of the words) only when few drinks match them all.
 */

export interface Candidate {
  id: number;
  name: string;
  searchText: string;
  sortOrder: number;
  isSecretMenu: boolean;
}

/** Fewer drinks than this holding every word adds those within the typos; fewer still, the loose tail. */
export const LOOSE_WHEN_FEWER = 5;
/** The loose tail's length at most. */
export const LOOSE_TAIL = 5;

/** Edits allowed for a query word of this many letters. */
export const editsAllowed = (length: number): number => (length < 4 ? 0 : length <= 7 ? 1 : 2);

/** Optimal string alignment distance (a swap of two neighbours is one edit), stopping once over `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** A word and its singular forms ("caramelizers" -> caramelizer, "peaches" -> peach). */
export function formsOf(word: string): string[] {
  const forms = new Set([word]);
  if (word.length > 3 && /(ch|sh|x|s)es$/.test(word)) forms.add(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) forms.add(word.slice(0, -1));
  return [...forms];
}

/** Words too common to count alone in the loose tail. */
const STOP = new Set(['a', 'an', 'and', 'the', 'of', 'de', 'with', 'in', 'on', 'or']);

type Match = 'exact' | 'typo' | 'none';

/** An item's words, and the same with each one's singular forms (for the exact match both ways). */
interface Words {
  list: string[];
  forms: Set<string>;
}

function wordsOf(text: string): Words {
  const list = [...new Set(text.split(' ').filter(Boolean))];
  const forms = new Set<string>();
  for (const w of list) for (const f of formsOf(w)) forms.add(f);
  return { list, forms };
}

/** A query word: its forms, its typos allowed, whether it is still being typed, and the words seen near it. */
interface QueryWord {
  word: string;
  forms: string[];
  max: number;
  last: boolean;
  near: Map<string, boolean>;
}

/** Within the typos allowed, or (the word still being typed) the start of it: "carame" finds caramel. */
function isNear(q: QueryWord, t: string): boolean {
  let near = q.near.get(t);
  if (near === undefined) {
    near =
      (q.last && q.word.length >= 3 && t.length > q.word.length && t.startsWith(q.word)) ||
      (q.max > 0 && t.length >= 3 && q.forms.some((f) => editDistance(f, t, q.max) <= q.max));
    q.near.set(t, near);
  }
  return near;
}

function matchWord(q: QueryWord, item: Words): Match {
  // "caramelizers" meets caramelizer, and "peach" meets peaches (whose singular is peach)
  if (q.forms.some((f) => item.forms.has(f))) return 'exact';
  return item.list.some((t) => isNear(q, t)) ? 'typo' : 'none';
}

/** pg_trgm's similarity: shared trigrams of the padded words over all of them. */
export function trigramSimilarity(a: string, b: string): number {
  const grams = (s: string) => {
    const out = new Set<string>();
    for (const w of s.split(' ').filter(Boolean)) {
      const p = `  ${w} `;
      for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
    }
    return out;
  };
  const x = grams(a);
  const y = grams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return shared / (x.size + y.size - shared);
}

interface Prepared {
  nname: string;
  nameWords: Words;
  textWords: Words;
}

/** Each drink's words, kept by the text they come from (so an edited drink is simply another entry). */
const PREPARED = new Map<string, Prepared>();
const PREPARED_MAX = 5000;

function prepared(c: Candidate): Prepared {
  const key = `${c.name}\u0000${c.searchText}`;
  let p = PREPARED.get(key);
  if (!p) {
    const nname = normaliseText(c.name);
    p = { nname, nameWords: wordsOf(nname), textWords: wordsOf(`${nname} ${normaliseText(c.searchText)}`) };
    if (PREPARED.size >= PREPARED_MAX) PREPARED.clear();
    PREPARED.set(key, p);
  }
  return p;
}

interface Scored {
  c: Candidate;
  tier: number;
  nameHits: number;
  hits: number;
  sim: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Ranks the menu for a query. Tiers: 6 the whole name (or the same without spaces), 5 the name starts with
 * the words, 4 the name holds them as a phrase, 3 the name holds every word, 2 the name, flavours,
 * description or category hold every word, 1 every word within its typos (only when fewer than
 * LOOSE_WHEN_FEWER hold the words themselves); then, when fewer than LOOSE_WHEN_FEWER drinks match, up to
 * LOOSE_TAIL that hold some of the words.
 */
export function rankMenu(q: NormalisedQuery, items: readonly Candidate[], limit: number): number[] {
  const words = q.phrase.split(' ').filter((w) => w !== 'and' || q.phrase === 'and');
  const phraseRe = new RegExp(`(^| )${escape(q.phrase)}( |$)`);
  const strong: Scored[] = [];
  const loose: Scored[] = [];
  const query: QueryWord[] = words.map((word, i) => ({
    word,
    forms: formsOf(word),
    max: editsAllowed(word.length),
    last: i === words.length - 1,
    near: new Map(),
  }));
  for (const c of items) {
    const { nname, nameWords, textWords } = prepared(c);
    const inName = query.map((w) => matchWord(w, nameWords));
    const inText = query.map((w, i) => (inName[i] === 'exact' ? 'exact' : matchWord(w, textWords)));
    const nameHits = inName.filter((m) => m !== 'none').length;
    const hits = inText.filter((m) => m !== 'none').length;
    let tier = 0;
    if (nname === q.phrase || nname.replace(/ /g, '') === q.compact) tier = 6;
    else if (nname.startsWith(`${q.phrase} `)) tier = 5;
    else if (phraseRe.test(nname)) tier = 4;
    else if (inName.every((m) => m === 'exact')) tier = 3;
    else if (inText.every((m) => m === 'exact')) tier = 2;
    else if (inText.every((m) => m !== 'none')) tier = 1;
    if (tier === 0 && !words.some((w, i) => inText[i] !== 'none' && (!STOP.has(w) || words.length === 1))) continue;
    const scored = { c, tier, nameHits, hits, sim: trigramSimilarity(nname, q.phrase) };
    if (tier > 0) strong.push(scored);
    else loose.push(scored);
  }
  const order = (a: Scored, b: Scored) =>
    b.tier - a.tier ||
    b.hits - a.hits ||
    b.nameHits - a.nameHits ||
    b.sim - a.sim ||
    Number(a.c.isSecretMenu) - Number(b.c.isSecretMenu) ||
    a.c.sortOrder - b.c.sortOrder ||
    a.c.id - b.c.id;
  strong.sort(order);
  // the typos only when few drinks hold the words themselves ("mocha" is not Mochi Berry), the loose tail
  // only when few hold them within their typos
  const exact = strong.filter((s) => s.tier >= 2);
  const out = exact.length < LOOSE_WHEN_FEWER ? strong : exact;
  const tail = out.length < LOOSE_WHEN_FEWER ? loose.sort(order).slice(0, LOOSE_TAIL) : [];
  return [...out, ...tail].slice(0, limit).map((s) => s.c.id);
}
