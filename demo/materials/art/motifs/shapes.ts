/** Shapes, love and emoji faces. */
import {
  blobD,
  box,
  circle,
  darker,
  ellipse,
  group,
  heartD,
  lighter,
  linearGradient,
  path,
  polar,
  polyD,
  r1,
  radialGradient,
  roundRectD,
  starD,
  type Pt,
} from '../kit';
import { placeWord } from '../lettering';
import type { Ctx, Motif } from '../motif';

/** A soft white gloss in the upper left of a round-ish shape. */
const gloss = (cx: number, cy: number, rx: number, ry: number, rot = -30) =>
  ellipse(cx, cy, rx, ry, { fill: '#FFFFFF', opacity: 0.35, transform: `rotate(${rot} ${r1(cx)} ${r1(cy)})` });

function fillOf(ctx: Ctx, i: number, gradient: boolean): { fill: string; defs: string } {
  if (!gradient) return { fill: ctx.c(i), defs: '' };
  const id = ctx.id('g');
  return { fill: `url(#${id})`, defs: linearGradient(id, lighter(ctx.c(i), 0.15), darker(ctx.c(i + 1), 0.05)) };
}

const star: Motif = {
  key: 'star',
  tags: ['shapes'],
  draw(ctx) {
    const { rng } = ctx;
    const n = rng.weighted([
      [5, 5],
      [6, 2],
      [8, 1],
    ] as const);
    const inner = n === 5 ? 0.42 + rng.next() * 0.1 : 0.55 + rng.next() * 0.08;
    const rounded = rng.chance(0.4);
    const { fill, defs } = fillOf(ctx, 0, rng.chance(0.4));
    const d = starD(500, 520, n, 420, 420 * inner);
    const roundAttrs = rounded
      ? { stroke: fill.startsWith('url') ? ctx.c(0) : fill, 'stroke-width': 60, 'stroke-linejoin': 'round' as const }
      : {};
    let body = path(d, { fill, ...roundAttrs, ...(ctx.outlined && !rounded ? ctx.ink.line : {}) });
    if (ctx.outlined && rounded)
      body = path(d, { fill: 'none', stroke: ctx.pal.ink, 'stroke-width': 60 + 28, 'stroke-linejoin': 'round' }) + body;
    if (rng.chance(0.5)) body += path(starD(500, 520, n, 200, 200 * inner), { fill: lighter(ctx.c(0), 0.45), opacity: 0.8 });
    const names: Record<number, string> = { 5: rounded ? 'Rounded Star' : 'Star', 6: 'Six-Point Star', 8: 'Eight-Point Star' };
    return { name: names[n] ?? 'Star', body, defs, box: box(60, 55, 880, 920), tags: rng.chance(0.3) ? ['shapes', 'kids'] : ['shapes'] };
  },
};

const sparkle: Motif = {
  key: 'sparkle',
  tags: ['shapes', 'space'],
  draw(ctx) {
    const four = (cx: number, cy: number, r: number, pinch: number) => {
      const k = r * pinch;
      return (
        `M${cx} ${cy - r}C${cx + k} ${cy - k} ${cx + k} ${cy - k} ${cx + r} ${cy}C${cx + k} ${cy + k} ${cx + k} ${cy + k} ${cx} ${cy + r}` +
        `C${cx - k} ${cy + k} ${cx - k} ${cy + k} ${cx - r} ${cy}C${cx - k} ${cy - k} ${cx - k} ${cy - k} ${cx} ${cy - r}Z`
      );
    };
    const pinch = 0.12 + ctx.rng.next() * 0.1;
    const body =
      path(four(430, 540, 360, pinch), { fill: ctx.c(0), ...ctx.ink.line }) +
      path(four(780, 230, 150, pinch), { fill: ctx.c(1), ...ctx.ink.line }) +
      path(four(800, 760, 90, pinch), { fill: ctx.c(2), ...ctx.ink.line });
    return { name: 'Sparkles', body, box: box(60, 70, 890, 840), keywords: ['shine', 'glitter'] };
  },
};

