/**
 * Draws the site's original flat illustrations (no chain photo is ever used) and writes them as PNGs:
 * one per menu category, one per blog post, the favicon, the app's icons and the default link-preview image.
 * Pure JS (pngjs); shapes are rasterised at 3x and box-filtered down for anti-aliasing.
 * Deterministic: the same seed files give byte-identical PNGs.
 *
 *   npx tsx infra/images/generate.ts
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PNG } from 'pngjs';

type RGB = [number, number, number];
type Paint = RGB | ((x: number, y: number) => RGB);
type Inside = (x: number, y: number) => boolean;
interface Transform {
  tx: number;
  ty: number;
  k: number;
}

const ROOT = path.resolve(__dirname, '..', '..');
const PUBLIC_DIR = path.join(ROOT, 'frontend', 'public');
const SEED_DIR = path.join(ROOT, 'services', 'content', 'seed');

// ---------------------------------------------------------------- colour helpers

function hex(h: string): RGB {
  const n = parseInt(h.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}
const WHITE: RGB = [255, 255, 255];
const BLACK: RGB = [0, 0, 0];
const lighten = (c: RGB, t: number): RGB => mix(c, WHITE, t);
const darken = (c: RGB, t: number): RGB => mix(c, BLACK, t);
/** A vertical gradient between two local y values (colour stops quantised so PNG rows stay flat). */
function vgrad(y0: number, c0: RGB, y1: number, c1: RGB): (x: number, y: number) => RGB {
  return (_x, y) => {
    const t = Math.min(1, Math.max(0, (y - y0) / (y1 - y0)));
    return mix(c0, c1, Math.round(t * 48) / 48);
  };
}

/** Small seeded PRNG (mulberry32), so scattered sparkles and confetti are the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------- canvas

class Canvas {
  private readonly w: number;
  private readonly h: number;
  private readonly px: Float32Array;
  private t: Transform = { tx: 0, ty: 0, k: 1 };
  private clips: Inside[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly ss = 3,
  ) {
    this.w = width * ss;
    this.h = height * ss;
    this.px = new Float32Array(this.w * this.h * 3);
  }

  /** Draws with local coordinates mapped to tx + k * x, ty + k * y. */
  at(tx: number, ty: number, k: number, draw: () => void): void {
    const prev = this.t;
    this.t = { tx: prev.tx + prev.k * tx, ty: prev.ty + prev.k * ty, k: prev.k * k };
    draw();
    this.t = prev;
  }

  /** Restricts drawing to a local-coordinate region while `draw` runs. */
  clip(inside: Inside, draw: () => void): void {
    const { tx, ty, k } = this.t;
    this.clips.push((X, Y) => inside((X - tx) / k, (Y - ty) / k));
    draw();
    this.clips.pop();
  }

  /** The one rasteriser: bbox and test in local units, blended per sub-pixel. */
  shape(x0: number, y0: number, x1: number, y1: number, inside: Inside, paint: Paint, alpha = 1): void {
    const { tx, ty, k } = this.t;
    const s = this.ss;
    const ix0 = Math.max(0, Math.floor((tx + k * x0) * s));
    const iy0 = Math.max(0, Math.floor((ty + k * y0) * s));
    const ix1 = Math.min(this.w, Math.ceil((tx + k * x1) * s));
    const iy1 = Math.min(this.h, Math.ceil((ty + k * y1) * s));
    const clips = this.clips;
    for (let iy = iy0; iy < iy1; iy++) {
      const Y = (iy + 0.5) / s;
      const y = (Y - ty) / k;
      for (let ix = ix0; ix < ix1; ix++) {
        const X = (ix + 0.5) / s;
        const x = (X - tx) / k;
        if (!inside(x, y)) continue;
        let ok = true;
        for (const c of clips)
          if (!c(X, Y)) {
            ok = false;
            break;
          }
        if (!ok) continue;
        const col = typeof paint === 'function' ? paint(x, y) : paint;
        const o = (iy * this.w + ix) * 3;
        if (alpha >= 1) {
          this.px[o] = col[0];
          this.px[o + 1] = col[1];
          this.px[o + 2] = col[2];
        } else {
          this.px[o] += (col[0] - this.px[o]) * alpha;
          this.px[o + 1] += (col[1] - this.px[o + 1]) * alpha;
          this.px[o + 2] += (col[2] - this.px[o + 2]) * alpha;
        }
      }
    }
  }

  fill(paint: Paint): void {
    const { tx, ty, k } = this.t;
    this.shape(-tx / k, -ty / k, (this.width - tx) / k, (this.height - ty) / k, () => true, paint);
  }
  rect(x: number, y: number, w: number, h: number, paint: Paint, alpha = 1): void {
    this.shape(x, y, x + w, y + h, (px, py) => px >= x && px < x + w && py >= y && py < y + h, paint, alpha);
  }
  roundRect(x: number, y: number, w: number, h: number, r: number, paint: Paint, alpha = 1): void {
    const rr = Math.min(r, w / 2, h / 2);
    this.shape(
      x,
      y,
      x + w,
      y + h,
      (px, py) => {
        if (px < x || px >= x + w || py < y || py >= y + h) return false;
        const dx = px < x + rr ? x + rr - px : px > x + w - rr ? px - (x + w - rr) : 0;
        const dy = py < y + rr ? y + rr - py : py > y + h - rr ? py - (y + h - rr) : 0;
        return dx * dx + dy * dy <= rr * rr;
      },
      paint,
      alpha,
    );
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, paint: Paint, alpha = 1, angle = 0): void {
    const ca = Math.cos(angle),
      sa = Math.sin(angle);
    const R = Math.max(rx, ry);
    this.shape(
      cx - R,
      cy - R,
      cx + R,
      cy + R,
      (px, py) => {
        const dx = px - cx,
          dy = py - cy;
        const u = dx * ca + dy * sa,
          v = -dx * sa + dy * ca;
        return (u * u) / (rx * rx) + (v * v) / (ry * ry) <= 1;
      },
      paint,
      alpha,
    );
  }
  circle(cx: number, cy: number, r: number, paint: Paint, alpha = 1): void {
    this.ellipse(cx, cy, r, r, paint, alpha);
  }
  ring(cx: number, cy: number, r: number, thickness: number, paint: Paint, alpha = 1): void {
    const r0 = (r - thickness) ** 2,
      r1 = r * r;
    this.shape(
      cx - r,
      cy - r,
      cx + r,
      cy + r,
      (px, py) => {
        const d = (px - cx) ** 2 + (py - cy) ** 2;
        return d <= r1 && d >= r0;
      },
      paint,
      alpha,
    );
  }
  polygon(pts: Array<[number, number]>, paint: Paint, alpha = 1): void {
    const xs = pts.map((p) => p[0]),
      ys = pts.map((p) => p[1]);
    this.shape(
      Math.min(...xs),
      Math.min(...ys),
      Math.max(...xs),
      Math.max(...ys),
      (px, py) => {
        let inside = false;
        for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
          const [xi, yi] = pts[i],
            [xj, yj] = pts[j];
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        }
        return inside;
      },
      paint,
      alpha,
    );
  }
  /** A round-capped stroke through the points (a union of capsules, blended once). */
  line(pts: Array<[number, number]>, r: number, paint: Paint, alpha = 1): void {
    const xs = pts.map((p) => p[0]),
      ys = pts.map((p) => p[1]);
    const r2 = r * r;
    this.shape(
      Math.min(...xs) - r,
      Math.min(...ys) - r,
      Math.max(...xs) + r,
      Math.max(...ys) + r,
      (px, py) => {
        for (let i = 0; i < pts.length - 1; i++) {
          const [ax, ay] = pts[i],
            [bx, by] = pts[i + 1];
          const vx = bx - ax,
            vy = by - ay;
          const L = vx * vx + vy * vy || 1;
          const t = Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / L));
          const dx = px - ax - t * vx,
            dy = py - ay - t * vy;
          if (dx * dx + dy * dy <= r2) return true;
        }
        return false;
      },
      paint,
      alpha,
    );
  }
  star(
    cx: number,
    cy: number,
    outer: number,
    inner: number,
    points: number,
    paint: Paint,
    alpha = 1,
    rot = -Math.PI / 2,
  ): void {
    const pts: Array<[number, number]> = [];
    for (let i = 0; i < points * 2; i++) {
      const r = i % 2 === 0 ? outer : inner;
      const a = rot + (i * Math.PI) / points;
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
    this.polygon(pts, paint, alpha);
  }

  toPng(): Buffer {
    const s = this.ss,
      n = s * s;
    const png = new PNG({
      width: this.width,
      height: this.height,
      colorType: 2,
      inputColorType: 6,
      inputHasAlpha: true,
    });
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        let r = 0,
          g = 0,
          b = 0;
        for (let sy = 0; sy < s; sy++) {
          let o = ((y * s + sy) * this.w + x * s) * 3;
          for (let sx = 0; sx < s; sx++, o += 3) {
            r += this.px[o];
            g += this.px[o + 1];
            b += this.px[o + 2];
          }
        }
        const d = (y * this.width + x) * 4;
        png.data[d] = Math.round(r / n);
        png.data[d + 1] = Math.round(g / n);
        png.data[d + 2] = Math.round(b / n);
        png.data[d + 3] = 255;
      }
    }
    return PNG.sync.write(png, {
      colorType: 2,
      inputColorType: 6,
      inputHasAlpha: true,
      deflateLevel: 9,
      deflateStrategy: 1,
    });
  }
}

