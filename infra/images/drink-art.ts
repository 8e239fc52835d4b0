/**
 * Each drink's own illustration, drawn as a small SVG from what the drink is: how it is served (hot cup,
 * iced cup, blended with a dome lid, a snack on a plate), its colours from its flavours and milk, and its
 * toppings (soft top, drizzle, sprinkles, popping boba, fruit pieces). Pure and deterministic: the same
 * drink gives the same bytes. See docs/web.md ("Drink pictures").
 */

export interface DrinkArtInput {
  slug: string;
  name: string;
  category: string;
  mainVariant: string | null;
  flavors: string[];
  ingredients: string[];
}

export type Serve = 'hot' | 'iced' | 'blended' | 'snack';

export const ART_WIDTH = 400;
export const ART_HEIGHT = 300;

const FLAVOR_COLOURS: Record<string, string> = {
  almond: '#d9b48a',
  banana: '#f3dc6b',
  blackberry: '#5b2a5e',
  'blue raspberry': '#2f7fd6',
  caramel: '#c98a3c',
  chocolate: '#6b3f26',
  'chocolate macadamia nut': '#7a4a2e',
  cinnamon: '#a8632f',
  coconut: '#f2ece0',
  'creme de menthe': '#5fbf8f',
  cupcake: '#f2a7c3',
  'dark chocolate': '#4a2a1a',
  grapefruit: '#f07a67',
  'green apple': '#8cc63f',
  hazelnut: '#9b6a3f',
  'irish cream': '#d8c29a',
  kiwi: '#7cb342',
  lavender: '#a78bd4',
  lime: '#a5d24a',
  mango: '#f6a623',
  orange: '#f58a1f',
  'passion fruit': '#e8a33d',
  peach: '#f7a781',
  pineapple: '#f5d04a',
  pomegranate: '#b5283f',
  raspberry: '#d6336c',
  'salted caramel': '#b97a36',
  strawberry: '#e2394b',
  vanilla: '#efe3c2',
  watermelon: '#f2556b',
  'white chocolate': '#f1e6d2',
};

/** The drink's base, before its flavours: what fills the cup. */
function baseColour(d: DrinkArtInput): string {
  const has = (s: string) => d.ingredients.some((i) => i.includes(s));
  if (has('matcha')) return '#8db255';
  if (has('chai')) return '#c89a6a';
  if (has('lemonade')) return '#f6e27a';
  if (has('green tea')) return '#c9c46a';
  if (has('black tea')) return '#a0522d';
  if (has('Rebel')) return '#f4f1d0';
  if (has('sparkling water')) return '#e6f4f7';
  if (has('chocolate sauce') && d.category === 'hot-cocoa') return '#6b3f26';
  if (has('cold brew') || has('espresso')) {
    const milky = has('milk') || has('half and half') || has('sweet cream');
    return milky ? '#b98a5e' : '#4b2e1e';
  }
  if (has('smoothie base')) return '#f4c6a0';
  if (has('ice cream') || has('freeze base')) return '#efe3cf';
  return '#d9c2a0';
}

export function serveOf(d: DrinkArtInput): Serve {
  if (d.category === 'snacks' || d.mainVariant === null) return 'snack';
  if (d.mainVariant === 'hot') return 'hot';
  if (d.mainVariant === 'blended') return 'blended';
  return 'iced';
}

export function toppingsOf(d: DrinkArtInput): string[] {
  const has = (s: string) => d.ingredients.some((i) => i.includes(s));
  const out: string[] = [];
  if (has('soft top') || has('sweet cream')) out.push('soft top');
  if (has('drizzle')) out.push(has('chocolate drizzle') ? 'chocolate drizzle' : 'caramel drizzle');
  if (has('sprinks')) out.push('sprinkles');
  if (has('popping boba')) out.push('popping boba');
  if (has('mochi')) out.push('mochi');
  if (has('strawberry pieces')) out.push('strawberry pieces');
  return out;
}

