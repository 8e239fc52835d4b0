import { Resvg } from '@resvg/resvg-js';
import * as path from 'node:path';

/**
 * Share pictures (docs/web.md "Share pictures"): a 1200x630 PNG per drink, stand and post, with its name, its
 * price range or hours, and the site's name, drawn from an SVG by resvg with the DejaVu fonts the package
 * ships: no system font is read, so a card looks the same on every machine and offline.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => path.join(FONT_DIR, f));

/** What a card says. */
export interface ShareCard {
  /** What it is: "Drink", "Stand", "Blog". */
  kind: string;
  /** Its name, the biggest text (up to three lines). */
  title: string;
  /** Its figures: the price range, the hours (a line each, at most four). */
  lines: string[];
  /** The site's name, at the foot. */
  siteName: string;
}

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => XML[c]);

/** Words into lines of at most `max` characters; the last line cut with an ellipsis past `maxLines`. */
export function wrap(text: string, max: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= max) line = next;
    else {
      if (line) lines.push(line);
      line = word.length > max ? `${word.slice(0, max - 1)}…` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, max - 1).trimEnd()}…`;
    return kept;
  }
  return lines;
}

/** The card as SVG: a coffee-brown page, the kind, the name, the figures and the site's name. */
export function cardSvg(card: ShareCard): string {
  const titleSize = card.title.length > 40 ? 64 : 80;
  const title = wrap(card.title, titleSize === 80 ? 22 : 28, 3);
  const lineHeight = Math.round(titleSize * 1.15);
  const titleTop = 210;
  const figuresTop = titleTop + (title.length - 1) * lineHeight + 80;
  // as many figure lines as fit above the rule at y=540
  const room = Math.max(1, Math.floor((520 - figuresTop) / 48) + 1);
  const lines = card.lines.slice(0, Math.min(4, room)).map((l) => wrap(l, 52, 1)[0] ?? '');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    '<rect width="1200" height="630" fill="#3b2417"/>',
    '<rect x="0" y="0" width="24" height="630" fill="#c8834b"/>',
    '<rect x="72" y="540" width="1056" height="2" fill="#8c5731"/>',
    `<text x="80" y="120" font-family="DejaVu Sans" font-weight="bold" font-size="30" letter-spacing="4" fill="#e8b07c">${esc(card.kind.toUpperCase())}</text>`,
    ...title.map(
      (l, i) =>
        `<text x="76" y="${titleTop + i * lineHeight}" font-family="DejaVu Sans" font-weight="bold" font-size="${titleSize}" fill="#fff8f0">${esc(l)}</text>`,
    ),
    ...lines.map(
      (l, i) =>
        `<text x="80" y="${figuresTop + i * 48}" font-family="DejaVu Sans" font-size="36" fill="#f3dcc6">${esc(l)}</text>`,
    ),
    `<text x="80" y="596" font-family="DejaVu Sans" font-weight="bold" font-size="32" fill="#fff8f0">${esc(card.siteName)}</text>`,
    `<text x="1120" y="596" text-anchor="end" font-family="DejaVu Sans" font-size="26" fill="#e8b07c">Unofficial fan guide</text>`,
    '</svg>',
  ].join('\n');
}

/** The card as a 1200x630 PNG. */
export function renderCard(card: ShareCard): Buffer {
  const resvg = new Resvg(cardSvg(card), {
    fitTo: { mode: 'width', value: CARD_WIDTH },
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}

/** "$3.45 – $7.80" from a drink's size prices ("3.45"); one price alone when all are the same. */
export function priceRange(prices: readonly string[]): string | null {
  const cents = prices.map((p) => Math.round(Number(p) * 100)).filter((c) => Number.isFinite(c) && c > 0);
  if (cents.length === 0) return null;
  const fmt = (c: number) => `$${(c / 100).toFixed(2)}`;
  const min = Math.min(...cents);
  const max = Math.max(...cents);
  return min === max ? fmt(min) : `${fmt(min)} – ${fmt(max)}`;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A week's hours in a few lines: runs of days with the same hours ("Mon–Fri: 5:00 AM - 10:00 PM"). */
export function hoursLines(hours: Readonly<Record<string, string>>): string[] {
  const runs: { from: string; to: string; text: string }[] = [];
  for (const day of DAYS) {
    const text = hours[day] ?? hours[day.toLowerCase()] ?? 'Closed';
    const last = runs[runs.length - 1];
    if (last && last.text === text) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  if (runs.length === 1) return [`Every day: ${runs[0].text}`];
  const short = (d: string) => d.slice(0, 3);
  return runs.map((r) => `${r.from === r.to ? short(r.from) : `${short(r.from)}–${short(r.to)}`}: ${r.text}`);
}