// ---------------------------------------------------------------- a 5x7 block font for labels

const GLYPHS: Record<string, string> = {
  A: '.###.|#...#|#...#|#####|#...#|#...#|#...#',
  B: '####.|#...#|#...#|####.|#...#|#...#|####.',
  C: '.###.|#...#|#....|#....|#....|#...#|.###.',
  D: '####.|#...#|#...#|#...#|#...#|#...#|####.',
  E: '#####|#....|#....|####.|#....|#....|#####',
  F: '#####|#....|#....|####.|#....|#....|#....',
  G: '.###.|#...#|#....|#.###|#...#|#...#|.####',
  H: '#...#|#...#|#...#|#####|#...#|#...#|#...#',
  I: '.###.|..#..|..#..|..#..|..#..|..#..|.###.',
  J: '..###|...#.|...#.|...#.|...#.|#..#.|.##..',
  K: '#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#',
  L: '#....|#....|#....|#....|#....|#....|#####',
  M: '#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#',
  N: '#...#|#...#|##..#|#.#.#|#..##|#...#|#...#',
  O: '.###.|#...#|#...#|#...#|#...#|#...#|.###.',
  P: '####.|#...#|#...#|####.|#....|#....|#....',
  Q: '.###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#',
  R: '####.|#...#|#...#|####.|#.#..|#..#.|#...#',
  S: '.####|#....|#....|.###.|....#|....#|####.',
  T: '#####|..#..|..#..|..#..|..#..|..#..|..#..',
  U: '#...#|#...#|#...#|#...#|#...#|#...#|.###.',
  V: '#...#|#...#|#...#|#...#|#...#|.#.#.|..#..',
  W: '#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.',
  X: '#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#',
  Y: '#...#|#...#|.#.#.|..#..|..#..|..#..|..#..',
  Z: '#####|....#|...#.|..#..|.#...|#....|#####',
  '0': '.###.|#...#|#..##|#.#.#|##..#|#...#|.###.',
  '1': '..#..|.##..|..#..|..#..|..#..|..#..|.###.',
  '2': '.###.|#...#|....#|...#.|..#..|.#...|#####',
  '3': '####.|....#|....#|.###.|....#|....#|####.',
  '4': '...#.|..##.|.#.#.|#..#.|#####|...#.|...#.',
  '5': '#####|#....|####.|....#|....#|#...#|.###.',
  '6': '.###.|#....|#....|####.|#...#|#...#|.###.',
  '7': '#####|....#|...#.|..#..|.#...|.#...|.#...',
  '8': '.###.|#...#|#...#|.###.|#...#|#...#|.###.',
  '9': '.###.|#...#|#...#|.####|....#|....#|.###.',
  '?': '.###.|#...#|....#|...#.|..#..|.....|..#..',
  '-': '.....|.....|.....|.###.|.....|.....|.....',
  '&': '.##..|#..#.|#.#..|.#...|#.#.#|#..#.|.##.#',
  '.': '.....|.....|.....|.....|.....|.....|..#..',
  ' ': '.....|.....|.....|.....|.....|.....|.....',
};
/** Width of `text` at block size `u` (5 blocks per glyph plus 1 of spacing). */
const textWidth = (text: string, u: number): number => text.length * 6 * u - u;
function drawText(c: Canvas, text: string, x: number, y: number, u: number, paint: Paint): void {
  let cx = x;
  for (const ch of text.toUpperCase()) {
    const rows = (GLYPHS[ch] ?? GLYPHS['?']).split('|');
    rows.forEach((row, ry) => {
      for (let rx = 0; rx < 5; rx++) {
        if (row[rx] === '#')
          c.roundRect(cx + rx * u - u * 0.02, y + ry * u - u * 0.02, u * 1.04, u * 1.04, u * 0.12, paint);
      }
    });
    cx += 6 * u;
  }
}
function pill(c: Canvas, text: string, x: number, y: number, u: number, bg: RGB, fg: RGB): number {
  const w = textWidth(text, u) + u * 6;
  const h = u * 12;
  c.roundRect(x, y, w, h, h / 2, bg);
  drawText(c, text, x + u * 3, y + u * 2.5, u, fg);
  return w;
}

