/** Lettering, badges, frames, arrows and pattern swatches. */
import type { TagKey } from '../../../../server/materials/tags';
import {
  arcD,
  box,
  circle,
  darker,
  group,
  heartD,
  leafD,
  lighter,
  luminance,
  path,
  polar,
  polyD,
  r1,
  rect,
  regularD,
  roundRectD,
  scallopD,
  starD,
  type Pt,
} from '../kit';
import { layArc, placeWord as placed } from '../lettering';
import type { Ctx, Motif } from '../motif';

const line = (ctx: Ctx) => (ctx.outlined ? ctx.ink.line : {});

interface Word {
  text: string;
  tags: TagKey[];
}
const w = (text: string, ...tags: TagKey[]): Word => ({ text, tags });

export const WORDS: readonly Word[] = [
  w('LOVE', 'love'),
  w('XOXO', 'love'),
  w('HUGS', 'love'),
  w('BE MINE', 'love', 'holidays'),
  w('KISS', 'love'),
  w('HELLO'),
  w('HI!'),
  w('HOLA'),
  w('WOW'),
  w('YES!'),
  w('OMG', 'emoji'),
  w('YAY!'),
  w('LOL', 'emoji'),
  w('HAPPY'),
  w('SMILE', 'emoji'),
  w('JOY'),
  w('HOPE'),
  w('PEACE'),
  w('DREAM'),
  w('MAGIC'),
  w('COOL'),
  w('EPIC'),
  w('CHILL'),
  w('FREE'),
  w('WILD', 'nature'),
  w('PARTY', 'holidays'),
  w('NOEL', 'holidays'),
  w('BOO!', 'holidays'),
  w('HO HO HO', 'holidays'),
  w('CHEERS', 'holidays'),
  w('SUMMER', 'nature'),
  w('ALOHA', 'nature'),
  w('BABY', 'kids'),
  w('FUN', 'kids'),
  w('MAMA', 'love'),
  w('PAPA'),
  w('TEAM', 'sports'),
  w('GO!', 'sports'),
  w('WIN', 'sports'),
  w('MVP', 'sports'),
  w('RETRO', 'vintage'),
  w('1985', 'vintage'),
  w('GOOD VIBES'),
  w('STAY WILD', 'nature'),
  w('NO.1', 'badges'),
  w('100%'),
];

function wordTags(word: Word, base: TagKey): TagKey[] {
  return [base, ...word.tags.filter((t) => t !== base)].slice(0, 3);
}

