/**
 * Background images for the design tool's background panel, in three types (server/materials/
 * tags.ts): 1 colours and gradients, 2 repeating patterns, 3 textures and scenes.
 *
 * A background is an SVG drawn in a 1000-unit square plus, for textures, a grain or stone layer
 * computed as raw pixels from the seeded Rng (smooth value noise): librsvg's feTurbulence costs
 * about a second per 1200 px picture, the raw noise a few tens of milliseconds.
 */
import type { Rng } from '../../prng';
import type { BackgroundType } from '../../../server/materials/tags';
import {
  circle,
  darker,
  heartD,
  lighter,
  linearGradient,
  mix,
  path,
  polar,
  polyD,
  r1,
  radialGradient,
  rect,
  regularD,
  starD,
  type Palette,
} from './kit';

export interface TextureLayer {
  kind: 'grain' | 'paper' | 'marble' | 'wood' | 'stone';
  /** Colours the texture mixes (light to dark). */
  colours: readonly string[];
  /** Per-texture seed, from the Rng. */
  seed: number;
  /** 0-1: how strongly the layer shows over the SVG. */
  strength: number;
}

export interface BackgroundArt {
  name: string;
  /** SVG inner markup in a 1000 x 1000 design space (defs included). */
  svg: string;
  texture?: TextureLayer;
  keywords: string[];
}

export interface BackgroundRecipe {
  key: string;
  type: BackgroundType;
  /** Distinct designs it draws (a gradient pair, a pattern, a scene...). */
  variants: number;
  /** Whether the palette changes the picture: if not, each variant is drawn once per library. */
  usesPalette: boolean;
  draw(rng: Rng, pal: Palette, variant: number, id: (s: string) => string): BackgroundArt;
}

export function backgroundSvg(art: BackgroundArt, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">${art.svg}</svg>`;
}

