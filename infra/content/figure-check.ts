/**
 * Checks the figures of prose against the data (docs/data/figures.md): a text's figure tokens are filled from the
 * figures of the seed files, exactly as the BFF fills them, and then every figure the text states about
 * the data (a category's caffeine, a count of stands or states, a state's stands, the price range) must be
 * one the data gives. Nothing expected is written here: the expectations all come from `SiteFigures`.
 */
import { fillFigures, figureTokens, MENU_CATEGORIES, US_STATES, type SiteFigures } from '@coffee-guide/domain';

export interface Finding {
  where: string;
  sentence: string;
  figure: string;
  problem: string;
}

/** Words of prose that name a category, mapped to its slug (vocabulary, not figures). */
const CATEGORY_WORDS: [RegExp, string][] = [
  [/\bcoffee classics?\b|\bcoffee drinks?\b|\bespresso drinks?\b|\blattes?\b/gi, 'coffee-classics'],
  [/\brebels?\b|\benergy drinks?\b/gi, 'rebel-energy-drinks'],
  [/\bteas?\b/gi, 'iced-tea'],
  [/\bchai\b/gi, 'chai'],
  [/\bmatcha\b/gi, 'matcha'],
  [/\bcold brews?\b/gi, 'cold-brew'],
  [/\blemonades?\b/gi, 'lemonades'],
  [/\bshakes?\b/gi, 'shakes'],
  [/\bhot cocoa\b/gi, 'hot-cocoa'],
  [/\bsmoothies?\b/gi, 'smoothies'],
  [/\bfreezes?\b/gi, 'blended-freeze'],
  [/\bprotein coffee\b/gi, 'protein-coffee'],
];

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};
const NUM = `(\\d[\\d,]*|${Object.keys(NUMBER_WORDS).join('|')})`;
const toNumber = (text: string): number => NUMBER_WORDS[text.toLowerCase()] ?? Number(text.replace(/,/g, ''));

const STATE_NAMES = Object.entries(US_STATES) as [string, string][];