// ---------------------------------------------------------------- drink illustrations
// Every item is drawn in local units: centred on x = 0, standing on y = 0, about 300 units tall.

interface CupOpts {
  liquid: [RGB, RGB];
  lid?: 'flat' | 'dome';
  straw?: RGB;
  ice?: boolean;
  cream?: RGB;
  drizzle?: RGB;
  layer?: RGB;
  garnish?: 'lemon' | 'peach' | 'strawberry' | 'lime';
  bubbles?: boolean;
  sprinkles?: boolean;
  cherry?: boolean;
}

const CUP = { top: -250, bottom: 0, topHw: 80, botHw: 56 };
function cupHalfWidth(y: number): number {
  const t = (y - CUP.top) / (CUP.bottom - CUP.top);
  return CUP.topHw + (CUP.botHw - CUP.topHw) * t;
}
function cupPoly(y0: number, y1: number, inset: number): Array<[number, number]> {
  return [
    [-cupHalfWidth(y0) + inset, y0],
    [cupHalfWidth(y0) - inset, y0],
    [cupHalfWidth(y1) - inset, y1],
    [-cupHalfWidth(y1) + inset, y1],
  ];
}
const insideCup =
  (inset: number) =>
  (x: number, y: number): boolean =>
    y >= CUP.top && y <= CUP.bottom - inset && Math.abs(x) <= cupHalfWidth(y) - inset;

function garnish(c: Canvas, kind: NonNullable<CupOpts['garnish']>, x: number, y: number, r: number): void {
  const colours: Record<string, [RGB, RGB]> = {
    lemon: [hex('#f7d23e'), hex('#fff6c4')],
    lime: [hex('#7cc242'), hex('#e4f7c8')],
    peach: [hex('#f59b57'), hex('#ffd9b0')],
    strawberry: [hex('#e0394f'), hex('#ff9aa6')],
  };
  const [rind, flesh] = colours[kind];
  c.circle(x, y, r, rind);
  c.circle(x, y, r * 0.84, flesh);
  if (kind === 'strawberry') {
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2;
      c.ellipse(x + Math.cos(a) * r * 0.5, y + Math.sin(a) * r * 0.5, r * 0.07, r * 0.12, hex('#fff3d6'), 1, a);
    }
    return;
  }
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    c.line(
      [
        [x, y],
        [x + Math.cos(a) * r * 0.78, y + Math.sin(a) * r * 0.78],
      ],
      r * 0.05,
      rind,
      0.6,
    );
  }
  c.circle(x, y, r * 0.12, lighten(rind, 0.5));
}

function icedCup(c: Canvas, o: CupOpts): void {
  const { top, bottom } = CUP;
  const liquidTop = top + 38;
  // straw behind the lid, drawn first so the lid covers its foot
  if (o.straw) {
    c.line(
      [
        [16, top + 60],
        [44, top - 105],
      ],
      9,
      o.straw,
    );
    c.line(
      [
        [18, top + 40],
        [43, top - 100],
      ],
      3,
      lighten(o.straw, 0.45),
      0.7,
    );
  }
  // cup body: a frosted plastic shell
  c.polygon(cupPoly(top, bottom, 0), WHITE, 0.55);
  c.polygon(cupPoly(liquidTop, bottom - 6, 6), vgrad(liquidTop, o.liquid[0], bottom, o.liquid[1]));
  if (o.layer) c.polygon(cupPoly(liquidTop + 120, bottom - 6, 6), o.layer);
  c.clip(insideCup(6), () => {
    if (o.cream) {
      c.rect(-100, liquidTop, 200, 16, o.cream);
      for (let i = 0; i < 5; i++) c.circle(-60 + i * 30, liquidTop + 16, 11, o.cream);
    }
    if (o.ice) {
      const cubes: Array<[number, number, number]> = [
        [-44, liquidTop + 14, 0.2],
        [2, liquidTop + 26, -0.15],
        [-18, liquidTop + 62, 0.35],
        [30, liquidTop + 70, 0.1],
        [-40, liquidTop + 104, -0.25],
      ];
      for (const [x, y, a] of cubes) {
        const ca = Math.cos(a),
          sa = Math.sin(a),
          h = 17;
        const pts: Array<[number, number]> = [
          [-h, -h],
          [h, -h],
          [h, h],
          [-h, h],
        ].map(([u, v]) => [x + u * ca - v * sa, y + u * sa + v * ca]);
        c.polygon(pts, WHITE, 0.38);
      }
    }
    if (o.bubbles) {
      const r = rng(7);
      for (let i = 0; i < 14; i++) c.ring(-55 + r() * 110, liquidTop + 20 + r() * 170, 4 + r() * 6, 2.2, WHITE, 0.75);
    }
    if (o.drizzle) {
      const pts: Array<[number, number]> = [];
      for (let i = 0; i <= 12; i++) pts.push([(i % 2 === 0 ? -1 : 1) * 60, liquidTop + 20 + i * 15]);
      c.line(pts, 3.2, o.drizzle, 0.7);
    }
    // a glossy highlight down the left wall
    c.polygon(
      [
        [-cupHalfWidth(top) + 14, top + 10],
        [-cupHalfWidth(top) + 28, top + 10],
        [-cupHalfWidth(bottom) + 26, bottom - 14],
        [-cupHalfWidth(bottom) + 14, bottom - 14],
      ],
      WHITE,
      0.35,
    );
  });
  // lid
  if (o.lid === 'dome') {
    c.clip(
      (_x, y) => y <= top,
      () => {
        c.ellipse(0, top, 84, 64, WHITE, 0.5);
        if (o.cream) {
          c.ellipse(0, top, 70, 30, o.cream);
          c.ellipse(0, top - 22, 52, 22, o.cream);
          c.ellipse(0, top - 40, 32, 16, lighten(o.cream, 0.25));
          c.ellipse(0, top - 52, 14, 10, lighten(o.cream, 0.35));
          if (o.drizzle)
            c.line(
              [
                [-50, top - 10],
                [-20, top - 30],
                [8, top - 14],
                [30, top - 40],
                [52, top - 18],
              ],
              4,
              o.drizzle,
            );
        }
      },
    );
    c.roundRect(-90, top - 8, 180, 16, 8, hex('#eef1f4'));
    if (o.sprinkles) {
      const r = rng(11);
      const cols = ['#ff6f91', '#4fc3f7', '#ffd54f', '#81c784', '#ba68c8'].map(hex);
      for (let i = 0; i < 16; i++) {
        const x = -50 + r() * 100,
          y = top - 10 - r() * 40,
          a = r() * Math.PI;
        c.line(
          [
            [x - 5 * Math.cos(a), y - 5 * Math.sin(a)],
            [x + 5 * Math.cos(a), y + 5 * Math.sin(a)],
          ],
          2.4,
          cols[i % cols.length],
        );
      }
    }
    if (o.cherry) {
      c.line(
        [
          [2, top - 72],
          [14, top - 96],
        ],
        2.2,
        hex('#6d4c41'),
      );
      c.circle(0, top - 64, 13, hex('#d81b43'));
      c.circle(-4, top - 68, 4, lighten(hex('#d81b43'), 0.5));
    }
  } else {
    c.roundRect(-92, top - 12, 184, 20, 9, hex('#f3f5f7'));
    c.roundRect(-72, top - 22, 144, 14, 7, hex('#e4e8ec'));
  }
  if (o.garnish) garnish(c, o.garnish, -cupHalfWidth(top) + 6, top + 20, 34);
}

