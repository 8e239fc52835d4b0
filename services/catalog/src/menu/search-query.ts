/**
 * Turns what a visitor typed into the forms the ranking compares: lowercase words without punctuation
 * ("Tiger's" -> "tigers", "9-1-1" -> "9 1 1"), the same without spaces ("911", so number forms meet), and
 * the words after aliases (names visitors use for what the menu calls otherwise).
 */
export interface NormalisedQuery {
  /** words joined by one space: "golden eagle" */
  phrase: string;
  /** the words without separators: "goldeneagle", "911" */
  compact: string;
  /** each word with its singular, as a Postgres word-boundary regex: "\m(caramelizers|caramelizer)\M" */
  wordPatterns: string[];
}

/** Visitor words -> the menu's words. Keys and values are normalised phrases. */
export const SEARCH_ALIASES: Record<string, string> = {
  frost: 'freeze',
  frosts: 'freeze',
  'hot chocolate': 'hot cocoa',
  cocoa: 'hot cocoa',
  'energy drink': 'rebel',
  'energy drinks': 'rebel',
  energy: 'rebel',
  'red bull': 'rebel',
  redbull: 'rebel',
  'double rainbow': 'double rainbro',
  'sugar free': 'zero sugar',
  sf: 'zero sugar',
  milkshake: 'shake',
  'milk shake': 'shake',
  'italian soda': 'sparkling soda',
  soda: 'sparkling soda',
  'nine one one': '9 1 1',
  'nine eleven': '9 1 1',
  'iced tea': 'tea',
  'chai tea': 'chai',
  oatmilk: 'oat milk',
  boba: 'poppin boba',
};

export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/(\d) (?=\d)/g, '$1');
}

/** Replaces whole-phrase aliases, longest first, so "energy drink" wins over "energy". */
export function applyAliases(phrase: string): string {
  let out = ` ${phrase} `;
  for (const alias of Object.keys(SEARCH_ALIASES).sort((a, b) => b.length - a.length)) {
    out = out.split(` ${alias} `).join(` ${SEARCH_ALIASES[alias]} `);
  }
  return out.trim().replace(/\s+/g, ' ');
}

export function normaliseQuery(raw: string): NormalisedQuery | null {
  const phrase = applyAliases(normaliseText(raw.slice(0, 100)));
  if (!phrase) return null;
  const words = phrase.split(' ').filter((w) => w !== 'and' || phrase === 'and');
  const wordPatterns = words.map((w) => {
    const forms = new Set([w]);
    if (w.length > 3 && w.endsWith('es') && /(ch|sh|x|s)es$/.test(w)) forms.add(w.slice(0, -2));
    if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) forms.add(w.slice(0, -1));
    return `\\m(${[...forms].join('|')})\\M`;
  });
  return { phrase, compact: phrase.replace(/ /g, ''), wordPatterns };
}