const full = (fill: string) => rect(0, 0, 1000, 1000, { fill });
const angleGradient = (id: string, stops: readonly string[], angle: number): string => {
  const a = (angle * Math.PI) / 180;
  const [x1, y1, x2, y2] = [0.5 - Math.cos(a) / 2, 0.5 - Math.sin(a) / 2, 0.5 + Math.cos(a) / 2, 0.5 + Math.sin(a) / 2].map(
    (v) => Math.round(v * 1000) / 1000,
  );
  const s = stops
    .map((c, i) => `<stop offset="${Math.round((i / Math.max(1, stops.length - 1)) * 100) / 100}" stop-color="${c}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
};

const GRADIENT_PAIRS: readonly [string, string, string][] = [
  ['Peach Sunrise', '#FFECD2', '#FCB69F'],
  ['Ocean Breeze', '#A1C4FD', '#C2E9FB'],
  ['Mint Fresh', '#D4FC79', '#96E6A1'],
  ['Cotton Candy', '#FBC2EB', '#A6C1EE'],
  ['Deep Night', '#141E30', '#243B55'],
  ['Sunset Glow', '#FF9A8B', '#FF6A88'],
  ['Lavender Mist', '#E0C3FC', '#8EC5FC'],
  ['Golden Hour', '#F6D365', '#FDA085'],
  ['Forest Mist', '#C1DFC4', '#DEECDD'],
  ['Royal Blue', '#4776E6', '#8E54E9'],
  ['Rose Gold', '#F8CDDA', '#E8A0BF'],
  ['Lemonade', '#FFF1A8', '#FFD1A9'],
];

// ---------- type 1: colours and gradients ----------

const linear: BackgroundRecipe = {
  key: 'linear-gradient',
  type: 1,
  variants: GRADIENT_PAIRS.length,
  usesPalette: false,
  draw(rng, _pal, variant, id) {
    const [name, a, b] = GRADIENT_PAIRS[variant] ?? GRADIENT_PAIRS[0]!;
    const g = id('lg');
    return {
      name: `${name} Gradient`,
      svg: `<defs>${angleGradient(g, [a, b], rng.pick([45, 90, 135, 60]))}</defs>${full(`url(#${g})`)}`,
      keywords: ['gradient', 'soft'],
    };
  },
};

const tri: BackgroundRecipe = {
  key: 'three-stop-gradient',
  type: 1,
  variants: 1,
  usesPalette: true,
  draw(rng, pal, _variant, id) {
    const stops = [pal.colors[0], pal.colors[1], pal.colors[2]].map((c) => lighter(c, 0.15));
    const g = id('tg');
    return {
      name: `${pal.name} Blend`,
      svg: `<defs>${angleGradient(g, stops, rng.pick([30, 90, 120, 150]))}</defs>${full(`url(#${g})`)}`,
      keywords: ['gradient', 'colourful'],
    };
  },
};

const radial: BackgroundRecipe = {
  key: 'radial-glow',
  type: 1,
  variants: 1,
  usesPalette: true,
  draw(rng, pal, _variant, id) {
    const base = rng.pick(pal.colors);
    const g = id('rg');
    return {
      name: `${pal.name} Glow`,
      svg: `<defs>${radialGradient(g, lighter(base, 0.7), darker(base, 0.1), 0.5, 0.45, 0.75)}</defs>${full(`url(#${g})`)}`,
      keywords: ['spotlight', 'glow', 'vignette'],
    };
  },
};

const aurora: BackgroundRecipe = {
  key: 'aurora',
  type: 1,
  variants: 1,
  usesPalette: true,
  draw(rng, pal, _variant, id) {
    let defs = '';
    let body = full(darker(pal.colors[3], 0.35));
    pal.colors.slice(0, 4).forEach((c, i) => {
      const g = id(`au${i}`);
      const [cx, cy] = [0.2 + rng.next() * 0.6, 0.2 + rng.next() * 0.6];
      defs += `<radialGradient id="${g}" cx="${r1(cx * 100) / 100}" cy="${r1(cy * 100) / 100}" r="0.55"><stop offset="0" stop-color="${c}" stop-opacity="0.9"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
      body += full(`url(#${g})`);
    });
    return { name: `${pal.name} Aurora`, svg: `<defs>${defs}</defs>${body}`, keywords: ['mesh gradient', 'holographic', 'dreamy'] };
  },
};

const wash: BackgroundRecipe = {
  key: 'colour-wash',
  type: 1,
  variants: 1,
  usesPalette: true,
  draw(rng, pal, _variant, id) {
    const c = lighter(rng.pick(pal.colors), 0.55);
    const g = id('vw');
    const svg = `<defs>${radialGradient(g, '#FFFFFF', c, 0.5, 0.5, 0.8)}</defs>${full(c)}<rect width="1000" height="1000" fill="url(#${g})" opacity="0.55"/>`;
    return {
      name: `Soft ${pal.name} Wash`,
      svg,
      texture: { kind: 'grain', colours: ['#FFFFFF', '#000000'], seed: rng.int(1, 1e6), strength: 0.06 },
      keywords: ['pastel', 'plain', 'solid'],
    };
  },
};

const split: BackgroundRecipe = {
  key: 'duotone',
  type: 1,
  variants: 1,
  usesPalette: true,
  draw(rng, pal) {
    const [a, b] = rng.sample(pal.colors, 2).map((c) => lighter(c, 0.2));
    const y0 = rng.int(350, 650);
    const svg =
      full(a ?? '#EEE') + path(`M0 ${y0 + 120}C300 ${y0 - 80} 700 ${y0 + 200} 1000 ${y0 - 40}L1000 1000L0 1000Z`, { fill: b ?? '#CCC' });
    return { name: `${pal.name} Duotone`, svg, keywords: ['two tone', 'wave', 'modern'] };
  },
};

// ---------- type 2: patterns ----------