function steam(c: Canvas, x: number, y: number, col: RGB, alpha: number): void {
  for (let s = 0; s < 3; s++) {
    const pts: Array<[number, number]> = [];
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      pts.push([x + (s - 1) * 34 + Math.sin(t * Math.PI * 2 + s) * 10, y - t * (70 + s * 8)]);
    }
    c.line(pts, 5, col, alpha);
  }
}

function hotCup(c: Canvas, sleeve: RGB, steamCol: RGB, mark?: RGB): void {
  const top = -240;
  const hw = (y: number): number => 80 + (58 - 80) * ((y - top) / -top);
  steam(c, 0, top - 40, steamCol, 0.85);
  c.polygon(
    [
      [-80, top],
      [80, top],
      [58, 0],
      [-58, 0],
    ],
    hex('#fbf7f1'),
  );
  c.polygon(
    [
      [-hw(-170), -170],
      [hw(-170), -170],
      [hw(-80), -80],
      [-hw(-80), -80],
    ],
    sleeve,
  );
  c.circle(0, -125, 24, mark ?? lighten(sleeve, 0.55));
  c.ellipse(0, -125, 9, 14, sleeve, 1, 0.5);
  c.polygon(
    [
      [-70, top + 8],
      [-58, top + 8],
      [-44, -12],
      [-52, -12],
    ],
    WHITE,
    0.6,
  );
  c.roundRect(-90, top - 20, 180, 26, 11, hex('#ece6de'));
  c.roundRect(-70, top - 34, 140, 18, 8, hex('#ddd5ca'));
}

function mug(c: Canvas, body: RGB, drink: RGB, steamCol: RGB, marshmallows: boolean, spice?: RGB): void {
  steam(c, -8, -220, steamCol, 0.85);
  c.ring(92, -105, 52, 20, darken(body, 0.1));
  c.roundRect(-100, -200, 190, 200, 28, body);
  c.ellipse(-5, -198, 93, 18, darken(body, 0.12));
  c.ellipse(-5, -196, 84, 13, drink);
  if (marshmallows) {
    const spots: Array<[number, number]> = [
      [-50, -204],
      [-20, -210],
      [14, -203],
      [44, -208],
      [-2, -196],
    ];
    for (const [x, y] of spots) c.roundRect(x - 13, y - 9, 26, 18, 5, hex('#fffaf2'));
  }
  if (spice) {
    const r = rng(5);
    for (let i = 0; i < 18; i++) c.circle(-60 + r() * 110, -202 + r() * 12, 2.2, spice);
  }
  c.roundRect(-82, -170, 14, 140, 7, WHITE, 0.3);
}

function can(c: Canvas, body: RGB, band: RGB, bolt: RGB): void {
  c.roundRect(-72, -268, 144, 268, 22, body);
  c.rect(-72, -190, 144, 86, band);
  c.polygon(
    [
      [12, -214],
      [-30, -140],
      [-4, -140],
      [-18, -78],
      [32, -158],
      [6, -158],
      [22, -214],
    ],
    bolt,
  );
  c.roundRect(-66, -286, 132, 26, 10, hex('#cfd8dc'));
  c.roundRect(-52, -294, 104, 14, 7, hex('#b0bec5'));
  c.roundRect(-20, -300, 40, 10, 5, hex('#90a4ae'));
  c.roundRect(-62, -250, 14, 230, 7, WHITE, 0.3);
}

function muffin(c: Canvas): void {
  const paper = hex('#e9a23b');
  c.polygon(
    [
      [-104, -130],
      [104, -130],
      [80, 0],
      [-80, 0],
    ],
    paper,
  );
  c.clip(
    (x, y) => y >= -130 && Math.abs(x) <= 104 - (24 * (y + 130)) / 130,
    () => {
      for (let i = -6; i <= 6; i += 2)
        c.polygon(
          [
            [i * 17 - 7, -130],
            [i * 17 + 7, -130],
            [i * 13 + 5, 0],
            [i * 13 - 5, 0],
          ],
          darken(paper, 0.12),
        );
    },
  );
  const top = hex('#c98a4b');
  c.ellipse(0, -140, 128, 70, top);
  for (const [x, y, r] of [
    [-80, -170, 44],
    [-30, -196, 52],
    [30, -194, 50],
    [82, -166, 42],
  ] as Array<[number, number, number]>)
    c.circle(x, y, r, top);
  c.ellipse(-30, -206, 34, 18, lighten(top, 0.25));
  const r = rng(3);
  for (let i = 0; i < 16; i++) c.ellipse(-100 + r() * 200, -220 + r() * 100, 7, 5, hex('#4e2c1a'), 1, r() * 3);
}

function bean(c: Canvas, x: number, y: number, a: number, s: number): void {
  c.ellipse(x, y, 22 * s, 15 * s, hex('#6b3e26'), 1, a);
  const ca = Math.cos(a),
    sa = Math.sin(a);
  const pts: Array<[number, number]> = [];
  for (let i = -4; i <= 4; i++) {
    const u = i * 4.5 * s,
      v = Math.sin(i / 2.2) * 3 * s;
    pts.push([x + u * ca - v * sa, y + u * sa + v * ca]);
  }
  c.line(pts, 2.2 * s, hex('#3e2216'));
}

function leaf(c: Canvas, x: number, y: number, a: number, s: number, col: RGB): void {
  c.ellipse(x, y, 34 * s, 14 * s, col, 1, a);
  c.line(
    [
      [x - 28 * s * Math.cos(a), y - 28 * s * Math.sin(a)],
      [x + 28 * s * Math.cos(a), y + 28 * s * Math.sin(a)],
    ],
    1.8 * s,
    darken(col, 0.25),
  );
}