const wordSticker: Motif = {
  key: 'word',
  tags: ['lettering'],
  weight: 3,
  draw(ctx) {
    const word = ctx.rng.pick(WORDS);
    const p = placed(word.text, 500, 500, 800, 330);
    const multi = ctx.rng.chance(0.35);
    const fill = ctx.c(0);
    const u = p.s;
    const stroke = 22 * u;
    let inner = path(p.d, {
      stroke: ctx.pal.ink,
      'stroke-width': stroke + 22 * u,
      transform: `translate(${r1(7 * u)} ${r1(9 * u)})`,
      opacity: 0.35,
    });
    inner += path(p.d, { stroke: ctx.pal.ink, 'stroke-width': stroke + 22 * u });
    if (multi)
      p.glyphs.forEach((g, i) => {
        inner += path(g, { stroke: ctx.c(i) });
      });
    else inner += path(p.d, { stroke: fill });
    inner += path(p.d, { stroke: '#FFFFFF', 'stroke-width': 5 * u, transform: `translate(${r1(-4 * u)} ${r1(-5 * u)})`, opacity: 0.45 });
    const body = group(inner, { fill: 'none', 'stroke-width': r1(stroke), 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    const pad = 24 * u;
    return {
      name: `${word.text} Lettering`,
      body,
      box: box(p.x - pad, p.y - pad, p.w + pad * 2 + 8 * u, p.h + pad * 2 + 14 * u),
      tags: wordTags(word, 'lettering'),
      keywords: ['word', 'text', 'quote', word.text.toLowerCase()],
    };
  },
};

const neon: Motif = {
  key: 'neon-sign',
  tags: ['lettering', 'vintage'],
  weight: 1.5,
  finishes: ['flat', 'shadow'],
  noOutline: true,
  draw(ctx) {
    const word = ctx.rng.pick(WORDS);
    const glow = ctx.rng.pick(['#FF2E88', '#00E5FF', '#B6FF00', '#FFE500', '#FF6B4A', '#C77DFF']);
    const p = placed(word.text, 500, 500, 700, 260);
    const plateW = p.w + 200;
    const plateH = p.h + 200;
    const blur = ctx.id('glow');
    let body = path(roundRectD(500 - plateW / 2, 500 - plateH / 2, plateW, plateH, 60), {
      fill: '#17141F',
      stroke: '#2E2A3A',
      'stroke-width': 14,
    });
    const u = p.s;
    const strokes = path(p.d, { stroke: glow, 'stroke-width': r1(30 * u), opacity: 0.9 });
    body += group(group(strokes, { fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }), { filter: `url(#${blur})` });
    body += group(
      path(p.d, { stroke: lighter(glow, 0.3), 'stroke-width': r1(18 * u) }) + path(p.d, { stroke: '#FFFFFF', 'stroke-width': r1(7 * u) }),
      { fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
    );
    const defs = `<filter id="${blur}" x="-20%" y="-40%" width="140%" height="180%"><feGaussianBlur stdDeviation="14"/></filter>`;
    return {
      name: `${word.text} Neon Sign`,
      body,
      defs,
      box: box(500 - plateW / 2 - 7, 500 - plateH / 2 - 7, plateW + 14, plateH + 14),
      tags: wordTags(word, 'lettering'),
      keywords: ['neon', 'glow', 'sign', word.text.toLowerCase()],
    };
  },
};

const blocks: Motif = {
  key: 'abc-blocks',
  tags: ['kids', 'lettering'],
  draw(ctx) {
    const letters = ctx.rng.pick(['ABC', 'XYZ', 'JOY', 'FUN', 'BOY', 'ZOE', 'MIA', '123']);
    let body = '';
    const cube = (x: number, y: number, s: number, colour: string, ch: string) => {
      const c = luminance(colour) > 0.8 ? darker(colour, 0.3) : colour;
      const d = s * 0.28;
      let g = path(
        polyD([
          [x, y],
          [x + d, y - d],
          [x + s + d, y - d],
          [x + s, y],
        ]),
        { fill: lighter(c, 0.3), ...line(ctx), 'stroke-linejoin': 'round' },
      );
      g += path(
        polyD([
          [x + s, y],
          [x + s + d, y - d],
          [x + s + d, y + s - d],
          [x + s, y + s],
        ]),
        { fill: darker(c, 0.2), ...line(ctx), 'stroke-linejoin': 'round' },
      );
      g += path(roundRectD(x, y, s, s, 10), { fill: c, ...line(ctx) });
      g += path(roundRectD(x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.8, 12), { fill: 'none', stroke: ctx.pal.light, 'stroke-width': 10 });
      const p = placed(ch, x + s / 2, y + s / 2, s * 0.6, s * 0.5);
      g += group(path(p.d), {
        fill: 'none',
        stroke: ctx.pal.light,
        'stroke-width': 22,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      });
      return g;
    };
    const chars = [...letters];
    body += cube(130, 560, 260, ctx.c(0), chars[0] ?? 'A');
    body += cube(450, 560, 260, ctx.c(1), chars[1] ?? 'B');
    body += cube(290, 230, 260, ctx.c(2), chars[2] ?? 'C');
    return { name: `${letters} Blocks`, body, box: box(115, 140, 690, 695), keywords: ['toy', 'alphabet', 'school', 'baby'] };
  },
};

// ---------- badges ----------

const RIBBON_WORDS = ['BEST', 'TOP', 'NO.1', 'WIN', '1ST', 'WOW', 'A+', 'YES'];

const rosette: Motif = {
  key: 'rosette',
  tags: ['badges', 'vintage'],
  draw(ctx) {
    const a = ctx.c(0);
    const b = ctx.c(1);
    let body = path('M380 560L290 900L380 850L430 930L500 620Z', { fill: darker(b, 0.1), ...line(ctx), 'stroke-linejoin': 'round' });
    body += path('M620 560L710 900L620 850L570 930L500 620Z', { fill: b, ...line(ctx), 'stroke-linejoin': 'round' });
    body += path(scallopD(500, 430, 300, 18, 20), { fill: a, ...line(ctx) });
    body +=
      circle(500, 430, 230, { fill: lighter(a, 0.25) }) +
      circle(500, 430, 200, { fill: 'none', stroke: ctx.pal.light, 'stroke-width': 10, 'stroke-dasharray': '20 14' });
    const text = ctx.rng.pick(RIBBON_WORDS.filter((t) => t !== 'A+'));
    const p = placed(text, 500, 430, 260, 130);
    body += group(path(p.d), {
      fill: 'none',
      stroke: luminance(lighter(a, 0.25)) > 0.6 ? ctx.pal.ink : ctx.pal.light,
      'stroke-width': 28,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    return { name: `${text} Award Rosette`, body, box: box(185, 90, 630, 855), keywords: ['ribbon', 'prize', 'award', 'winner'] };
  },
};

const SEAL_TOP = [
  'PREMIUM QUALITY',
  'HANDMADE',
  'ORIGINAL',
  'BEST CHOICE',
  'CERTIFIED',
  'MADE WITH LOVE',
  'SUPER DAD',
  'BEST MOM EVER',
  'GOOD VIBES ONLY',
];
const SEAL_BOTTOM = ['SINCE 2025', 'GUARANTEED', 'EST. 1999', '100% AUTHENTIC', 'FOREVER', 'LIMITED EDITION'];

const seal: Motif = {
  key: 'seal',
  tags: ['badges', 'vintage', 'lettering'],
  draw(ctx) {
    const a = ctx.c(0);
    const ink = luminance(a) > 0.6 ? ctx.pal.ink : ctx.pal.light;
    const edge = ctx.rng.pick(['plain', 'scallop', 'burst'] as const);
    let body =
      edge === 'scallop'
        ? path(scallopD(500, 500, 400, 28, 12), { fill: a, ...line(ctx) })
        : edge === 'burst'
          ? path(starD(500, 500, 36, 440, 405), { fill: a, ...line(ctx), 'stroke-linejoin': 'round' })
          : circle(500, 500, 430, { fill: a, ...line(ctx) });
    body += circle(500, 500, 385, { fill: 'none', stroke: ink, 'stroke-width': 10 });
    body += circle(500, 500, 250, { fill: 'none', stroke: ink, 'stroke-width': 10 });
    const top = ctx.rng.pick(SEAL_TOP);
    const bottom = ctx.rng.pick(SEAL_BOTTOM);
    const s = 0.62;
    body += group(layArc(top, 500, 500, 285, s, 34, 0, false).join(''), {
      fill: 'none',
      stroke: ink,
      'stroke-width': 13,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    body += group(layArc(bottom, 500, 500, 285, s * 0.85, 34, 180, true).join(''), {
      fill: 'none',
      stroke: ink,
      'stroke-width': 12,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    body += path(starD(175, 500, 5, 26, 11), { fill: ink }) + path(starD(825, 500, 5, 26, 11), { fill: ink });
    body += ctx.rng.chance(0.5)
      ? path(heartD(500, 400, 200), { fill: ctx.c(1) })
      : path(starD(500, 510, 5, 130, 55), { fill: ctx.c(1), stroke: ctx.c(1), 'stroke-width': 14, 'stroke-linejoin': 'round' });
    const tags: TagKey[] =
      top.includes('LOVE') || top.includes('MOM') || top.includes('DAD')
        ? ['badges', 'lettering', 'love']
        : ['badges', 'vintage', 'lettering'];
    const title = top.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
    return { name: `${title} Seal`, body, box: box(55, 55, 890, 890), tags, keywords: ['stamp', 'emblem', 'label', 'logo'] };
  },
};

const shield: Motif = {
  key: 'shield',
  tags: ['badges', 'sports'],
  draw(ctx) {
    const a = ctx.c(0);
    const d = 'M500 90L820 190L800 520C780 700 660 830 500 910C340 830 220 700 200 520L180 190Z';
    const clip = ctx.id('shield');
    let body = path(d, { fill: a, ...line(ctx), 'stroke-linejoin': 'round' });
    body += group(path('M150 540L500 390L850 540L850 660L500 510L150 660Z', { fill: ctx.c(1) }), { 'clip-path': `url(#${clip})` });
    body += group(path(d, { fill: 'none', stroke: ctx.pal.light, 'stroke-width': 18, 'stroke-linejoin': 'round' }), {
      transform: 'translate(500 500) scale(0.88) translate(-500 -500)',
    });
    body += path(starD(500, 300, 5, 110, 46), { fill: ctx.pal.light });
    return {
      name: 'Crest Shield',
      body,
      defs: `<clipPath id="${clip}"><path d="${d}"/></clipPath>`,
      box: box(165, 75, 670, 850),
      keywords: ['crest', 'emblem', 'team', 'security'],
    };
  },
};

const BANNER_WORDS = ['HELLO', 'WELCOME', 'SALE', 'THANK YOU', 'HOORAY', 'CONGRATS', 'BEST DAY', 'ADVENTURE', 'FOREVER', 'TEAM'];

const banner: Motif = {
  key: 'ribbon-banner',
  tags: ['badges', 'lettering', 'vintage'],
  draw(ctx) {
    const a = ctx.c(0);
    const text = ctx.rng.pick(BANNER_WORDS);
    let body = path('M40 420L200 420L200 600L40 600L110 510Z', { fill: darker(a, 0.25), ...line(ctx), 'stroke-linejoin': 'round' });
    body += path('M960 420L800 420L800 600L960 600L890 510Z', { fill: darker(a, 0.25), ...line(ctx), 'stroke-linejoin': 'round' });
    body += path('M140 560L200 600L200 560Z', { fill: darker(a, 0.45) }) + path('M860 560L800 600L800 560Z', { fill: darker(a, 0.45) });
    body += path('M140 380Q500 300 860 380L860 560Q500 480 140 560Z', { fill: a, ...line(ctx), 'stroke-linejoin': 'round' });
    const p = placed(text, 500, 450, 620, 95, 36);
    const ink = luminance(a) > 0.6 ? ctx.pal.ink : ctx.pal.light;
    body += group(path(p.d), { fill: 'none', stroke: ink, 'stroke-width': 20, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    return {
      name: `${text.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())} Ribbon Banner`,
      body,
      box: box(25, 320, 950, 295),
      keywords: ['ribbon', 'label', 'title', text.toLowerCase()],
    };
  },
};

const TAG_WORDS = ['SALE', 'NEW', 'HOT', '50%', 'GIFT', 'FREE', 'DEAL', '2 FOR 1'];

const priceTag: Motif = {
  key: 'price-tag',
  tags: ['badges', 'lettering'],
  draw(ctx) {
    const a = ctx.c(0);
    const text = ctx.rng.pick(TAG_WORDS);
    const tagD = 'M250 220L800 220Q860 220 860 280L860 720Q860 780 800 780L250 780L80 500Z M210 470A40 40 0 1 0 210.1 470Z';
    let body = path('M210 500C150 400 120 300 180 220', { fill: 'none', stroke: '#8A8A96', 'stroke-width': 10, 'stroke-linecap': 'round' });
    body += group(path(tagD, { fill: a, 'fill-rule': 'evenodd', ...line(ctx), 'stroke-linejoin': 'round' }), {
      transform: 'rotate(-8 500 500)',
    });
    const p = placed(text, 560, 500, 460, 190, 36);
    const ink = luminance(a) > 0.6 ? ctx.pal.ink : ctx.pal.light;
    body += group(
      group(path(p.d), { fill: 'none', stroke: ink, 'stroke-width': 30, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
      { transform: 'rotate(-8 500 500)' },
    );
    return { name: `${text} Price Tag`, body, box: box(65, 150, 840, 700), keywords: ['label', 'shop', 'discount', text.toLowerCase()] };
  },
};

const laurel: Motif = {
  key: 'laurel',
  tags: ['badges', 'vintage', 'nature'],
  draw(ctx) {
    const green = ctx.rng.chance(0.5) ? '#C9A227' : ctx.c(0);
    let body = '';
    const branch = (mirror: boolean) => {
      let g = path(arcD(500, 480, 340, 200, 320), { fill: 'none', stroke: green, 'stroke-width': 16, 'stroke-linecap': 'round' });
      for (let i = 0; i < 8; i += 1) {
        const a = 205 + i * 15;
        const base = polar(500, 480, 340, a);
        g += path(leafD(base, polar(base[0], base[1], 120, a + 60), 46), { fill: green, ...line(ctx) });
        g += path(leafD(base, polar(base[0], base[1], 110, a - 70), 42), { fill: lighter(green, 0.15), ...line(ctx) });
      }
      return mirror ? group(g, { transform: 'matrix(-1 0 0 1 1000 0)' }) : g;
    };
    body += branch(false) + branch(true);
    const centre = ctx.rng.pick(['star', 'one', 'heart'] as const);
    if (centre === 'star')
      body += path(starD(500, 460, 5, 170, 70), { fill: ctx.c(1), stroke: ctx.c(1), 'stroke-width': 18, 'stroke-linejoin': 'round' });
    if (centre === 'heart') body += path(heartD(500, 340, 280), { fill: ctx.c(1) });
    if (centre === 'one') {
      const p = placed('1', 500, 470, 200, 260);
      body += group(path(p.d), {
        fill: 'none',
        stroke: ctx.c(1),
        'stroke-width': 40,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      });
    }
    return {
      name: centre === 'one' ? 'Number One Laurel' : 'Laurel Wreath',
      body,
      box: box(70, 115, 860, 770),
      keywords: ['wreath', 'victory', 'award'],
    };
  },
};

// ---------- frames (transparent inside) ----------

const rectFrame: Motif = {
  key: 'rect-frame',
  tags: ['frames'],
  noOutline: true,
  draw(ctx) {
    const a = ctx.c(0);
    const tall = ctx.rng.chance(0.5);
    const [x, y, fw, fh] = tall ? [200, 80, 600, 840] : [80, 200, 840, 600];
    let body = rect(x, y, fw, fh, { fill: 'none', stroke: a, 'stroke-width': 36 });
    body += rect(x + 44, y + 44, fw - 88, fh - 88, { fill: 'none', stroke: darker(a, 0.15), 'stroke-width': 8 });
    for (const [cx, cy] of [
      [x, y],
      [x + fw, y],
      [x, y + fh],
      [x + fw, y + fh],
    ] as const)
      body += path(regularD(cx, cy, 4, 50, 0), { fill: ctx.c(1), stroke: ctx.pal.light, 'stroke-width': 8 });
    return {
      name: tall ? 'Portrait Frame' : 'Landscape Frame',
      body,
      box: tall ? box(145, 25, 710, 950) : box(25, 145, 950, 710),
      keywords: ['border', 'photo frame', 'picture'],
    };
  },
};

const circleFrame: Motif = {
  key: 'circle-frame',
  tags: ['frames', 'shapes'],
  noOutline: true,
  draw(ctx) {
    const a = ctx.c(0);
    let body = circle(500, 500, 390, { fill: 'none', stroke: a, 'stroke-width': 46 });
    body += circle(500, 500, 330, {
      fill: 'none',
      stroke: ctx.c(1),
      'stroke-width': 10,
      'stroke-dasharray': '4 26',
      'stroke-linecap': 'round',
    });
    for (let i = 0; i < 24; i += 1) body += circle(...polar(500, 500, 445, i * 15), 14, { fill: i % 2 === 0 ? ctx.c(1) : ctx.c(2) });
    return { name: 'Round Frame', body, box: box(41, 41, 918, 918), keywords: ['circle', 'border', 'photo frame'] };
  },
};

const wreathFrame: Motif = {
  key: 'wreath-frame',
  tags: ['frames', 'nature', 'holidays'],
  noOutline: true,
  draw(ctx) {
    const greens = ['#3E8E41', '#5FA55A', '#2E6B3F'];
    const xmas = ctx.rng.chance(0.5);
    let body = circle(500, 500, 330, { fill: 'none', stroke: '#6B8F4E', 'stroke-width': 10 });
    for (let i = 0; i < 36; i += 1) {
      const a = i * 10;
      const base = polar(500, 500, 330, a);
      body += path(leafD(base, polar(base[0], base[1], 110, a + (i % 2 === 0 ? 50 : 130)), 50), { fill: greens[i % 3] ?? '#3E8E41' });
    }
    const berry = xmas ? '#D62839' : ctx.c(0);
    for (let i = 0; i < 12; i += 1) body += circle(...polar(500, 500, 330 + (i % 2 === 0 ? 40 : -40), i * 30 + 15), 20, { fill: berry });
    if (xmas)
      body += path('M500 850C440 800 380 820 400 870C420 900 480 880 500 850C520 880 580 900 600 870C620 820 560 800 500 850Z', {
        fill: '#D62839',
      });
    return {
      name: xmas ? 'Christmas Wreath' : 'Leaf Wreath Frame',
      body,
      box: box(70, 70, 860, 860),
      tags: xmas ? ['frames', 'holidays', 'nature'] : ['frames', 'nature'],
      keywords: ['wreath', 'botanical', 'border'],
    };
  },
};

const polaroid: Motif = {
  key: 'polaroid',
  tags: ['frames', 'vintage'],
  noOutline: true,
  draw(ctx) {
    const rot = ctx.rng.int(-8, 8);
    const card = `M200 120L800 120L800 900L200 900Z M250 170L250 720L750 720L750 170Z`;
    let body = group(
      path(card, { fill: '#FBFAF7', 'fill-rule': 'evenodd', stroke: '#D9D6CF', 'stroke-width': 6 }) +
        path('M260 800Q360 770 460 800', { fill: 'none', stroke: ctx.c(0), 'stroke-width': 12, 'stroke-linecap': 'round' }),
      { transform: `rotate(${rot} 500 510)` },
    );
    body += path('M420 80L600 100L590 170L410 150Z', { fill: lighter(ctx.c(1), 0.3), opacity: 0.85 });
    return { name: 'Instant Photo Frame', body, box: box(135, 55, 730, 910), keywords: ['polaroid', 'snapshot', 'photo frame'] };
  },
};

const heartFrame: Motif = {
  key: 'heart-frame',
  tags: ['frames', 'love'],
  noOutline: true,
  draw(ctx) {
    const a = ctx.rng.chance(0.6) ? '#F25C78' : ctx.c(0);
    let body = path(heartD(500, 110, 820), { fill: 'none', stroke: a, 'stroke-width': 44, 'stroke-linejoin': 'round' });
    body += path(heartD(500, 190, 660), {
      fill: 'none',
      stroke: lighter(a, 0.35),
      'stroke-width': 10,
      'stroke-dasharray': '24 18',
      'stroke-linecap': 'round',
    });
    body += path(heartD(820, 70, 140), { fill: ctx.c(1) }) + path(heartD(170, 640, 110), { fill: ctx.c(2) });
    return { name: 'Heart Frame', body, box: box(65, 65, 880, 850), keywords: ['valentine', 'border', 'photo frame'] };
  },
};

const ornateFrame: Motif = {
  key: 'ornate-frame',
  tags: ['frames', 'vintage'],
  noOutline: true,
  draw(ctx) {
    const a = ctx.rng.chance(0.5) ? '#C9A227' : ctx.c(0);
    let body = path(roundRectD(150, 150, 700, 700, 80), { fill: 'none', stroke: a, 'stroke-width': 18 });
    body += path(roundRectD(190, 190, 620, 620, 50), { fill: 'none', stroke: a, 'stroke-width': 8 });
    const corner =
      'M110 300C110 180 180 110 300 110M140 250C150 180 180 150 250 140M110 300C160 300 160 240 130 240M300 110C300 160 240 160 240 130';
    for (const t of ['', 'matrix(-1 0 0 1 1000 0)', 'matrix(1 0 0 -1 0 1000)', 'matrix(-1 0 0 -1 1000 1000)'])
      body += group(
        path(corner, { fill: 'none', stroke: a, 'stroke-width': 14, 'stroke-linecap': 'round' }) + circle(150, 150, 22, { fill: ctx.c(1) }),
        t ? { transform: t } : {},
      );
    for (const [x, y] of [
      [500, 150],
      [500, 850],
      [150, 500],
      [850, 500],
    ] as const)
      body += path(regularD(x, y, 4, 34), { fill: ctx.c(1), stroke: a, 'stroke-width': 8 });
    return { name: 'Ornate Frame', body, box: box(95, 95, 810, 810), keywords: ['victorian', 'border', 'label', 'elegant'] };
  },
};

const ticket: Motif = {
  key: 'ticket',
  tags: ['frames', 'vintage', 'lettering'],
  draw(ctx) {
    const a = ctx.c(0);
    const d = 'M100 300L900 300L900 430A70 70 0 0 0 900 570L900 700L100 700L100 570A70 70 0 0 0 100 430Z';
    let body = path(d, { fill: a, ...line(ctx), 'stroke-linejoin': 'round' });
    body += group(path(d, { fill: 'none', stroke: ctx.pal.light, 'stroke-width': 8, 'stroke-dasharray': '18 12' }), {
      transform: 'translate(500 500) scale(0.9) translate(-500 -500)',
    });
    const text = ctx.rng.pick(['ADMIT ONE', 'VIP PASS', 'GOLDEN TICKET', 'ADMIT TWO']);
    const p = placed(text, 500, 500, 540, 100, 34);
    body += group(path(p.d), {
      fill: 'none',
      stroke: luminance(a) > 0.6 ? ctx.pal.ink : ctx.pal.light,
      'stroke-width': 18,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    body += path(starD(170, 500, 5, 34, 14), { fill: ctx.pal.light }) + path(starD(830, 500, 5, 34, 14), { fill: ctx.pal.light });
    return {
      name: `${text.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())} Ticket`,
      body,
      box: box(85, 285, 830, 430),
      keywords: ['cinema', 'event', 'coupon'],
    };
  },
};

// ---------- arrows ----------

/** A triangular head whose tip lies `len` / 2 beyond `end` along `dir`. */
function arrowHead(end: Pt, dir: Pt, len: number, half: number): string {
  const n = Math.hypot(dir[0], dir[1]) || 1;
  const [ux, uy] = [dir[0] / n, dir[1] / n];
  const tip: Pt = [end[0] + ux * len * 0.6, end[1] + uy * len * 0.6];
  const base: Pt = [end[0] - ux * len * 0.4, end[1] - uy * len * 0.4];
  return polyD([tip, [base[0] - uy * half, base[1] + ux * half], [base[0] + uy * half, base[1] - ux * half]]);
}

const blockArrow: Motif = {
  key: 'block-arrow',
  tags: ['arrows', 'shapes'],
  draw(ctx) {
    const rot = ctx.rng.pick([0, 45, 90, 135, 180, 270, 315]);
    const d = 'M100 400L560 400L560 220L900 500L560 780L560 600L100 600Z';
    const body = group(
      path(d, { fill: ctx.c(0), ...(ctx.outlined ? ctx.ink.line : { stroke: ctx.c(0), 'stroke-width': 30 }), 'stroke-linejoin': 'round' }) +
        path('M140 440L540 440', { stroke: ctx.pal.light, 'stroke-width': 16, 'stroke-linecap': 'round', opacity: 0.5 }),
      { transform: `rotate(${rot} 500 500)` },
    );
    const dirs: Record<number, string> = {
      0: 'Right',
      45: 'Down-Right',
      90: 'Down',
      135: 'Down-Left',
      180: 'Left',
      270: 'Up',
      315: 'Up-Right',
    };
    return {
      name: `Arrow ${dirs[rot] ?? ''}`.trim(),
      body,
      box: rot % 90 === 0 ? (rot % 180 === 0 ? box(80, 200, 840, 600) : box(200, 80, 600, 840)) : box(130, 130, 740, 740),
      keywords: ['direction', 'pointer'],
    };
  },
};

const curvedArrow: Motif = {
  key: 'curved-arrow',
  tags: ['arrows'],
  draw(ctx) {
    const c = ctx.c(0);
    const loop = ctx.rng.chance(0.5);
    const d = loop
      ? 'M120 760C260 760 360 660 320 540C290 450 180 470 210 560C250 680 520 690 640 520C700 430 720 340 760 260'
      : 'M150 780C220 480 480 300 780 280';
    const head = arrowHead(loop ? [760, 260] : [780, 280], loop ? [40, -80] : [300, -20], 90, 70);
    let body = '';
    if (ctx.outlined)
      body +=
        path(d, { fill: 'none', stroke: ctx.pal.ink, 'stroke-width': 60, 'stroke-linecap': 'round' }) +
        path(head, { fill: ctx.pal.ink, stroke: ctx.pal.ink, 'stroke-width': 50, 'stroke-linejoin': 'round' });
    body += path(d, { fill: 'none', stroke: c, 'stroke-width': 36, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    body += path(head, { fill: c, stroke: c, 'stroke-width': 26, 'stroke-linejoin': 'round' });
    return {
      name: loop ? 'Loop Arrow' : 'Curved Arrow',
      body,
      box: loop ? box(75, 165, 775, 635) : box(110, 180, 790, 640),
      keywords: ['doodle', 'hand drawn', 'pointer'],
    };
  },
};

const chevrons: Motif = {
  key: 'chevrons',
  tags: ['arrows', 'shapes'],
  draw(ctx) {
    let body = '';
    for (let i = 0; i < 3; i += 1) {
      const x = 160 + i * 230;
      const d = `M${x} 250L${x + 220} 500L${x} 750`;
      if (ctx.outlined)
        body += path(d, { fill: 'none', stroke: ctx.pal.ink, 'stroke-width': 120, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
      body += path(d, { fill: 'none', stroke: ctx.c(i), 'stroke-width': 90, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    }
    return { name: 'Chevron Arrows', body, box: box(95, 185, 810, 630), keywords: ['fast forward', 'next', 'direction'] };
  },
};

const cycleArrows: Motif = {
  key: 'cycle-arrows',
  tags: ['arrows'],
  draw(ctx) {
    let body = '';
    for (const [i, a0] of [0, 180].entries()) {
      const c = ctx.c(i);
      const arc = arcD(500, 500, 300, a0 + 20, a0 + 135);
      const tip = polar(500, 500, 300, a0 + 165);
      const back = polar(500, 500, 300, a0 + 130);
      const head = polyD([tip, polar(back[0], back[1], 85, a0 + 130), polar(back[0], back[1], 85, a0 + 310)]);
      if (ctx.outlined)
        body +=
          path(arc, { fill: 'none', stroke: ctx.pal.ink, 'stroke-width': 100 }) +
          path(head, { fill: ctx.pal.ink, stroke: ctx.pal.ink, 'stroke-width': 40, 'stroke-linejoin': 'round' });
      body +=
        path(arc, { fill: 'none', stroke: c, 'stroke-width': 76 }) +
        path(head, { fill: c, stroke: c, 'stroke-width': 16, 'stroke-linejoin': 'round' });
    }
    return { name: 'Cycle Arrows', body, box: box(130, 130, 740, 740), keywords: ['recycle', 'refresh', 'repeat', 'loop'] };
  },
};

// ---------- pattern swatches ----------

const swatch: Motif = {
  key: 'pattern-swatch',
  tags: ['patterns', 'shapes'],
  weight: 2,
  draw(ctx) {
    const shape = ctx.rng.pick(['circle', 'heart', 'square', 'star', 'hexagon'] as const);
    const kind = ctx.rng.pick(['dots', 'stripes', 'checks', 'zigzag', 'waves', 'plaid'] as const);
    const d = {
      circle: 'M500 90A410 410 0 1 1 499.9 90Z',
      heart: heartD(500, 110, 840),
      square: roundRectD(110, 110, 780, 780, 90),
      star: starD(500, 530, 5, 440, 210),
      hexagon: regularD(500, 500, 6, 420, 30),
    }[shape];
    const bg = ctx.c(0);
    const fg = ctx.c(1);
    const fg2 = ctx.c(2);
    const clip = ctx.id('sw');
    let fill = '';
    if (kind === 'dots')
      for (let y = 60; y < 1000; y += 110)
        for (let x = 60 + ((y / 110) % 2) * 55; x < 1000; x += 110) fill += circle(x, y, 26, { fill: fg });
    if (kind === 'stripes')
      for (let x = -1000; x < 1000; x += 140) fill += path(`M${x} 1000L${x + 1000} 0`, { stroke: fg, 'stroke-width': 60 });
    if (kind === 'checks')
      for (let y = 0; y < 1000; y += 125)
        for (let x = ((y / 125) % 2) * 125; x < 1000; x += 250) fill += rect(x, y, 125, 125, { fill: fg });
    if (kind === 'zigzag')
      for (let y = 80, k = 0; y < 1000; y += 140, k += 1)
        fill += path(
          polyD(
            Array.from({ length: 13 }, (_, i): Pt => [i * 90 - 40, y + (i % 2 === 0 ? 0 : 60)]),
            false,
          ),
          { fill: 'none', stroke: k % 2 === 0 ? fg : fg2, 'stroke-width': 30, 'stroke-linejoin': 'round' },
        );
    if (kind === 'waves')
      for (let y = 60, k = 0; y < 1000; y += 120, k += 1)
        fill += path(`M-50 ${y}Q25 ${y - 50} 100 ${y}T250 ${y}T400 ${y}T550 ${y}T700 ${y}T850 ${y}T1000 ${y}T1150 ${y}`, {
          fill: 'none',
          stroke: k % 2 === 0 ? fg : fg2,
          'stroke-width': 26,
        });
    if (kind === 'plaid') {
      for (let x = 40; x < 1000; x += 220) fill += rect(x, 0, 90, 1000, { fill: fg, opacity: 0.55 });
      for (let y = 40; y < 1000; y += 220) fill += rect(0, y, 1000, 90, { fill: fg, opacity: 0.55 });
      for (let x = 140; x < 1000; x += 220) fill += rect(x, 0, 12, 1000, { fill: fg2 });
    }
    let body = path(d, { fill: bg, ...(ctx.outlined ? ctx.ink.line : {}), 'stroke-linejoin': 'round' });
    body += group(fill, { 'clip-path': `url(#${clip})` });
    if (ctx.outlined) body += path(d, { fill: 'none', ...ctx.ink.line });
    const shapeName = { circle: 'Circle', heart: 'Heart', square: 'Square', star: 'Star', hexagon: 'Hexagon' }[shape];
    const kindName = { dots: 'Polka Dot', stripes: 'Striped', checks: 'Checkered', zigzag: 'Zigzag', waves: 'Wavy', plaid: 'Plaid' }[kind];
    const boxes = {
      circle: box(80, 80, 840, 840),
      heart: box(60, 100, 880, 790),
      square: box(100, 100, 800, 800),
      star: box(70, 80, 860, 820),
      hexagon: box(80, 130, 840, 740),
    };
    return {
      name: `${kindName} ${shapeName}`,
      body,
      defs: `<clipPath id="${clip}"><path d="${d}"/></clipPath>`,
      box: boxes[shape],
      tags: shape === 'heart' ? ['patterns', 'love'] : ['patterns', 'shapes'],
      keywords: ['pattern', kind, 'texture'],
    };
  },
};

export const LETTERING_MOTIFS: Motif[] = [wordSticker, neon, blocks];
export const BADGE_MOTIFS: Motif[] = [rosette, seal, shield, banner, priceTag, laurel];
export const FRAME_MOTIFS: Motif[] = [rectFrame, circleFrame, wreathFrame, polaroid, heartFrame, ornateFrame, ticket];
export const ARROW_MOTIFS: Motif[] = [blockArrow, curvedArrow, chevrons, cycleArrows];
export const PATTERN_MOTIFS: Motif[] = [swatch];