function pattern(id: string, w: number, h: number, inner: string, bg: string, transform = ''): string {
  return `<defs><pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${rect(0, 0, w, h, { fill: bg })}${inner}</pattern></defs>${full(`url(#${id})`)}`;
}

const PATTERNS: readonly { key: string; name: string; make(p: string, pal: Palette, rng: Rng): string }[] = [
  {
    key: 'dots',
    name: 'Polka Dots',
    make: (p, pal) =>
      pattern(
        p,
        100,
        100,
        circle(25, 25, 14, { fill: pal.colors[0] }) + circle(75, 75, 14, { fill: pal.colors[0] }),
        lighter(pal.colors[2], 0.6),
      ),
  },
  {
    key: 'stripes',
    name: 'Diagonal Stripes',
    make: (p, pal) =>
      pattern(p, 80, 80, rect(0, 0, 32, 80, { fill: lighter(pal.colors[1], 0.2) }), lighter(pal.colors[4], 0.5), 'rotate(45)'),
  },
  {
    key: 'gingham',
    name: 'Gingham',
    make: (p, pal) =>
      pattern(
        p,
        80,
        80,
        rect(0, 0, 40, 80, { fill: pal.colors[0], opacity: 0.45 }) + rect(0, 0, 80, 40, { fill: pal.colors[0], opacity: 0.45 }),
        '#FFFFFF',
      ),
  },
  {
    key: 'chevron',
    name: 'Chevron',
    make: (p, pal) =>
      pattern(
        p,
        120,
        80,
        path('M0 60L60 0L120 60', { fill: 'none', stroke: pal.colors[0], 'stroke-width': 22 }) +
          path('M0 140L60 80L120 140', { fill: 'none', stroke: pal.colors[0], 'stroke-width': 22 }) +
          path('M0 -20L60 -80L120 -20', { fill: 'none', stroke: pal.colors[0], 'stroke-width': 22 }),
        lighter(pal.colors[2], 0.55),
      ),
  },
  {
    key: 'hearts',
    name: 'Little Hearts',
    make: (p, pal) =>
      pattern(
        p,
        120,
        120,
        path(heartD(30, 15, 40), { fill: pal.colors[0] }) + path(heartD(90, 75, 40), { fill: pal.colors[3] }),
        lighter(pal.colors[4], 0.6),
      ),
  },
  {
    key: 'stars',
    name: 'Starry Pattern',
    make: (p, pal) =>
      pattern(
        p,
        140,
        140,
        path(starD(35, 38, 5, 24, 10), { fill: pal.colors[2] }) +
          path(starD(105, 108, 5, 16, 7), { fill: pal.colors[1] }) +
          circle(105, 35, 5, { fill: pal.colors[4] }),
        darker(pal.colors[3], 0.35),
      ),
  },
  {
    key: 'triangles',
    name: 'Geometric Triangles',
    make: (p, pal) =>
      pattern(
        p,
        100,
        87,
        path(
          polyD([
            [0, 87],
            [50, 0],
            [100, 87],
          ]),
          { fill: pal.colors[0] },
        ) +
          path(
            polyD([
              [50, 0],
              [100, 87],
              [150, 0],
            ]),
            { fill: pal.colors[1] },
          ) +
          path(
            polyD([
              [-50, 0],
              [0, 87],
              [50, 0],
            ]),
            { fill: pal.colors[1] },
          ),
        pal.colors[2],
      ),
  },
  {
    key: 'waves',
    name: 'Wavy Lines',
    make: (p, pal) =>
      pattern(
        p,
        200,
        60,
        path('M0 30Q50 0 100 30T200 30', { fill: 'none', stroke: pal.colors[0], 'stroke-width': 10 }),
        lighter(pal.colors[2], 0.6),
      ),
  },
  {
    key: 'scales',
    name: 'Mermaid Scales',
    make: (p, pal) =>
      pattern(
        p,
        100,
        100,
        circle(50, 100, 50, { fill: pal.colors[1], stroke: lighter(pal.colors[1], 0.4), 'stroke-width': 6 }) +
          circle(0, 50, 50, { fill: pal.colors[0], stroke: lighter(pal.colors[0], 0.4), 'stroke-width': 6 }) +
          circle(100, 50, 50, { fill: pal.colors[0], stroke: lighter(pal.colors[0], 0.4), 'stroke-width': 6 }) +
          circle(50, 0, 50, { fill: pal.colors[1], stroke: lighter(pal.colors[1], 0.4), 'stroke-width': 6 }),
        pal.colors[2],
      ),
  },
  {
    key: 'grid',
    name: 'Grid Paper',
    make: (p, pal) =>
      pattern(
        p,
        50,
        50,
        path('M50 0L0 0L0 50', { fill: 'none', stroke: mix(pal.colors[1], '#FFFFFF', 0.4), 'stroke-width': 2 }),
        '#FCFCF7',
      ),
  },
  {
    key: 'checker',
    name: 'Checkerboard',
    make: (p, pal) =>
      pattern(
        p,
        120,
        120,
        rect(0, 0, 60, 60, { fill: pal.colors[0] }) + rect(60, 60, 60, 60, { fill: pal.colors[0] }),
        lighter(pal.colors[0], 0.7),
      ),
  },
  {
    key: 'plaid',
    name: 'Tartan Plaid',
    make: (p, pal) =>
      pattern(
        p,
        160,
        160,
        rect(0, 50, 160, 50, { fill: pal.colors[3], opacity: 0.6 }) +
          rect(50, 0, 50, 160, { fill: pal.colors[3], opacity: 0.6 }) +
          rect(0, 72, 160, 6, { fill: pal.colors[2] }) +
          rect(72, 0, 6, 160, { fill: pal.colors[2] }),
        pal.colors[0],
      ),
  },
  {
    key: 'confetti',
    name: 'Confetti',
    make: (p, pal, rng) => {
      let inner = '';
      for (let i = 0; i < 14; i += 1) {
        const [x, y] = [rng.int(0, 240), rng.int(0, 240)];
        const c = pal.colors[i % 5] ?? '#F00';
        inner +=
          i % 3 === 0 ? circle(x, y, 7, { fill: c }) : rect(x, y, 22, 8, { fill: c, transform: `rotate(${rng.int(0, 180)} ${x} ${y})` });
      }
      return pattern(p, 240, 240, inner, '#FFFDF8');
    },
  },
  {
    key: 'terrazzo',
    name: 'Terrazzo',
    make: (p, pal, rng) => {
      let inner = '';
      for (let i = 0; i < 16; i += 1) {
        const [x, y] = [rng.int(0, 300), rng.int(0, 300)];
        inner += path(regularD(x, y, rng.int(3, 6), rng.int(8, 22), rng.int(0, 90)), { fill: pal.colors[i % 5] ?? '#999', opacity: 0.85 });
      }
      return pattern(p, 300, 300, inner, '#F4F1EA');
    },
  },
  {
    key: 'leaves',
    name: 'Leafy Pattern',
    make: (p, pal) =>
      pattern(
        p,
        160,
        160,
        path('M40 120C20 80 40 40 80 30C90 70 80 110 40 120Z', { fill: '#5FA55A' }) +
          path('M120 70C140 40 130 10 100 0C90 30 95 60 120 70Z', { fill: '#3E8E41' }) +
          circle(125, 130, 10, { fill: pal.colors[0] }),
        lighter(pal.colors[2], 0.65),
      ),
  },
  {
    key: 'sunburst',
    name: 'Retro Sunburst',
    make: (_p, pal) => {
      let inner = full(lighter(pal.colors[1], 0.3));
      for (let i = 0; i < 24; i += 2)
        inner += path(polyD([[500, 500], polar(500, 500, 900, i * 15), polar(500, 500, 900, (i + 1) * 15)]), {
          fill: lighter(pal.colors[0], 0.25),
        });
      return inner + circle(500, 500, 120, { fill: pal.colors[2] });
    },
  },
];

const patterns: BackgroundRecipe = {
  key: 'pattern',
  type: 2,
  variants: PATTERNS.length,
  usesPalette: true,
  draw(rng, pal, variant, id) {
    const p = PATTERNS[variant] ?? PATTERNS[0]!;
    return { name: `${pal.name} ${p.name}`, svg: p.make(id(p.key), pal, rng), keywords: ['pattern', 'repeat', p.key] };
  },
};

// ---------- type 3: textures and scenes ----------

const paper: BackgroundRecipe = {
  key: 'paper',
  type: 3,
  variants: 2,
  usesPalette: false,
  draw(rng, _pal, variant) {
    const seed = rng.int(1, 1e6);
    return variant === 0
      ? {
          name: 'Cream Paper Texture',
          svg: full('#F5F0E4'),
          texture: { kind: 'paper', colours: ['#FBF8F0', '#E5DCC8'], seed, strength: 1 },
          keywords: ['paper', 'vintage', 'parchment'],
        }
      : {
          name: 'Kraft Paper Texture',
          svg: full('#C9A77C'),
          texture: { kind: 'paper', colours: ['#D2B48C', '#A88157'], seed, strength: 1 },
          keywords: ['cardboard', 'brown paper', 'rustic'],
        };
  },
};

const MARBLES = [
  ['White Marble', '#8C8C94'],
  ['Gold Veined Marble', '#C9A227'],
  ['Blue Grey Marble', '#5B6B7A'],
] as const;

const marble: BackgroundRecipe = {
  key: 'marble',
  type: 3,
  variants: MARBLES.length,
  usesPalette: false,
  draw(rng, _pal, variant) {
    const [name, vein] = MARBLES[variant] ?? MARBLES[0];
    return {
      name,
      svg: full('#F4F4F2'),
      texture: { kind: 'marble', colours: ['#FAFAF9', '#E4E4E2', vein], seed: rng.int(1, 1e6), strength: 1 },
      keywords: ['marble', 'stone', 'luxury'],
    };
  },
};

const WOODS = [
  ['#D9B382', '#A8794A', 'Oak Wood'],
  ['#8B5A3C', '#5A3825', 'Walnut Wood'],
  ['#EAD7BB', '#C9A98A', 'Birch Wood'],
] as const;

const wood: BackgroundRecipe = {
  key: 'wood',
  type: 3,
  variants: WOODS.length,
  usesPalette: false,
  draw(rng, _pal, variant) {
    const [light, dark, name] = WOODS[variant] ?? WOODS[0];
    return {
      name: `${name} Texture`,
      svg: full(light),
      texture: { kind: 'wood', colours: [light, dark], seed: rng.int(1, 1e6), strength: 1 },
      keywords: ['wood', 'grain', 'natural', 'rustic'],
    };
  },
};

const stone: BackgroundRecipe = {
  key: 'stone',
  type: 3,
  variants: 1,
  usesPalette: true,
  draw(rng, pal) {
    const base = lighter(pal.colors[3], 0.5);
    return {
      name: `${pal.name} Concrete Texture`,
      svg: full(base),
      texture: { kind: 'stone', colours: [lighter(base, 0.2), darker(base, 0.2)], seed: rng.int(1, 1e6), strength: 1 },
      keywords: ['concrete', 'industrial', 'cement', 'stone'],
    };
  },
};

const watercolour: BackgroundRecipe = {
  key: 'watercolour',
  type: 3,
  variants: 1,
  usesPalette: true,
  draw(rng, pal) {
    let body = full('#FFFFFF');
    for (let i = 0; i < 7; i += 1)
      body += circle(rng.int(100, 900), rng.int(100, 900), rng.int(150, 320), {
        fill: lighter(pal.colors[i % 5] ?? '#AAA', 0.35),
        opacity: 0.45,
      });
    const svg = `<defs><filter id="wc" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="60"/></filter></defs>${full('#FFFFFF')}<g filter="url(#wc)">${body}</g>`;
    return {
      name: `${pal.name} Watercolour`,
      svg,
      texture: { kind: 'grain', colours: ['#FFFFFF', '#000000'], seed: rng.int(1, 1e6), strength: 0.07 },
      keywords: ['watercolor', 'paint', 'artistic'],
    };
  },
};

const CLOUD = 'M200 700A130 130 0 0 1 250 480A180 180 0 0 1 540 350A190 190 0 0 1 830 500A110 110 0 0 1 800 700Z';
const cloudAt = (x: number, y: number, s: number, opacity = 0.9) =>
  `<g transform="translate(${x} ${y}) scale(${s}) translate(-515 -560)" opacity="${opacity}"><path d="${CLOUD}" fill="#FFFFFF"/></g>`;

function hills(y: number, amp: number, colour: string, rng: Rng): string {
  let d = `M0 ${y}`;
  for (let x = 0; x < 1000; x += 250) d += `Q${x + 125} ${y - amp + rng.int(-30, 30)} ${x + 250} ${y + rng.int(-20, 20)}`;
  return path(`${d}L1000 1000L0 1000Z`, { fill: colour });
}

function stars(rng: Rng, n: number, maxY = 1000): string {
  let out = '';
  for (let i = 0; i < n; i += 1)
    out += circle(rng.int(0, 1000), rng.int(0, maxY), rng.next() < 0.1 ? 4 : 2, { fill: '#FFFFFF', opacity: r1(0.4 + rng.next() * 0.6) });
  return out;
}

interface Scene {
  key: string;
  name: string;
  keywords: string[];
  palette?: boolean;
  draw(rng: Rng, pal: Palette): string;
}

const SCENES: readonly Scene[] = [
  {
    key: 'sunset',
    name: 'Sunset Hills',
    keywords: ['sunset', 'landscape', 'evening'],
    draw: (rng, _pal) =>
      `<defs>${linearGradient('sky', '#FF9966', '#FF5E62')}</defs>${full('url(#sky)')}` +
      circle(620, 520, 150, { fill: '#FFE29A' }) +
      hills(620, 120, '#C0396B', rng) +
      hills(730, 90, '#8E2C6B', rng) +
      hills(850, 70, '#5B1F5E', rng),
  },
  {
    key: 'night',
    name: 'Starry Night',
    keywords: ['night', 'stars', 'moon'],
    draw: (rng, _pal) =>
      `<defs>${linearGradient('n', '#0B1026', '#2B3A67')}</defs>${full('url(#n)')}` +
      stars(rng, 140, 700) +
      path('M760 140A110 110 0 1 0 860 290A90 90 0 1 1 760 140Z', { fill: '#FFF3C4' }) +
      hills(800, 100, '#1B2440', rng) +
      hills(880, 60, '#111831', rng),
  },
  {
    key: 'beach',
    name: 'Sunny Beach',
    keywords: ['beach', 'sea', 'summer', 'ocean'],
    draw: (_rng, _pal) =>
      `<defs>${linearGradient('b', '#7FD3F7', '#D8F3FF')}</defs>${full('url(#b)')}` +
      circle(780, 220, 90, { fill: '#FFE066' }) +
      cloudAt(260, 220, 0.35) +
      rect(0, 560, 1000, 220, { fill: '#2A9DD8' }) +
      path('M0 600Q60 585 120 600T240 600T360 600T480 600T600 600T720 600T840 600T960 600T1080 600', {
        fill: 'none',
        stroke: '#FFFFFF',
        'stroke-width': 6,
        opacity: 0.6,
      }) +
      path('M0 760C200 720 400 740 600 730C800 720 900 750 1000 740L1000 1000L0 1000Z', { fill: '#F2D49B' }) +
      path('M0 760C200 720 400 740 600 730C800 720 900 750 1000 740', {
        fill: 'none',
        stroke: '#FFFFFF',
        'stroke-width': 14,
        opacity: 0.8,
      }),
  },
  {
    key: 'mountains',
    name: 'Snowy Peaks',
    keywords: ['mountains', 'winter', 'landscape'],
    draw: (_rng, _pal) =>
      `<defs>${linearGradient('m', '#BFE3F6', '#F3FAFF')}</defs>${full('url(#m)')}` +
      path(
        polyD([
          [-100, 800],
          [300, 300],
          [700, 800],
        ]),
        { fill: '#7A93B8' },
      ) +
      path(
        polyD([
          [300, 300],
          [380, 400],
          [330, 380],
          [300, 420],
          [260, 380],
          [220, 400],
        ]),
        { fill: '#FFFFFF' },
      ) +
      path(
        polyD([
          [350, 800],
          [700, 220],
          [1100, 800],
        ]),
        { fill: '#566E96' },
      ) +
      path(
        polyD([
          [700, 220],
          [790, 370],
          [740, 345],
          [700, 390],
          [655, 345],
          [610, 370],
        ]),
        { fill: '#FFFFFF' },
      ) +
      path('M0 800Q250 760 500 800T1000 790L1000 1000L0 1000Z', { fill: '#E8F1F8' }),
  },
  {
    key: 'meadow',
    name: 'Spring Meadow',
    keywords: ['meadow', 'flowers', 'spring', 'field'],
    palette: true,
    draw: (rng, pal) => {
      let flowers = '';
      for (let i = 0; i < 60; i += 1)
        flowers += circle(rng.int(0, 1000), rng.int(720, 990), rng.int(5, 10), { fill: pal.colors[i % 5] ?? '#FFF' });
      return (
        `<defs>${linearGradient('g', '#9ED8F5', '#E6F7FF')}</defs>${full('url(#g)')}` +
        cloudAt(250, 240, 0.3) +
        cloudAt(720, 170, 0.25) +
        hills(640, 90, '#8BC34A', rng) +
        hills(740, 70, '#6AAE45', rng) +
        flowers
      );
    },
  },
  {
    key: 'underwater',
    name: 'Under the Sea',
    keywords: ['underwater', 'ocean', 'sea'],
    draw: (rng, _pal) => {
      let bubbles = '';
      for (let i = 0; i < 30; i += 1)
        bubbles += circle(rng.int(50, 950), rng.int(80, 900), rng.int(6, 22), {
          fill: 'none',
          stroke: '#FFFFFF',
          'stroke-width': 3,
          opacity: 0.5,
        });
      let weed = '';
      for (const x of [80, 170, 820, 900])
        weed += path(`M${x} 1000C${x - 40} 880 ${x + 40} 800 ${x} 660`, {
          fill: 'none',
          stroke: '#2E8B57',
          'stroke-width': 22,
          'stroke-linecap': 'round',
        });
      return (
        `<defs>${linearGradient('u', '#1FA2C9', '#0B3C6B')}</defs>${full('url(#u)')}` +
        path(
          polyD([
            [300, 0],
            [420, 0],
            [260, 1000],
            [60, 1000],
          ]),
          { fill: '#FFFFFF', opacity: 0.07 },
        ) +
        path(
          polyD([
            [560, 0],
            [640, 0],
            [700, 1000],
            [520, 1000],
          ]),
          { fill: '#FFFFFF', opacity: 0.06 },
        ) +
        bubbles +
        weed +
        path('M0 940Q500 900 1000 950L1000 1000L0 1000Z', { fill: '#E3C58C' })
      );
    },
  },
  {
    key: 'city',
    name: 'City Skyline at Dusk',
    keywords: ['city', 'skyline', 'urban', 'evening'],
    draw: (rng, _pal) => {
      let city = '';
      for (let x = 0; x < 1000;) {
        const w = rng.int(60, 130);
        const h = rng.int(180, 460);
        city += rect(x, 1000 - h, w - 6, h, { fill: '#2B2D42' });
        for (let wy = 1000 - h + 20; wy < 980; wy += 34)
          for (let wx = x + 12; wx < x + w - 24; wx += 24)
            if (rng.chance(0.45)) city += rect(wx, wy, 10, 14, { fill: '#FFD166', opacity: 0.85 });
        x += w;
      }
      return (
        `<defs>${angleGradient('c', ['#FDB7A0', '#C06C84', '#355C7D'], 90)}</defs>${full('url(#c)')}` +
        circle(300, 420, 90, { fill: '#FFE8B0', opacity: 0.9 }) +
        city
      );
    },
  },
  {
    key: 'galaxy',
    name: 'Galaxy',
    keywords: ['space', 'galaxy', 'nebula', 'stars'],
    palette: true,
    draw: (rng, pal) => {
      let defs = '';
      let glow = '';
      pal.colors.slice(0, 3).forEach((c, i) => {
        const g = `gx${i}`;
        defs += `<radialGradient id="${g}" cx="${r1(0.25 + rng.next() * 0.5)}" cy="${r1(0.25 + rng.next() * 0.5)}" r="0.45"><stop offset="0" stop-color="${c}" stop-opacity="0.55"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
        glow += full(`url(#${g})`);
      });
      return (
        `<defs>${defs}</defs>${full('#0A0820')}${glow}${stars(rng, 220)}` +
        path(starD(720, 260, 4, 26, 5), { fill: '#FFFFFF' }) +
        path(starD(260, 700, 4, 20, 4), { fill: '#FFFFFF' })
      );
    },
  },
  {
    key: 'sky',
    name: 'Blue Sky Clouds',
    keywords: ['sky', 'clouds', 'daytime'],
    draw: (_rng, _pal) =>
      `<defs>${linearGradient('k', '#4FACFE', '#C7ECFF')}</defs>${full('url(#k)')}` +
      cloudAt(260, 300, 0.45) +
      cloudAt(760, 520, 0.55) +
      cloudAt(380, 780, 0.35, 0.8),
  },
  {
    key: 'desert',
    name: 'Desert Dunes',
    keywords: ['desert', 'sand', 'dunes'],
    draw: (rng, _pal) =>
      `<defs>${linearGradient('d', '#FFD89B', '#F7A072')}</defs>${full('url(#d)')}` +
      circle(720, 300, 110, { fill: '#FFF2CC' }) +
      hills(640, 110, '#E9A66B', rng) +
      hills(760, 90, '#D98B52', rng) +
      hills(880, 60, '#C0703B', rng),
  },
];

const FIXED_SCENES = SCENES.filter((sc) => !sc.palette);
const PALETTE_SCENES = SCENES.filter((sc) => sc.palette);

const scene: BackgroundRecipe = {
  key: 'scene',
  type: 3,
  variants: FIXED_SCENES.length,
  usesPalette: false,
  draw(rng, pal, variant) {
    const sc = FIXED_SCENES[variant] ?? FIXED_SCENES[0]!;
    return { name: sc.name, svg: sc.draw(rng, pal), keywords: sc.keywords };
  },
};

const paletteScene: BackgroundRecipe = {
  key: 'palette-scene',
  type: 3,
  variants: PALETTE_SCENES.length,
  usesPalette: true,
  draw(rng, pal, variant) {
    const sc = PALETTE_SCENES[variant] ?? PALETTE_SCENES[0]!;
    return { name: `${pal.name} ${sc.name}`, svg: sc.draw(rng, pal), keywords: sc.keywords };
  },
};

export const BACKGROUND_RECIPES: Readonly<Record<BackgroundType, readonly BackgroundRecipe[]>> = {
  1: [linear, tri, radial, aurora, wash, split],
  2: [patterns],
  3: [paper, marble, wood, stone, watercolour, scene, paletteScene],
};