function dumbbell(c: Canvas, x: number, y: number, col: RGB): void {
  c.roundRect(x - 44, y - 5, 88, 10, 5, darken(col, 0.2));
  c.roundRect(x - 58, y - 26, 20, 52, 8, col);
  c.roundRect(x + 38, y - 26, 20, 52, 8, col);
  c.roundRect(x - 72, y - 18, 16, 36, 6, col);
  c.roundRect(x + 56, y - 18, 16, 36, 6, col);
}

function sparkle(c: Canvas, x: number, y: number, r: number, col: RGB, alpha = 1): void {
  c.star(x, y, r, r * 0.28, 4, col, alpha);
}

function strawberry(c: Canvas, x: number, y: number, s: number): void {
  c.polygon(
    [
      [x - 24 * s, y - 10 * s],
      [x + 24 * s, y - 10 * s],
      [x + 4 * s, y + 30 * s],
      [x - 4 * s, y + 30 * s],
    ],
    hex('#e53950'),
  );
  c.ellipse(x, y - 8 * s, 25 * s, 15 * s, hex('#e53950'));
  for (const [a, b] of [
    [-10, 0],
    [8, 2],
    [-2, 12],
    [0, -6],
    [12, -8],
    [-12, -10],
  ])
    c.ellipse(x + a * s, y + b * s, 1.8 * s, 2.6 * s, hex('#ffe082'));
  c.star(x, y - 20 * s, 16 * s, 6 * s, 5, hex('#43a047'));
}

// ---------------------------------------------------------------- category illustrations

interface Scene {
  bg: [RGB, RGB];
  accent: RGB;
  draw: (c: Canvas) => void;
}

const caramel = hex('#c58a47');
const SCENES: Record<string, Scene> = {
  'seasonal-drinks': {
    bg: [hex('#fde6cf'), hex('#f6c9a0')],
    accent: hex('#d9772b'),
    draw: (c) => {
      for (const [x, y, a, col] of [
        [-170, -250, 0.6, '#e07a2e'],
        [170, -200, -0.5, '#c9502b'],
        [-150, -70, -0.3, '#e9a23b'],
        [160, -60, 0.9, '#b5532a'],
      ] as Array<[number, number, number, string]>)
        leaf(c, x, y, a, 1.3, hex(col));
      icedCup(c, {
        liquid: [hex('#d9a066'), hex('#a8683a')],
        lid: 'dome',
        cream: hex('#fff4e4'),
        drizzle: caramel,
        straw: hex('#e07a2e'),
        ice: true,
      });
    },
  },
  faves: {
    bg: [hex('#fff1c9'), hex('#ffd98a')],
    accent: hex('#c8861e'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#e2b27a'), hex('#b7793f')],
        lid: 'flat',
        drizzle: hex('#9a5a22'),
        straw: hex('#2f6fde'),
        ice: true,
      });
      c.star(150, -230, 46, 20, 5, hex('#ffb300'));
      c.star(150, -230, 28, 12, 5, hex('#ffe082'));
      sparkle(c, -150, -190, 20, WHITE);
      sparkle(c, -170, -120, 12, WHITE);
    },
  },
  'protein-coffee': {
    bg: [hex('#e3f2fd'), hex('#bbdefb')],
    accent: hex('#1e6fc4'),
    draw: (c) => {
      icedCup(c, { liquid: [hex('#dcbfa0'), hex('#b08a65')], lid: 'flat', straw: hex('#1e6fc4'), ice: true });
      c.circle(-175, -190, 48, hex('#1e6fc4'));
      drawText(c, 'P', -186, -206, 5, WHITE);
      dumbbell(c, 175, -80, hex('#37474f'));
    },
  },
  'coffee-classics': {
    bg: [hex('#efe2d4'), hex('#d9c0a6')],
    accent: hex('#6b3e26'),
    draw: (c) => {
      hotCup(c, hex('#6b3e26'), WHITE);
      bean(c, -170, -40, 0.5, 1.4);
      bean(c, -130, -20, -0.3, 1.1);
      bean(c, 160, -30, 0.9, 1.3);
      bean(c, 190, -90, -0.6, 1);
    },
  },
  'blended-freeze': {
    bg: [hex('#e8eaf6'), hex('#c5cae9')],
    accent: hex('#5c3a8e'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#c9a27e'), hex('#8d6242')],
        lid: 'dome',
        cream: hex('#fffaf2'),
        drizzle: hex('#5d3a1f'),
        straw: hex('#5c3a8e'),
      });
      sparkle(c, -160, -230, 18, WHITE);
      sparkle(c, 165, -150, 24, WHITE);
      sparkle(c, -175, -90, 12, WHITE);
    },
  },
  'rebel-energy-drinks': {
    bg: [hex('#1b1f3b'), hex('#3b1f5c')],
    accent: hex('#ff2e88'),
    draw: (c) => {
      c.at(-95, 0, 0.92, () => can(c, hex('#ff2e88'), hex('#1b1f3b'), hex('#ffe600')));
      c.at(95, 0, 0.82, () =>
        icedCup(c, {
          liquid: [hex('#35d0ff'), hex('#2979ff')],
          lid: 'flat',
          straw: hex('#ffe600'),
          ice: true,
          bubbles: true,
        }),
      );
      sparkle(c, -220, -250, 16, hex('#ffe600'));
      sparkle(c, 220, -280, 12, hex('#35d0ff'));
      sparkle(c, 10, -300, 10, WHITE);
    },
  },
  lemonades: {
    bg: [hex('#fff9c4'), hex('#ffd1dc')],
    accent: hex('#e6b800'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#ffe45c'), hex('#ff8fab')],
        lid: 'flat',
        straw: hex('#ff5c8a'),
        ice: true,
        garnish: 'lemon',
      });
      garnish(c, 'lemon', 170, -60, 40);
      garnish(c, 'strawberry', -175, -50, 30);
    },
  },
  'iced-tea': {
    bg: [hex('#fff3e0'), hex('#ffcc80')],
    accent: hex('#d9822b'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#f0a04b'), hex('#b9621e')],
        lid: 'flat',
        straw: hex('#2e7d32'),
        ice: true,
        garnish: 'peach',
      });
      leaf(c, 165, -90, -0.6, 1.3, hex('#66bb6a'));
      leaf(c, 185, -40, 0.3, 1.1, hex('#43a047'));
    },
  },
  chai: {
    bg: [hex('#f8e7d6'), hex('#e6c3a1')],
    accent: hex('#a0522d'),
    draw: (c) => {
      mug(c, hex('#a0522d'), hex('#d9a877'), WHITE, false, hex('#7b4a2a'));
      c.star(-190, -60, 24, 9, 8, hex('#6d3b1f'));
      c.roundRect(140, -40, 90, 14, 7, hex('#8d5a33'));
      c.roundRect(140, -22, 90, 14, 7, hex('#7b4a2a'));
    },
  },
  matcha: {
    bg: [hex('#e8f5e9'), hex('#c8e6c9')],
    accent: hex('#4c8c2b'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#9ccc65'), hex('#7cb342')],
        layer: hex('#f1f8e9'),
        lid: 'flat',
        straw: hex('#33691e'),
        ice: true,
      });
      leaf(c, -170, -200, 0.7, 1.4, hex('#7cb342'));
      leaf(c, 170, -120, -0.7, 1.2, hex('#558b2f'));
    },
  },
  shakes: {
    bg: [hex('#fce4ec'), hex('#f8bbd0')],
    accent: hex('#d81b60'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#ffb3c7'), hex('#f48fb1')],
        lid: 'dome',
        cream: hex('#fffafc'),
        straw: hex('#d81b60'),
        sprinkles: true,
        cherry: true,
      });
    },
  },
  'hot-cocoa': {
    bg: [hex('#efe0d5'), hex('#d7b8a3')],
    accent: hex('#5d3a1f'),
    draw: (c) => mug(c, hex('#c0392b'), hex('#6d3b1f'), WHITE, true),
  },
  smoothies: {
    bg: [hex('#ffe0e6'), hex('#ffcc80')],
    accent: hex('#e53950'),
    draw: (c) => {
      icedCup(c, { liquid: [hex('#ff6b81'), hex('#ff9f43')], lid: 'dome', straw: hex('#43a047') });
      strawberry(c, -175, -60, 1.5);
      strawberry(c, 175, -80, 1.2);
    },
  },
  'sparkling-soda': {
    bg: [hex('#e0f7fa'), hex('#b2ebf2')],
    accent: hex('#00a3c4'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#7fe3f0'), hex('#ff7aa2')],
        lid: 'flat',
        straw: hex('#ff4f81'),
        ice: true,
        bubbles: true,
        garnish: 'lime',
      });
      const r = rng(19);
      for (let i = 0; i < 9; i++)
        c.ring(-210 + r() * 60 + (i % 2) * 360, -300 + r() * 260, 6 + r() * 10, 3, WHITE, 0.9);
    },
  },
  'cold-brew': {
    bg: [hex('#e6e0da'), hex('#bfae9f')],
    accent: hex('#3e2723'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#4e342e'), hex('#2b1b17')],
        lid: 'flat',
        straw: hex('#212121'),
        ice: true,
        cream: hex('#d7b899'),
      });
      bean(c, -170, -40, 0.4, 1.3);
      bean(c, 170, -50, -0.5, 1.2);
    },
  },
  snacks: {
    bg: [hex('#fff8e1'), hex('#ffe0b2')],
    accent: hex('#c98a4b'),
    draw: (c) => {
      muffin(c);
      c.roundRect(130, -50, 110, 44, 12, hex('#d7a86e'));
      for (let i = 0; i < 6; i++) c.circle(145 + i * 16, -28 + (i % 2) * 6, 5, hex('#8d6e63'));
    },
  },
  'secret-menu': {
    bg: [hex('#2a1b4a'), hex('#4a2a7a')],
    accent: hex('#b388ff'),
    draw: (c) => {
      icedCup(c, {
        liquid: [hex('#4fc3f7'), hex('#ab47bc')],
        layer: hex('#ec407a'),
        lid: 'flat',
        straw: hex('#ffd54f'),
        ice: true,
      });
      c.circle(160, -230, 44, hex('#b388ff'));
      drawText(c, '?', 145, -251, 6, hex('#2a1b4a'));
      const r = rng(23);
      for (let i = 0; i < 10; i++) sparkle(c, -240 + r() * 480, -320 + r() * 300, 6 + r() * 12, WHITE, 0.9);
    },
  },
  fallback: {
    bg: [hex('#f1ece6'), hex('#ddd2c6')],
    accent: hex('#8d6e63'),
    draw: (c) => hotCup(c, hex('#8d6e63'), WHITE),
  },
};