const blob: Motif = {
  key: 'blob',
  tags: ['shapes'],
  draw(ctx) {
    const { rng } = ctx;
    let body = path(blobD(rng, 500, 500, 360, 8, 0.16), { fill: ctx.c(0), ...ctx.ink.line });
    body += path(blobD(rng, 600, 420, 170, 6, 0.2), { fill: ctx.c(1), ...ctx.ink.line });
    for (let i = 0; i < 9; i += 1) {
      const [x, y] = polar(480, 540, 120 + rng.next() * 150, rng.next() * 360);
      body += circle(x, y, 14 + rng.next() * 14, { fill: ctx.c(2) });
    }
    body += path(`M200 780C300 700 360 860 460 780C560 700 620 860 720 780`, {
      fill: 'none',
      stroke: ctx.c(3),
      'stroke-width': 26,
      'stroke-linecap': 'round',
    });
    return { name: 'Abstract Blob', body, box: box(90, 90, 820, 820), keywords: ['organic', 'abstract'] };
  },
};

const memphis: Motif = {
  key: 'memphis',
  tags: ['shapes', 'vintage'],
  draw(ctx) {
    const { rng } = ctx;
    const line = ctx.ink.line;
    let body = circle(380, 420, 230, { fill: ctx.c(0), ...line });
    body += path(
      polyD([
        [560, 240],
        [880, 760],
        [300, 760],
      ]),
      { fill: ctx.c(1), opacity: 0.92, ...line, 'stroke-linejoin': 'round' },
    );
    body += path(roundRectD(520, 520, 240, 240, 30), { fill: ctx.c(2), transform: `rotate(${rng.int(-20, 20)} 640 640)`, ...line });
    body += path('M120 830L200 760L280 830L360 760L440 830', {
      fill: 'none',
      stroke: ctx.pal.ink,
      'stroke-width': 22,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    for (const [x, y] of [
      [760, 200],
      [820, 320],
      [700, 300],
    ] as const)
      body += circle(x, y, 20, { fill: ctx.c(3) });
    return { name: 'Memphis Shapes', body, box: box(100, 150, 800, 730), keywords: ['geometric', 'retro', '80s'] };
  },
};

const gem: Motif = {
  key: 'gem',
  tags: ['shapes'],
  draw(ctx) {
    const base = ctx.c(ctx.rng.int(0, 4));
    const top: Pt[] = [
      [260, 300],
      [740, 300],
      [880, 440],
      [120, 440],
    ];
    const facets: [Pt[], number][] = [
      [
        [
          [260, 300],
          [380, 440],
          [120, 440],
        ],
        0.35,
      ],
      [
        [
          [260, 300],
          [500, 300],
          [380, 440],
        ],
        0.15,
      ],
      [
        [
          [500, 300],
          [620, 440],
          [380, 440],
        ],
        0.45,
      ],
      [
        [
          [500, 300],
          [740, 300],
          [620, 440],
        ],
        0.2,
      ],
      [
        [
          [740, 300],
          [880, 440],
          [620, 440],
        ],
        0.05,
      ],
      [
        [
          [120, 440],
          [380, 440],
          [500, 880],
        ],
        -0.05,
      ],
      [
        [
          [380, 440],
          [620, 440],
          [500, 880],
        ],
        0.25,
      ],
      [
        [
          [620, 440],
          [880, 440],
          [500, 880],
        ],
        -0.2,
      ],
    ];
    let body = path(polyD([...top.slice(0, 3), [500, 880], top[3] as Pt]), { fill: base, ...ctx.ink.line });
    for (const [pts, t] of facets)
      body += path(polyD(pts), {
        fill: t >= 0 ? lighter(base, t) : darker(base, -t),
        stroke: lighter(base, 0.5),
        'stroke-width': 4,
        'stroke-linejoin': 'round',
      });
    if (ctx.outlined) body += path(polyD([...top.slice(0, 3), [500, 880], top[3] as Pt]), { fill: 'none', ...ctx.ink.line });
    body += path(starD(300, 360, 4, 50, 12), { fill: '#FFFFFF', opacity: 0.9 });
    return { name: 'Diamond Gem', body, box: box(105, 285, 790, 610), keywords: ['jewel', 'crystal'] };
  },
};

const burst: Motif = {
  key: 'burst',
  tags: ['shapes', 'badges'],
  draw(ctx) {
    const n = ctx.rng.pick([12, 16, 20, 24]);
    let body = path(starD(500, 500, n, 440, 360), { fill: ctx.c(0), ...ctx.ink.line, 'stroke-linejoin': 'round' });
    body += circle(500, 500, 280, { fill: ctx.c(1), ...ctx.ink.line });
    body += path(starD(500, 500, 5, 170, 72), { fill: ctx.pal.light });
    return { name: 'Starburst', body, box: box(50, 50, 900, 900), keywords: ['badge', 'seal'] };
  },
};

const SPEECH = ['HI!', 'WOW', 'OMG', 'YAY', 'LOL', 'OK!', 'HEY', 'YES', 'NO!'];

const speech: Motif = {
  key: 'speech-bubble',
  weight: 1.5,
  tags: ['shapes', 'lettering'],
  draw(ctx) {
    const word = ctx.rng.pick(SPEECH);
    const fill = ctx.c(ctx.rng.int(0, 4));
    const round = ctx.rng.chance(0.5);
    const bubble = round
      ? 'M500 140C740 140 900 270 900 450C900 630 740 760 500 760C450 760 400 754 356 742L180 860L230 700C150 640 100 550 100 450C100 270 260 140 500 140Z'
      : `${roundRectD(100, 170, 800, 560, 90).slice(0, -1)}Z M300 720L220 880L440 730Z`;
    let body = path(bubble, {
      fill,
      ...(ctx.outlined ? ctx.ink.line : { stroke: darker(fill, 0.3), 'stroke-width': 18, 'stroke-linejoin': 'round' }),
    });
    const p = placeWord(word, 500, 450, 600, 320, 46);
    body += group(path(p.d), {
      fill: 'none',
      stroke: ctx.pal.ink,
      'stroke-width': 36,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    return { name: `Speech Bubble ${word}`, body, box: box(85, 125, 830, 770), keywords: ['comic', 'talk', word.toLowerCase()] };
  },
};

// ---------- love ----------

const LOVE_REDS = ['#E63946', '#FF4D6D', '#FF8FAB', '#C9184A', '#F25C78'];
/** Hearts are mostly red and pink; now and then the palette's own colour. */
const loveColour = (ctx: Ctx, i: number): string => (ctx.rng.chance(0.7) ? ctx.rng.pick(LOVE_REDS) : ctx.c(i));

const heart: Motif = {
  key: 'heart',
  tags: ['love', 'shapes'],
  draw(ctx) {
    const { rng } = ctx;
    const base = loveColour(ctx, 0);
    const gid = ctx.id('g');
    const [fill, defs] = rng.chance(0.5) ? [`url(#${gid})`, linearGradient(gid, lighter(base, 0.2), darker(base, 0.15))] : [base, ''];
    const style = rng.pick(['plain', 'double', 'stitched'] as const);
    let body = path(heartD(500, 120, 840), { fill, ...ctx.ink.line });
    if (style === 'double') body += path(heartD(500, 280, 480), { fill: ctx.c(1), opacity: 0.9 });
    if (style === 'stitched')
      body += path(heartD(500, 180, 700), {
        fill: 'none',
        stroke: ctx.pal.light,
        'stroke-width': 14,
        'stroke-dasharray': '34 24',
        'stroke-linecap': 'round',
      });
    body += gloss(300, 300, 70, 40);
    const names = { plain: 'Heart', double: 'Double Heart', stitched: 'Stitched Heart' };
    return { name: names[style], body, defs, box: box(70, 110, 860, 780), keywords: ['valentine', 'romance'] };
  },
};

const heartBalloon: Motif = {
  key: 'heart-balloon',
  tags: ['love', 'holidays'],
  draw(ctx) {
    const red = loveColour(ctx, 0);
    let body = path('M500 680C470 760 560 800 520 880C500 920 470 940 480 960', {
      fill: 'none',
      stroke: ctx.pal.ink,
      'stroke-width': 10,
      'stroke-linecap': 'round',
    });
    body += path('M478 660L522 660L540 700L460 700Z', { fill: darker(red, 0.15) });
    body += path(heartD(500, 60, 640), { fill: red, ...ctx.ink.line });
    body += gloss(360, 190, 60, 30);
    if (ctx.rng.chance(0.6)) {
      body += path('M700 420C690 480 740 520 720 580C710 610 700 640 705 680', { fill: 'none', stroke: ctx.pal.ink, 'stroke-width': 8 });
      body += path(heartD(720, 220, 300), { fill: ctx.c(1), ...ctx.ink.line });
    }
    return { name: 'Heart Balloon', body, box: box(160, 40, 690, 935), keywords: ['valentine', 'party'] };
  },
};

const cupid: Motif = {
  key: 'heart-arrow',
  tags: ['love', 'holidays'],
  draw(ctx) {
    const shaft = 'M120 800L880 200';
    let body = path(shaft, { stroke: ctx.pal.ink, 'stroke-width': 22, 'stroke-linecap': 'round' });
    body += path(heartD(500, 170, 640), { fill: loveColour(ctx, 0), ...ctx.ink.line });
    body += path(shaft, { stroke: ctx.pal.ink, 'stroke-width': 22, 'stroke-linecap': 'round', 'stroke-dasharray': '0 360 420 2000' });
    body += path('M880 200L800 220L860 280Z', { fill: ctx.pal.ink, stroke: ctx.pal.ink, 'stroke-width': 16, 'stroke-linejoin': 'round' });
    body += path('M120 800L190 700L230 740ZM120 800L220 780L180 740ZM170 760L240 660L280 700ZM170 760L270 740L230 700Z', {
      fill: ctx.c(1),
      stroke: ctx.pal.ink,
      'stroke-width': 8,
      'stroke-linejoin': 'round',
    });
    body += gloss(370, 290, 60, 32);
    return { name: 'Heart with Arrow', body, box: box(100, 150, 800, 700), keywords: ['cupid', 'valentine'] };
  },
};

const loveLetter: Motif = {
  key: 'love-letter',
  tags: ['love'],
  draw(ctx) {
    const paper = ctx.pal.light;
    const line = ctx.outlined ? ctx.ink.line : { stroke: darker(ctx.c(0), 0.2), 'stroke-width': 10, 'stroke-linejoin': 'round' };
    let body = path(roundRectD(120, 260, 760, 500, 40), { fill: ctx.c(0), ...line });
    body += path('M140 290L500 560L860 290', {
      fill: 'none',
      stroke: darker(ctx.c(0), 0.25),
      'stroke-width': 18,
      'stroke-linejoin': 'round',
    });
    body += path('M140 740L420 520M860 740L580 520', { fill: 'none', stroke: darker(ctx.c(0), 0.18), 'stroke-width': 12 });
    body += path(heartD(500, 470, 190), { fill: ctx.c(1), stroke: paper, 'stroke-width': 10 });
    return { name: 'Love Letter', body, box: box(100, 240, 800, 540), keywords: ['envelope', 'mail', 'valentine'] };
  },
};

const heartCluster: Motif = {
  key: 'heart-cluster',
  tags: ['love', 'patterns'],
  draw(ctx) {
    let body = '';
    const hearts: [number, number, number, number][] = [
      [420, 230, 560, 0],
      [760, 130, 260, 1],
      [770, 560, 200, 2],
      [200, 640, 180, 3],
      [240, 120, 140, 4],
    ];
    for (const [cx, top, w, i] of hearts) {
      const rot = (i % 2 === 0 ? -1 : 1) * (8 + i * 4);
      body += path(heartD(cx, top, w), { fill: ctx.c(i), transform: `rotate(${rot} ${cx} ${top + w * 0.45})`, ...ctx.ink.line });
    }
    return { name: 'Scattered Hearts', body, box: box(90, 80, 860, 720), keywords: ['valentine', 'confetti'] };
  },
};

// ---------- emoji faces ----------

const FACE_COLOURS = ['#FFD23F', '#FFC83D', '#FFB5C2', '#9BE7C4', '#8ECAE6', '#C9B6F2', '#FF9F68'];

type Eyes = 'dots' | 'happy' | 'hearts' | 'stars' | 'wink' | 'shades' | 'closed' | 'wide';
type Mouth = 'smile' | 'grin' | 'tongue' | 'o' | 'flat' | 'kiss' | 'teeth';

const FACE_NAMES: Record<string, string> = {
  hearts: 'Heart-Eyes Face',
  stars: 'Star-Struck Face',
  wink: 'Winking Face',
  shades: 'Cool Face with Sunglasses',
  closed: 'Blissful Face',
  'happy-grin': 'Laughing Face',
  'dots-o': 'Surprised Face',
  'wide-o': 'Shocked Face',
  'dots-flat': 'Neutral Face',
  'dots-tongue': 'Silly Face',
  'happy-kiss': 'Kissing Face',
  'dots-smile': 'Smiling Face',
  'happy-smile': 'Happy Face',
  'dots-grin': 'Grinning Face',
  'dots-teeth': 'Big Grin Face',
  'happy-teeth': 'Beaming Face',
  'wide-smile': 'Wide-Eyed Face',
  'happy-tongue': 'Playful Face',
  'dots-kiss': 'Whistling Face',
  'wide-grin': 'Excited Face',
};

function eyes(kind: Eyes, ink: string, accent: string): string {
  const pair = (f: (x: number) => string) => f(370) + f(630);
  switch (kind) {
    case 'dots':
      return pair((x) => ellipse(x, 420, 38, 54, { fill: ink }) + circle(x + 12, 400, 12, { fill: '#FFFFFF' }));
    case 'wide':
      return pair((x) => circle(x, 420, 78, { fill: '#FFFFFF', stroke: ink, 'stroke-width': 12 }) + circle(x, 430, 36, { fill: ink }));
    case 'happy':
      return pair((x) =>
        path(`M${x - 60} 440Q${x} 350 ${x + 60} 440`, { fill: 'none', stroke: ink, 'stroke-width': 30, 'stroke-linecap': 'round' }),
      );
    case 'closed':
      return pair((x) =>
        path(`M${x - 60} 410Q${x} 470 ${x + 60} 410`, { fill: 'none', stroke: ink, 'stroke-width': 28, 'stroke-linecap': 'round' }),
      );
    case 'hearts':
      return pair((x) => path(heartD(x, 350, 150), { fill: accent }));
    case 'stars':
      return pair((x) =>
        path(starD(x, 420, 5, 82, 36), { fill: accent, stroke: darker(accent, 0.2), 'stroke-width': 6, 'stroke-linejoin': 'round' }),
      );
    case 'wink':
      return (
        ellipse(370, 420, 38, 54, { fill: ink }) +
        path('M570 430Q630 370 690 430', { fill: 'none', stroke: ink, 'stroke-width': 30, 'stroke-linecap': 'round' })
      );
    case 'shades':
      return (
        path(
          'M220 350L780 350L770 400C760 480 700 500 650 500C590 500 540 460 530 400L470 400C460 460 410 500 350 500C300 500 240 480 230 400Z',
          { fill: '#1C1C24' },
        ) +
        path('M280 380L360 380', { stroke: '#FFFFFF', 'stroke-width': 14, 'stroke-linecap': 'round', opacity: 0.7 }) +
        path('M580 380L660 380', { stroke: '#FFFFFF', 'stroke-width': 14, 'stroke-linecap': 'round', opacity: 0.7 })
      );
  }
}

function mouth(kind: Mouth, ink: string, tongue: string): string {
  switch (kind) {
    case 'smile':
      return path('M330 600Q500 760 670 600', { fill: 'none', stroke: ink, 'stroke-width': 30, 'stroke-linecap': 'round' });
    case 'grin':
      return (
        path('M300 580Q500 600 700 580Q680 800 500 800Q320 800 300 580Z', { fill: ink }) +
        path('M400 740Q500 700 600 740Q560 790 500 790Q440 790 400 740Z', { fill: tongue })
      );
    case 'teeth':
      return (
        path('M300 580Q500 600 700 580Q680 800 500 800Q320 800 300 580Z', { fill: ink }) +
        path('M320 600Q500 615 680 600L675 640Q500 655 325 640Z', { fill: '#FFFFFF' })
      );
    case 'tongue':
      return (
        path('M340 610Q500 720 660 610', { fill: 'none', stroke: ink, 'stroke-width': 28, 'stroke-linecap': 'round' }) +
        path('M450 660L450 730Q450 790 500 790Q550 790 550 730L550 660Z', { fill: tongue, stroke: ink, 'stroke-width': 14 })
      );
    case 'o':
      return ellipse(500, 660, 60, 76, { fill: ink });
    case 'flat':
      return path('M380 650L620 650', { stroke: ink, 'stroke-width': 30, 'stroke-linecap': 'round' });
    case 'kiss':
      return path('M480 600Q560 620 520 650Q560 680 480 700', {
        fill: 'none',
        stroke: ink,
        'stroke-width': 26,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      });
  }
}

const face: Motif = {
  key: 'emoji-face',
  tags: ['emoji'],
  weight: 3,
  draw(ctx) {
    const { rng } = ctx;
    const e = rng.pick(['dots', 'happy', 'hearts', 'stars', 'wink', 'shades', 'closed', 'wide'] as const);
    const m =
      e === 'hearts' || e === 'stars'
        ? rng.pick(['grin', 'smile', 'teeth'] as const)
        : e === 'wide'
          ? rng.pick(['o', 'grin', 'smile'] as const)
          : rng.pick(['smile', 'grin', 'tongue', 'o', 'flat', 'kiss', 'teeth'] as const);
    const skin = rng.chance(0.55) ? (rng.chance(0.6) ? '#FFD23F' : rng.pick(FACE_COLOURS)) : ctx.c(rng.int(0, 4));
    const ink = '#3A2A1E';
    const gid = ctx.id('face');
    const defs = radialGradient(gid, lighter(skin, 0.25), darker(skin, 0.12), 0.4, 0.35, 0.75);
    let body = circle(500, 500, 420, {
      fill: `url(#${gid})`,
      ...(ctx.outlined ? ctx.ink.line : { stroke: darker(skin, 0.25), 'stroke-width': 12 }),
    });
    if (e !== 'shades' && rng.chance(0.6))
      body += ellipse(260, 580, 60, 36, { fill: '#FF6F91', opacity: 0.45 }) + ellipse(740, 580, 60, 36, { fill: '#FF6F91', opacity: 0.45 });
    body += eyes(e, ink, e === 'hearts' ? '#F0365A' : '#FFB400');
    body += mouth(m, ink, '#F26D7D');
    const name = FACE_NAMES[e] ?? FACE_NAMES[`${e}-${m}`] ?? 'Smiley Face';
    const tags: Motif['tags'] = e === 'hearts' || m === 'kiss' ? ['emoji', 'love'] : rng.chance(0.3) ? ['emoji', 'kids'] : ['emoji'];
    return { name, body, defs, box: box(70, 70, 860, 860), tags, keywords: ['smiley', 'face', 'emoticon'] };
  },
};

export const SHAPE_MOTIFS: Motif[] = [
  star,
  sparkle,
  blob,
  memphis,
  gem,
  burst,
  speech,
  heart,
  heartBalloon,
  cupid,
  loveLetter,
  heartCluster,
  face,
];
