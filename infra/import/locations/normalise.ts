/** Text normalisation of the stands file: cities, slugs, street labels, addresses. */

const DIRECTIONS = new Set(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW']);

/** Collapses runs of whitespace and trims. */
export function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** "kennewick" -> "Kennewick", "ST." -> "St.", "McKinney" unchanged (mixed case is taken as meant). */
function fixWordCase(word: string): string {
  return word
    .split('-')
    .map((part) => {
      const letters = part.replace(/[^A-Za-z]/g, '');
      if (letters.length === 0) return part;
      const allLower = letters === letters.toLowerCase();
      const allUpper = letters === letters.toUpperCase();
      if (!allLower && !allUpper) return part;
      return part.charAt(0).toUpperCase() + part.slice(1).toLowerCase();
    })
    .join('-');
}

/**
 * A city as it should be shown and grouped:
 *  - whitespace trimmed and collapsed ("San Antonio " -> "San Antonio");
 *  - a leading compass abbreviation dropped ("SE Port Orchard" -> "Port Orchard", "SW Lakewood" ->
 *    "Lakewood"): those are parts of the street grid, not of the city's name. Spelled-out words stay
 *    ("North Las Vegas", "West Valley City");
 *  - words written all in lower or all in upper case get a capital initial ("kennewick", "ST. George");
 *  - an Irish "O" glued to a capitalised name gets its apostrophe ("OFallon" -> "O'Fallon").
 */
export function normaliseCity(raw: string): string {
  const words = clean(raw).split(' ');
  if (words.length > 1 && DIRECTIONS.has(words[0].replace(/\./g, ''))) words.shift();
  return words
    .map(fixWordCase)
    .map((w) => w.replace(/^O([A-Z][a-z]{2,})$/, "O'$1"))
    .join(' ');
}

/** Street words that are titles, not abbreviations: "DR" -> "Dr", "HWY" -> "Hwy". Route prefixes stay. */
const KEEP_UPPER = new Set([
  'US',
  'SR',
  'FM',
  'RM',
  'CR',
  'SH',
  'IH',
  'I',
  'II',
  'III',
  'IV',
  'N',
  'S',
  'E',
  'W',
  'NE',
  'NW',
  'SE',
  'SW',
  'NB',
  'SB',
  'EB',
  'WB',
  'NEC',
  'NWC',
  'SEC',
  'SWC',
]);
/** Small words written in lower case stay so inside a street name ("Garden of the Gods Rd"). */
const SMALL_WORDS = new Set(['of', 'the', 'to', 'and', 'at', 'on', 'in', 'de', 'del', 'la', 'los', 'las', 'el']);

function fixStreetWord(word: string, index: number): string {
  if (!/[A-Za-z]/.test(word) || /\d/.test(word) || /\.[A-Za-z]/.test(word)) return word;
  if (index > 0 && SMALL_WORDS.has(word)) return word;
  if (word === word.toLowerCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  if (word === word.toUpperCase() && !KEEP_UPPER.has(word) && word.length > 1) {
    return word.charAt(0) + word.slice(1).toLowerCase();
  }
  return word;
}

/**
 * What a street line should not carry: a trailing repeat of the city, state and ZIP ("1478 Blue Oaks
 * Blvd, Roseville, CA", "6410 S Rainbow Blvd Las Vegas, NV 89113") and an internal remark in
 * parentheses that names a stand code ("(RE-LOCATION for OR2505)").
 */
export function stripAddressNoise(line: string, city: string, state: string): string {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return clean(
    clean(line)
      .replace(/\s*\([^)]*\b[A-Z]{2}\d{4}\b[^)]*\)/g, '')
      .replace(new RegExp(`[,\\s]+${escape(city)},?\\s+${escape(state)}(?:\\s+\\d{5})?\\.?$`, 'i'), ''),
  );
}

/** "1227 Stewart Rd." -> "1227 Stewart Rd"; "2840 Santiam Hwy. S.E." -> "2840 Santiam Hwy SE". */
export function tidyStreet(line1: string): string {
  return clean(line1)
    .split(' ')
    .map((w) => (/^(?:[NSEW]\.){1,2}$/.test(w) ? w.replace(/\./g, '') : w)) // S.E. -> SE, N. -> N
    .map((w) => (/^[A-Za-z]{2,}\.$/.test(w) ? w.slice(0, -1) : w)) // Rd. -> Rd (not A.W.)
    .map(fixStreetWord)
    .join(' ');
}

/** The house number at the start of a street line ("2280", "10-12", "1200B"), or null. */
export function houseNumber(line1: string): string | null {
  const m = /^(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)\s+\S/.exec(clean(line1));
  return m ? m[1] : null;
}

/**
 * A short readable label of a stand from its street line: the street without the house number and
 * without a trailing compass suffix after a word ("2280 Zierdt Rd SW" -> "Zierdt Rd"); a suffix after a
 * number stays, it is part of a grid street's name ("3883 W 5400 S" -> "W 5400 S").
 */
export function streetLabel(line1: string): string {
  const tidy = tidyStreet(line1.split(',')[0]);
  const number = houseNumber(tidy);
  const words = (number ? tidy.slice(number.length) : tidy).trim().split(' ').filter(Boolean);
  if (words.length > 1 && DIRECTIONS.has(words[words.length - 1]) && !/\d/.test(words[words.length - 2])) words.pop();
  return words.join(' ');
}

/** "line1, line2", whitespace and noise cleaned (stripAddressNoise); a blank line2 is left out. */
export function address(line1: string, line2: string, city: string, state: string): string {
  return [stripAddressNoise(line1, city, state), stripAddressNoise(line2, city, state)].filter(Boolean).join(', ');
}