function decorations(c: Canvas, w: number, h: number, seed: number): void {
  const r = rng(seed);
  for (let i = 0; i < 5; i++) c.circle(r() * w, r() * h, 30 + r() * 70, WHITE, 0.14);
}

function drinkImage(slug: string): Buffer {
  const scene = SCENES[slug];
  const c = new Canvas(600, 400);
  c.fill(vgrad(0, scene.bg[0], 400, scene.bg[1]));
  decorations(c, 600, 400, hashString(slug));
  c.ellipse(300, 372, 150, 16, BLACK, 0.12);
  c.at(300, 370, 1, () => scene.draw(c));
  return c.toPng();
}

// ---------------------------------------------------------------- blog images (1200 x 630)

interface Post {
  slug: string;
  category: string;
  tags: string[];
  title: string;
}

const ACCENTS = [
  '#e4572e',
  '#2e86ab',
  '#7b2cbf',
  '#2a9d8f',
  '#f4a261',
  '#d62870',
  '#3a86ff',
  '#6a994e',
  '#c8861e',
  '#ef476f',
].map(hex);

/** Hand-picked scenes for the seeded posts; any other post is matched by its tags below. */
const POST_SCENES: Record<string, string> = {
  'golden-eagle-review': 'faves',
  'first-visit-ordering-guide': 'coffee-classics',
  'lower-sugar-orders': 'cold-brew',
  'caramelizer-annihilator-kicker-compared': 'blended-freeze',
  'stand-map-2025': 'coffee-classics',
  'late-night-24-hour-stands': 'chai',
  'looking-ahead-2027-menu': 'sparkling-soda',
  'caffeine-in-every-cup': 'rebel-energy-drinks',
};
/** Liquid colours of the layered cup on secret-menu posts, from the flavours of the recipe. */
const SECRET_COLOURS: Array<[RegExp, [string, string, string]]> = [
  [/aquaberry/, ['#ff8fab', '#4fc3f7', '#7ed957']],
  [/dragon/, ['#4fc3f7', '#3949ab', '#6a1b9a']],
  [/astronaut/, ['#f3e5f5', '#9575cd', '#4a148c']],
  [/galaxy/, ['#ffcc80', '#ff7043', '#7cb342']],
];