function sentencesOf(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+(?=[A-Z0-9{"(])/).filter((s) => s.trim() !== '');
}

/** The category named nearest before `index` in the sentence, if any. */
function categoryBefore(sentence: string, index: number): string | undefined {
  let best: { at: number; slug: string } | undefined;
  for (const [pattern, slug] of CATEGORY_WORDS) {
    for (const m of sentence.matchAll(pattern)) {
      if (m.index! < index && (!best || m.index! > best.at)) best = { at: m.index!, slug };
    }
  }
  return best?.slug;
}

/** The state named nearest before `index`, as its code. */
function stateBefore(text: string, index: number): string | undefined {
  let best: { at: number; code: string } | undefined;
  for (const [code, name] of STATE_NAMES) {
    for (const m of text.matchAll(new RegExp(`\\b${name}\\b`, 'g'))) {
      if (m.index! < index && (!best || m.index! > best.at)) best = { at: m.index!, code };
    }
  }
  return best?.code;
}

/** Every problem of one text: tokens the data cannot fill, and stated figures the data does not give. */
export function checkText(where: string, raw: string, figures: SiteFigures): Finding[] {
  const findings: Finding[] = [];
  const filled = fillFigures(raw, figures);
  for (const token of figureTokens(filled)) {
    findings.push({ where, sentence: token, figure: `{${token}}`, problem: 'a figure token the data cannot fill' });
  }
  const allDay = /24 hours|around the clock|never close/i;
  for (const paragraph of filled.split(/\n+/)) {
    const about24 = allDay.test(paragraph);
    for (const sentence of sentencesOf(paragraph)) {
      const report = (figure: string, problem: string) =>
        findings.push({ where, sentence: sentence.trim(), figure, problem });

      // Caffeine: a range or a single figure in mg, attributed to the category named before it.
      for (const m of sentence.matchAll(/(\d[\d,]*)\s*(?:-|–|to)\s*(\d[\d,]*)\s*mg\b|(\d[\d,]*)\s*mg\b/g)) {
        const slug = categoryBefore(sentence, m.index!);
        if (!slug) continue;
        const range = figures.caffeine[slug];
        if (!range) {
          report(m[0], `caffeine stated for ${slug}, which has no caffeine data`);
          continue;
        }
        if (m[1] !== undefined) {
          if (toNumber(m[1]) !== range.min || toNumber(m[2]) !== range.max) {
            report(m[0], `${slug} caffeine is ${range.min}-${range.max} mg in the data`);
          }
        } else if (toNumber(m[3]) !== range.min && toNumber(m[3]) !== range.max) {
          report(m[0], `${slug} caffeine is ${range.min}-${range.max} mg in the data`);
        }
      }

      // States: "24 states".
      for (const m of sentence.matchAll(new RegExp(`\\b${NUM}\\s+states\\b`, 'gi'))) {
        if (toNumber(m[1]) !== figures.stateCount) report(m[0], `the stand list has ${figures.stateCount} states`);
      }

      // Stands: a count of the list, of its open stands, of those not yet open, of the 24-hour ones (in a
      // text about them), or of a state named in the sentence.
      for (const m of sentence.matchAll(
        new RegExp(`\\b${NUM}\\s+(?:(?!of\\b)[A-Za-z'-]+\\s+){0,2}?stands?\\b`, 'gi'),
      )) {
        const n = toNumber(m[1]);
        const allowed = new Set([figures.standCount, figures.openStandCount, figures.notOpenCount]);
        if (about24) allowed.add(figures.open24HoursCount);
        for (const [code, name] of STATE_NAMES) {
          if (sentence.includes(name)) {
            allowed.add(figures.perState[code]?.stands ?? 0);
            if (about24) allowed.add(figures.perState[code]?.open24Hours ?? 0);
          }
        }
        if (!allowed.has(n)) report(m[0], `no count of the stand list is ${n}`);
      }

      // A state's count: "Texas ... with 224", "California has 6", "9 of them are in Oregon".
      const perState = [
        // (not "with 1,085 stands", a count of the list, checked above)
        ...[
          ...sentence.matchAll(
            new RegExp(
              `\\b(?:with|has)\\s+${NUM}(?![,\\d])\\b(?!\\s*(?:AM|PM|%|oz|mg)|\\s+(?:[A-Za-z'-]+\\s+){0,2}?(?:stands?|states)\\b)`,
              'gi',
            ),
          ),
        ].map((m) => ({
          n: toNumber(m[1]),
          code: stateBefore(sentence, m.index!),
          text: m[0],
        })),
        ...[
          ...sentence.matchAll(
            new RegExp(`\\b${NUM}\\s+of them are in (${STATE_NAMES.map(([, n]) => n).join('|')})\\b`, 'gi'),
          ),
        ].map((m) => ({
          n: toNumber(m[1]),
          code: STATE_NAMES.find(([, name]) => name === m[2])?.[0],
          text: m[0],
        })),
      ];
      for (const { n, code, text } of perState) {
        if (!code) continue;
        const st = figures.perState[code] ?? { stands: 0, open24Hours: 0 };
        const ok = n === st.stands || (about24 && n === st.open24Hours);
        if (!ok)
          report(
            text,
            `${code} has ${st.stands} stands${about24 ? `, ${st.open24Hours} open 24 hours` : ''} in the data`,
          );
      }

      // Prices: a dollar amount stated as the range of drink prices.
      for (const m of sentence.matchAll(/\$(\d+\.\d{2})\b/g)) {
        if (!figures.price) continue;
        if (m[1] !== figures.price.min && m[1] !== figures.price.max) {
          report(m[0], `drink prices run from $${figures.price.min} to $${figures.price.max} in the data`);
        }
      }
    }
  }
  return findings;
}

/** The category slugs the checker knows words for are real ones (a renamed category fails loudly). */
export function unknownCategoryWords(): string[] {
  const slugs = new Set(MENU_CATEGORIES.map((c) => c.slug));
  return CATEGORY_WORDS.map(([, slug]) => slug).filter((slug) => !slugs.has(slug));
}