/** Flavour colours in the drink's order; an unknown flavour gets a stable colour of its own. */
function flavourColours(d: DrinkArtInput): string[] {
  return d.flavors.map((f) => FLAVOR_COLOURS[f] ?? hslFromHash(f));
}

function hslFromHash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return `hsl(${(h >>> 0) % 360} 60% 60%)`;
}

function mixHex(a: string, b: string, t: number): string {
  if (!a.startsWith('#') || !b.startsWith('#')) return t < 0.5 ? a : b;
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (p: number, s: number) => (p >> s) & 255;
  const m = (s: number) => Math.round(ch(pa, s) + (ch(pb, s) - ch(pa, s)) * t);
  return `#${((m(16) << 16) | (m(8) << 8) | m(0)).toString(16).padStart(6, '0')}`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The liquid's colour stops, bottom to top: the base tinted by each flavour. */
function liquidStops(d: DrinkArtInput): string[] {
  const base = baseColour(d);
  const flavours = flavourColours(d);
  if (flavours.length === 0) return [base, base];
  const coffeeLike = d.ingredients.some((i) => /espresso|cold brew|chai|matcha|chocolate sauce/.test(i));
  // coffee keeps its colour and takes a hint of the syrup; fruit drinks take the fruit's colour
  const weight = coffeeLike ? 0.3 : 0.75;
  return flavours.map((c) => mixHex(base, c, weight));
}

/** A vertical gradient with the first flavour at the bottom of the cup. */
function gradient(id: string, stops: string[]): string {
  const top = [...stops].reverse();
  const n = Math.max(1, top.length - 1);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${top.map((c, i) => `<stop offset="${Math.round((i / n) * 100)}%" stop-color="${c}"/>`).join('')}</linearGradient>`;
}

function toppingMarks(toppings: string[], topY: number, left: number, right: number, bottomY: number): string {
  const out: string[] = [];
  const mid = (left + right) / 2;
  if (toppings.includes('soft top')) {
    out.push(
      `<path d="M${left + 4} ${topY + 16} Q${mid} ${topY - 6} ${right - 4} ${topY + 16} L${right - 5} ${topY + 30} L${left + 5} ${topY + 30} Z" fill="#fbf7ee"/>`,
    );
  }
  const drizzle = toppings.find((t) => t.endsWith('drizzle'));
  if (drizzle) {
    const colour = drizzle.startsWith('chocolate') ? '#4a2a1a' : '#b8742c';
    const w = (right - left - 16) / 6;
    let d = `M${left + 8} ${topY + 10}`;
    for (let i = 1; i <= 6; i++) d += ` L${left + 8 + i * w} ${topY + (i % 2 ? 26 : 10)}`;
    out.push(
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  if (toppings.includes('sprinkles')) {
    const colours = ['#e2394b', '#2f7fd6', '#f5d04a', '#7cb342', '#a78bd4'];
    for (let i = 0; i < 10; i++) {
      const x = left + 12 + ((i * 37) % (right - left - 24));
      const y = topY + 6 + ((i * 13) % 18);
      out.push(
        `<rect x="${x}" y="${y}" width="7" height="3" rx="1.5" fill="${colours[i % colours.length]}" transform="rotate(${(i * 47) % 180} ${x} ${y})"/>`,
      );
    }
  }
  if (toppings.includes('popping boba') || toppings.includes('mochi') || toppings.includes('strawberry pieces')) {
    const colour = toppings.includes('popping boba') ? '#d81b45' : toppings.includes('mochi') ? '#f6d6e3' : '#c62839';
    for (let i = 0; i < 9; i++) {
      const x = left + 14 + ((i * 29) % (right - left - 28));
      const y = bottomY - 10 - ((i * 11) % 22);
      out.push(
        `<circle cx="${x}" cy="${y}" r="${toppings.includes('mochi') ? 6 : 5}" fill="${colour}" opacity="0.92"/>`,
      );
    }
  }
  return out.join('');
}

function icedCup(d: DrinkArtInput, toppings: string[]): string {
  const top = 70;
  const bottom = 262;
  const liquidTop = 96;
  const cup = `M150 ${top} L250 ${top} L238 ${bottom} L162 ${bottom} Z`;
  const ice = [
    [170, 110, 8],
    [205, 122, -10],
    [182, 150, 14],
    [215, 165, 4],
  ]
    .map(
      ([x, y, r]) =>
        `<rect x="${x}" y="${y}" width="22" height="22" rx="4" fill="#ffffff" opacity="0.45" transform="rotate(${r} ${x + 11} ${y + 11})"/>`,
    )
    .join('');
  return [
    `<clipPath id="c"><path d="${cup}"/></clipPath>`,
    `<path d="M212 28 L204 ${liquidTop + 40}" stroke="#2b2b2b" stroke-width="7" stroke-linecap="round"/>`,
    `<g clip-path="url(#c)"><rect x="140" y="${liquidTop}" width="120" height="${bottom - liquidTop}" fill="url(#l)"/>${ice}${toppingMarks(toppings, liquidTop, 150, 250, bottom)}</g>`,
    `<path d="${cup}" fill="#ffffff" fill-opacity="0.18" stroke="#5a6b73" stroke-width="3" stroke-linejoin="round"/>`,
    `<rect x="144" y="${top - 8}" width="112" height="10" rx="4" fill="#e8eef0" stroke="#5a6b73" stroke-width="2"/>`,
  ].join('');
}

function blendedCup(d: DrinkArtInput, toppings: string[]): string {
  const top = 96;
  const bottom = 262;
  const cup = `M148 ${top} L252 ${top} L238 ${bottom} L162 ${bottom} Z`;
  const stops = liquidStops(d);
  const cream = toppings.includes('soft top')
    ? '#fbf7ee'
    : mixHex(stops[stops.length - 1].startsWith('#') ? stops[stops.length - 1] : '#efe3cf', '#ffffff', 0.6);
  return [
    `<clipPath id="c"><path d="${cup}"/></clipPath>`,
    `<path d="M214 20 L206 120" stroke="#2b2b2b" stroke-width="10" stroke-linecap="round"/>`,
    `<g clip-path="url(#c)"><rect x="140" y="${top}" width="124" height="${bottom - top}" fill="url(#l)"/>${toppingMarks(
      toppings.filter((t) => t !== 'soft top' && !t.endsWith('drizzle')),
      top,
      148,
      252,
      bottom,
    )}</g>`,
    `<path d="${cup}" fill="#ffffff" fill-opacity="0.15" stroke="#5a6b73" stroke-width="3" stroke-linejoin="round"/>`,
    `<path d="M146 ${top} Q150 48 200 46 Q250 48 254 ${top} Z" fill="#ffffff" fill-opacity="0.35" stroke="#5a6b73" stroke-width="3"/>`,
    `<path d="M160 ${top} Q164 70 184 74 Q190 56 206 62 Q224 56 230 76 Q244 80 240 ${top} Z" fill="${cream}"/>`,
    toppingMarks(
      toppings.filter((t) => t.endsWith('drizzle') || t === 'sprinkles'),
      62,
      164,
      236,
      top,
    ),
  ].join('');
}

function hotCup(d: DrinkArtInput, toppings: string[]): string {
  const stops = liquidStops(d);
  const band = stops.map((c, i) => {
    const h = 60 / stops.length;
    return `<rect x="150" y="${150 + i * h}" width="100" height="${h + 0.5}" fill="${c}"/>`;
  });
  const cup = 'M152 86 L248 86 L236 262 L164 262 Z';
  const steam = [180, 200, 220]
    .map(
      (x, i) =>
        `<path d="M${x} ${62 - i * 2} q-8 -12 0 -22 q8 -10 0 -22" fill="none" stroke="#b9c4c9" stroke-width="3" stroke-linecap="round"/>`,
    )
    .join('');
  const topping =
    toppings.includes('soft top') || toppings.some((t) => t.endsWith('drizzle'))
      ? toppingMarks(toppings, 40, 170, 230, 70)
      : '';
  return [
    steam,
    `<clipPath id="c"><path d="${cup}"/></clipPath>`,
    `<path d="${cup}" fill="#fdfaf4" stroke="#5a6b73" stroke-width="3" stroke-linejoin="round"/>`,
    `<g clip-path="url(#c)">${band.join('')}</g>`,
    `<path d="M146 76 L254 76 L250 92 L150 92 Z" fill="#f4efe6" stroke="#5a6b73" stroke-width="3" stroke-linejoin="round"/>`,
    `<rect x="160" y="66" width="80" height="12" rx="5" fill="#e8e2d6" stroke="#5a6b73" stroke-width="2"/>`,
    topping ? `<g transform="translate(0 -40) scale(1)">${topping}</g>` : '',
  ].join('');
}

function snack(d: DrinkArtInput): string {
  const colours = flavourColours(d);
  const dough = d.name.toLowerCase().includes('granola') ? '#c9935a' : '#d9a867';
  const bits = (colours.length ? colours : ['#6b3f26'])
    .flatMap((c, k) =>
      [0, 1, 2, 3].map(
        (i) =>
          `<circle cx="${160 + ((i * 31 + k * 17) % 90)}" cy="${150 + ((i * 13 + k * 7) % 40)}" r="5" fill="${c}"/>`,
      ),
    )
    .join('');
  const shape = d.name.toLowerCase().includes('bar')
    ? `<rect x="130" y="140" width="140" height="60" rx="10" fill="${dough}" stroke="#7a5230" stroke-width="3"/>`
    : `<path d="M130 200 Q128 130 200 126 Q272 130 270 200 Z" fill="${dough}" stroke="#7a5230" stroke-width="3"/>`;
  return `<ellipse cx="200" cy="214" rx="120" ry="22" fill="#ffffff" stroke="#b9c4c9" stroke-width="3"/>${shape}${bits}`;
}

/** The drink's own picture as an SVG document (width and height set, so a page reserves its box). */
export function drinkArtSvg(d: DrinkArtInput): string {
  const serve = serveOf(d);
  const toppings = toppingsOf(d);
  const stops = liquidStops(d);
  const bg = mixHex(stops[0].startsWith('#') ? stops[0] : '#efe3cf', '#ffffff', 0.82);
  const body =
    serve === 'hot'
      ? hotCup(d, toppings)
      : serve === 'blended'
        ? blendedCup(d, toppings)
        : serve === 'snack'
          ? snack(d)
          : icedCup(d, toppings);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" role="img" aria-label="${esc(drinkArtAlt(d))}">`,
    `<defs>${gradient('l', stops)}</defs>`,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${bg}"/>`,
    `<circle cx="200" cy="160" r="118" fill="#ffffff" fill-opacity="0.55"/>`,
    body,
    `</svg>`,
    '',
  ].join('');
}

/** Alt text that says what the picture shows: "Iced drink in a clear cup: strawberry and kiwi, with a soft top". */
export function drinkArtAlt(d: DrinkArtInput): string {
  const serve = serveOf(d);
  const what =
    serve === 'hot'
      ? 'Hot drink in a paper cup'
      : serve === 'blended'
        ? 'Blended drink under a dome lid'
        : serve === 'snack'
          ? 'Baked snack on a plate'
          : 'Iced drink in a clear cup with ice';
  const flavours = d.flavors.length ? `: ${listOf(d.flavors)}` : '';
  const toppings = toppingsOf(d);
  return `${what}${flavours}${toppings.length ? `, with ${listOf(toppings)}` : ''}`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