/** Which category scene best illustrates a post, from its tags and slug. */
function sceneForPost(p: Post): string {
  if (POST_SCENES[p.slug]) return POST_SCENES[p.slug];
  const words = `${p.slug} ${p.tags.join(' ')}`;
  const rules: Array<[RegExp, string]> = [
    [/rebel|energy/, 'rebel-energy-drinks'],
    [/lemonade|aquaberry/, 'lemonades'],
    [/matcha/, 'matcha'],
    [/protein/, 'protein-coffee'],
    [/cold-brew|cold brew/, 'cold-brew'],
    [/freeze|blended/, 'blended-freeze'],
    [/chai/, 'chai'],
    [/cocoa/, 'hot-cocoa'],
    [/seasonal/, 'seasonal-drinks'],
    [/soda/, 'sparkling-soda'],
    [/caffeine|espresso|coffee/, 'coffee-classics'],
    [/golden-eagle|breve|faves|caramelizer/, 'faves'],
    [/tea/, 'iced-tea'],
  ];
  for (const [re, scene] of rules) if (re.test(words)) return scene;
  return 'faves';
}

function faux(c: Canvas, x: number, y: number, w: number, lines: number, col: RGB): void {
  for (let i = 0; i < lines; i++) c.roundRect(x, y + i * 26, i === lines - 1 ? w * 0.6 : w, 12, 6, col);
}

function wordmark(c: Canvas, x: number, y: number, fg: RGB): void {
  c.at(x + 14, y + 30, 0.12, () => hotCup(c, fg, fg, fg));
  drawText(c, 'COFFEE GUIDE', x + 40, y + 2, 4, fg);
}

function blogImage(p: Post, index: number): Buffer {
  const accent = ACCENTS[(hashString(p.slug) + index) % ACCENTS.length];
  const c = new Canvas(1200, 630, 2);
  const r = rng(hashString(p.slug));
  const scene = SCENES[sceneForPost(p)];
  switch (p.category) {
    case 'reviews': {
      c.fill(vgrad(0, lighten(accent, 0.85), 630, lighten(accent, 0.6)));
      c.circle(330, 330, 250, lighten(accent, 0.35));
      c.ellipse(330, 560, 190, 20, BLACK, 0.12);
      c.at(330, 555, 1.45, () => scene.draw(c));
      c.roundRect(640, 150, 480, 330, 28, WHITE);
      for (let i = 0; i < 5; i++)
        c.star(700 + i * 62, 215, 26, 11, 5, i < 4 ? hex('#ffb300') : lighten(hex('#ffb300'), 0.55));
      faux(c, 680, 275, 400, 5, lighten(accent, 0.7));
      pill(c, 'REVIEW', 640, 84, 5, accent, WHITE);
      wordmark(c, 640, 530, darken(accent, 0.45));
      break;
    }
    case 'secret-menu': {
      c.fill(vgrad(0, hex('#1d1238'), 630, darken(accent, 0.55)));
      for (let i = 0; i < 26; i++)
        sparkle(c, r() * 1200, r() * 630, 5 + r() * 14, i % 3 === 0 ? lighten(accent, 0.5) : WHITE, 0.85);
      c.circle(880, 320, 210, accent, 0.35);
      const found = SECRET_COLOURS.find(([re]) => re.test(`${p.slug} ${p.tags.join(' ')}`));
      const [a, b, layer] = found ? found[1].map(hex) : [lighten(accent, 0.4), accent, darken(accent, 0.3)];
      c.ellipse(880, 566, 150, 16, BLACK, 0.25);
      c.at(880, 560, 1.45, () => icedCup(c, { liquid: [a, b], layer, lid: 'flat', straw: hex('#ffd54f'), ice: true }));
      c.circle(1090, 150, 50, lighten(accent, 0.3));
      drawText(c, '?', 1072, 126, 7, hex('#1d1238'));
      pill(c, 'SECRET MENU', 90, 150, 6, lighten(accent, 0.2), hex('#1d1238'));
      drawText(c, '?', 110, 280, 22, lighten(accent, 0.6));
      c.ring(640, 120, 40, 10, lighten(accent, 0.4), 0.6);
      wordmark(c, 90, 550, WHITE);
      break;
    }
    case 'guides': {
      const land = lighten(accent, 0.9);
      c.fill(vgrad(0, land, 630, lighten(accent, 0.78)));
      for (let i = 0; i < 7; i++)
        c.line(
          [
            [-50, 80 + i * 90 + r() * 30],
            [1250, 40 + i * 90 + r() * 30],
          ],
          9,
          WHITE,
        );
      for (let i = 0; i < 9; i++)
        c.line(
          [
            [100 + i * 140 + r() * 30, -20],
            [60 + i * 140 + r() * 30, 650],
          ],
          9,
          WHITE,
        );
      c.circle(960, 150, 80, hex('#a5d6a7'), 0.7);
      c.ellipse(180, 520, 140, 60, hex('#90caf9'), 0.7);
      const route: Array<[number, number]> = [
        [560, 520],
        [640, 430],
        [760, 420],
        [820, 320],
        [960, 280],
        [1040, 180],
      ];
      c.line(route, 7, accent, 0.85);
      for (const [x, y] of [
        [560, 520],
        [820, 320],
        [1040, 180],
      ] as Array<[number, number]>) {
        c.polygon(
          [
            [x - 26, y - 40],
            [x + 26, y - 40],
            [x, y + 8],
          ],
          darken(accent, 0.1),
        );
        c.circle(x, y - 48, 30, darken(accent, 0.1));
        c.circle(x, y - 48, 12, WHITE);
      }
      if (p.tags.includes('sizes')) {
        c.ellipse(300, 560, 220, 16, BLACK, 0.12);
        (
          [
            [150, 0.85],
            [300, 1.0],
            [460, 1.15],
          ] as Array<[number, number]>
        ).forEach(([x, k], i) =>
          c.at(x, 556, k * 0.95, () =>
            icedCup(c, {
              liquid: [mix(hex('#e2b27a'), accent, i * 0.2), hex('#9a6434')],
              lid: 'flat',
              straw: accent,
              ice: true,
            }),
          ),
        );
      } else {
        c.ellipse(300, 560, 150, 16, BLACK, 0.12);
        c.at(300, 556, 1.25, () => scene.draw(c));
      }
      pill(c, 'GUIDE', 70, 60, 5, accent, WHITE);
      wordmark(c, 870, 560, darken(accent, 0.5));
      break;
    }
    case 'news': {
      c.fill(vgrad(0, lighten(accent, 0.15), 630, darken(accent, 0.15)));
      for (let i = 0; i < 8; i++)
        c.polygon(
          [
            [i * 220 - 300, 630],
            [i * 220 - 200, 630],
            [i * 220 + 200, 0],
            [i * 220 + 100, 0],
          ],
          WHITE,
          0.07,
        );
      c.roundRect(90, 110, 560, 420, 24, WHITE);
      c.roundRect(120, 140, 500, 40, 10, darken(accent, 0.2));
      c.roundRect(120, 210, 220, 150, 14, lighten(accent, 0.75));
      c.at(230, 350, 0.45, () => scene.draw(c));
      faux(c, 370, 214, 250, 5, hex('#cfd8dc'));
      faux(c, 120, 390, 500, 4, hex('#cfd8dc'));
      c.ellipse(900, 570, 160, 18, BLACK, 0.15);
      c.at(900, 566, 1.3, () => scene.draw(c));
      for (let i = 0; i < 18; i++)
        c.roundRect(700 + r() * 460, 40 + r() * 200, 14, 8, 3, [WHITE, hex('#ffd54f'), lighten(accent, 0.6)][i % 3]);
      pill(c, 'NEWS', 90, 40, 5, WHITE, darken(accent, 0.2));
      wordmark(c, 90, 560, WHITE);
      break;
    }
    default: {
      // health
      const green = mix(accent, hex('#43a047'), 0.6);
      c.fill(vgrad(0, lighten(green, 0.85), 630, lighten(green, 0.65)));
      for (let i = 0; i < 7; i++)
        leaf(c, 80 + r() * 1040, 60 + r() * 520, r() * 3, 2 + r() * 1.5, lighten(green, 0.3 + r() * 0.3));
      c.circle(380, 330, 230, WHITE, 0.55);
      c.ellipse(380, 560, 150, 16, BLACK, 0.1);
      c.at(380, 556, 1.35, () => scene.draw(c));
      c.roundRect(720, 150, 400, 320, 28, WHITE);
      const bars = [0.8, 0.55, 0.35, 0.65];
      bars.forEach((b, i) => {
        c.roundRect(760, 200 + i * 62, 320, 24, 12, lighten(green, 0.8));
        c.roundRect(760, 200 + i * 62, 320 * b, 24, 12, darken(green, 0.1));
      });
      c.circle(1080, 140, 46, hex('#ef5350'));
      c.circle(1062, 130, 16, WHITE, 0.3);
      pill(c, 'HEALTH', 720, 70, 5, darken(green, 0.2), WHITE);
      wordmark(c, 720, 540, darken(green, 0.5));
    }
  }
  return c.toPng();
}

// ---------------------------------------------------------------- favicon and default preview

function favicon(): Buffer {
  const c = new Canvas(64, 64, 4);
  c.fill(vgrad(0, hex('#2e86ab'), 64, hex('#1d5f7a')));
  c.at(32, 57, 0.17, () => hotCup(c, hex('#f4a261'), hex('#ffffff')));
  return c.toPng();
}

/**
 * The installed app's icon (web app manifest): the favicon's cup at `size` px. A maskable icon keeps the cup
 * inside the middle 60% (the safe zone a launcher's mask never cuts) on a background to the edges.
 */
function appIcon(size: number, maskable: boolean): Buffer {
  const c = new Canvas(size, size, size >= 512 ? 2 : 3);
  const u = size / 64;
  c.fill(vgrad(0, hex('#2e86ab'), size, hex('#1d5f7a')));
  const k = maskable ? 0.6 : 1;
  c.at(size / 2, size / 2 + k * 25 * u, 0.17 * k * u, () => hotCup(c, hex('#f4a261'), hex('#ffffff')));
  return c.toPng();
}

function ogDefault(): Buffer {
  const c = new Canvas(1200, 630, 2);
  c.fill(vgrad(0, hex('#1d5f7a'), 630, hex('#123a4d')));
  const r = rng(99);
  for (let i = 0; i < 8; i++) c.circle(r() * 1200, r() * 630, 40 + r() * 120, WHITE, 0.05);
  c.ellipse(930, 575, 260, 20, BLACK, 0.2);
  c.at(760, 570, 0.95, () => can(c, hex('#ff2e88'), hex('#1b1f3b'), hex('#ffe600')));
  c.at(925, 570, 1.1, () =>
    icedCup(c, {
      liquid: [hex('#ffe45c'), hex('#ff8fab')],
      lid: 'flat',
      straw: hex('#ff5c8a'),
      ice: true,
      garnish: 'lemon',
    }),
  );
  c.at(1090, 570, 0.95, () => hotCup(c, hex('#f4a261'), WHITE));
  drawText(c, 'COFFEE', 80, 150, 13, WHITE);
  drawText(c, 'GUIDE', 80, 265, 13, hex('#f4a261'));
  pill(c, 'UNOFFICIAL FAN GUIDE', 80, 390, 4.6, hex('#f4a261'), hex('#123a4d'));
  drawText(c, 'MENU PRICES NUTRITION', 84, 480, 4, lighten(hex('#1d5f7a'), 0.6));
  drawText(c, 'AND STANDS', 84, 520, 4, lighten(hex('#1d5f7a'), 0.6));
  return c.toPng();
}

// ---------------------------------------------------------------- main

export const CATEGORY_IMAGE_SLUGS = [
  'seasonal-drinks',
  'faves',
  'protein-coffee',
  'coffee-classics',
  'blended-freeze',
  'rebel-energy-drinks',
  'lemonades',
  'iced-tea',
  'chai',
  'matcha',
  'shakes',
  'hot-cocoa',
  'smoothies',
  'sparkling-soda',
  'cold-brew',
  'snacks',
  'secret-menu',
  'fallback',
];

function write(file: string, data: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  console.log(`${path.relative(ROOT, file)}  ${(data.length / 1024).toFixed(1)} KB`);
}

function main(): void {
  const only = process.argv[2];
  if (!only || only === 'drinks') {
    for (const slug of CATEGORY_IMAGE_SLUGS)
      write(path.join(PUBLIC_DIR, 'images', 'drinks', `${slug}.png`), drinkImage(slug));
  }
  if (!only || only === 'blog') {
    const posts = JSON.parse(fs.readFileSync(path.join(SEED_DIR, 'blog-posts.json'), 'utf8')) as { posts: Post[] };
    posts.posts.forEach((p, i) => write(path.join(PUBLIC_DIR, 'images', 'blog', `${p.slug}.png`), blogImage(p, i)));
  }
  if (!only || only === 'site') {
    write(path.join(PUBLIC_DIR, 'favicon.png'), favicon());
    write(path.join(PUBLIC_DIR, 'og-default.png'), ogDefault());
  }
  if (!only || only === 'site' || only === 'icons') {
    write(path.join(PUBLIC_DIR, 'icons', 'icon-192.png'), appIcon(192, false));
    write(path.join(PUBLIC_DIR, 'icons', 'icon-512.png'), appIcon(512, false));
    write(path.join(PUBLIC_DIR, 'icons', 'maskable-512.png'), appIcon(512, true));
  }
}

main();
