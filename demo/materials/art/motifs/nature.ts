/** Plants, landscape and weather. */
import { bandD, blobD, box, circle, darker, ellipse, group, leafD, lighter, path, polar, polyD, roundRectD, starD, type Pt } from '../kit';
import type { Motif } from '../motif';

const LEAF = ['#5FA55A', '#3E8E41', '#7BC96F', '#4C9A6A'];
const CLOUD_D = 'M200 700A130 130 0 0 1 250 480A180 180 0 0 1 540 350A190 190 0 0 1 830 500A110 110 0 0 1 800 700Z';

const flower: Motif = {
  key: 'flower',
  tags: ['nature'],
  draw(ctx) {
    const { rng } = ctx;
    const n = rng.pick([6, 8, 10, 12]);
    const petal = ctx.c(rng.int(0, 4));
    const line = ctx.outlined ? ctx.ink.line : { stroke: darker(petal, 0.15), 'stroke-width': 6 };
    const pointed = rng.chance(0.4);
    let body = '';
    const layer = (len: number, w: number, fill: string, rot: number) => {
      for (let i = 0; i < n; i += 1) {
        const a = rot + (360 / n) * i;
        body += pointed
          ? path(leafD([500, 500], polar(500, 500, len, a), w), { fill, ...line })
          : ellipse(500, 500 - len / 2, w / 2, len / 2, { fill, transform: `rotate(${a} 500 500)`, ...line });
      }
    };
    layer(420, 160, petal, 0);
    if (rng.chance(0.6)) layer(300, 120, lighter(petal, 0.35), 180 / n);
    const centre = ctx.c(rng.int(0, 4)) === petal ? '#F7C548' : ctx.c(rng.int(0, 4));
    body += circle(500, 500, 120, { fill: centre === petal ? '#F7C548' : centre, ...(ctx.outlined ? ctx.ink.line : {}) });
    for (let i = 0; i < 8; i += 1) body += circle(...polar(500, 500, 70, i * 45), 12, { fill: darker(centre, 0.25) });
    return {
      name: pointed ? 'Pointed Flower' : n >= 10 ? 'Daisy' : 'Flower',
      body,
      box: box(70, 70, 860, 860),
      keywords: ['blossom', 'floral', 'spring'],
    };
  },
};

const tulip: Motif = {
  key: 'tulips',
  tags: ['nature', 'love'],
  draw(ctx) {
    const one = (tx: number, ty: number, rot: number, fill: string) => {
      let g = path('M500 880C500 700 500 600 500 480', { fill: 'none', stroke: '#4C9A6A', 'stroke-width': 24, 'stroke-linecap': 'round' });
      g += path(leafD([500, 820], [340, 560], 90), { fill: '#5FA55A' }) + path(leafD([500, 780], [670, 540], 80), { fill: '#7BC96F' });
      g += path('M370 320C360 420 400 500 500 500C600 500 640 420 630 320L570 380L500 280L430 380Z', {
        fill,
        ...(ctx.outlined ? ctx.ink.line : {}),
        'stroke-linejoin': 'round',
      });
      g += path('M500 290L455 400C470 460 530 460 545 400Z', { fill: lighter(fill, 0.25) });
      return group(g, { transform: `translate(${tx} ${ty}) rotate(${rot} 500 880)` });
    };
    const bouquet = ctx.rng.chance(0.5);
    const body = bouquet ? one(-150, 40, -14, ctx.c(1)) + one(150, 40, 14, ctx.c(2)) + one(0, 0, 0, ctx.c(0)) : one(0, 0, 0, ctx.c(0));
    return {
      name: bouquet ? 'Tulip Bouquet' : 'Tulip',
      body,
      box: bouquet ? box(85, 240, 830, 690) : box(290, 270, 420, 625),
      tags: bouquet ? ['nature', 'love'] : ['nature'],
      keywords: ['flower', 'spring'],
    };
  },
};

const sprig: Motif = {
  key: 'leafy-sprig',
  tags: ['nature', 'vintage'],
  draw(ctx) {
    const green = ctx.rng.chance(0.6) ? ctx.rng.pick(LEAF) : ctx.c(0);
    let body = path('M220 880C320 700 420 480 640 140', {
      fill: 'none',
      stroke: darker(green, 0.2),
      'stroke-width': 18,
      'stroke-linecap': 'round',
    });
    const stops: [Pt, number][] = [
      [[275, 780], 1],
      [[330, 680], -1],
      [[390, 570], 1],
      [[450, 460], -1],
      [[515, 350], 1],
      [[580, 240], -1],
    ];
    stops.forEach(([p, side], i) => {
      const len = 230 - i * 18;
      const ang = side > 0 ? -70 : 10;
      const tip = polar(p[0], p[1], len, ang + (side > 0 ? 0 : 20));
      body += path(leafD(p, tip, 85 - i * 5), { fill: i % 2 === 0 ? green : lighter(green, 0.2), ...(ctx.outlined ? ctx.ink.line : {}) });
    });
    body += path(leafD([640, 140], [700, 40], 60), { fill: green });
    if (ctx.rng.chance(0.5))
      for (const [x, y] of [
        [420, 600],
        [560, 390],
        [300, 760],
      ] as const)
        body += circle(x + 40, y - 20, 22, { fill: ctx.c(1) });
    return { name: 'Leafy Sprig', body, box: box(35, 20, 690, 880), keywords: ['leaf', 'botanical', 'branch'] };
  },
};

const tree: Motif = {
  key: 'tree',
  tags: ['nature'],
  draw(ctx) {
    const pine = ctx.rng.chance(0.5);
    const green = ctx.rng.chance(0.6) ? ctx.rng.pick(LEAF) : ctx.c(0);
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path(roundRectD(450, 680, 100, 220, 20), { fill: '#8B5E3C', ...line });
    if (pine) {
      for (const [top, half, y] of [
        [100, 200, 380],
        [230, 270, 560],
        [380, 340, 740],
      ] as const) {
        body += path(
          polyD([
            [500, top],
            [500 + half, y],
            [500 - half, y],
          ]),
          { fill: green, stroke: ctx.outlined ? ctx.pal.ink : green, 'stroke-width': ctx.outlined ? 14 : 30, 'stroke-linejoin': 'round' },
        );
      }
      body += path(
        polyD([
          [500, 120],
          [560, 260],
          [500, 240],
        ]),
        { fill: lighter(green, 0.25) },
      );
    } else {
      body += path(blobD(ctx.rng, 500, 420, 330, 9, 0.08), { fill: green, ...line });
      body += path(blobD(ctx.rng, 430, 360, 150, 7, 0.1), { fill: lighter(green, 0.2) });
      for (let i = 0; i < 6; i += 1)
        body += circle(...polar(500, 440, 120 + ctx.rng.next() * 140, i * 60 + ctx.rng.next() * 30), 26, { fill: ctx.c(1) });
    }
    return {
      name: pine ? 'Pine Tree' : 'Round Tree',
      body,
      box: pine ? box(140, 80, 720, 830) : box(130, 50, 740, 860),
      keywords: ['forest', 'woods'],
    };
  },
};

const cactus: Motif = {
  key: 'cactus',
  tags: ['nature'],
  draw(ctx) {
    const green = ctx.rng.pick(LEAF);
    const pot = ctx.c(ctx.rng.int(0, 4));
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path(roundRectD(320, 410, 90, 220, 45), { fill: green, ...line }) + path(roundRectD(320, 560, 180, 70, 35), { fill: green });
    body += path(roundRectD(590, 350, 90, 200, 45), { fill: green, ...line }) + path(roundRectD(500, 480, 180, 70, 35), { fill: green });
    body += path(roundRectD(430, 270, 140, 470, 70), { fill: green, ...line });
    body += path('M500 300L500 720M365 440L365 600M635 380L635 520', {
      stroke: darker(green, 0.2),
      'stroke-width': 8,
      'stroke-linecap': 'round',
    });
    for (const [x, y] of [
      [470, 350],
      [530, 420],
      [470, 500],
      [530, 580],
      [470, 650],
      [350, 480],
      [650, 420],
    ] as const)
      body += path(`M${x - 12} ${y}L${x + 12} ${y}M${x} ${y - 12}L${x} ${y + 12}`, {
        stroke: '#FFF8E1',
        'stroke-width': 5,
        'stroke-linecap': 'round',
      });
    if (ctx.rng.chance(0.6))
      body += path(starD(500, 268, 6, 48, 22), { fill: ctx.c(1), stroke: ctx.c(1), 'stroke-width': 10, 'stroke-linejoin': 'round' });
    body +=
      path('M350 740L650 740L620 910L380 910Z', { fill: pot, ...line, 'stroke-linejoin': 'round' }) +
      path(roundRectD(330, 700, 340, 70, 14), { fill: darker(pot, 0.12), ...line });
    return { name: 'Potted Cactus', body, box: box(300, 210, 400, 715), keywords: ['succulent', 'desert', 'plant'] };
  },
};

const mushroom: Motif = {
  key: 'mushroom',
  tags: ['nature', 'kids'],
  draw(ctx) {
    const cap = ctx.rng.chance(0.6) ? '#E63946' : ctx.c(0);
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path('M400 500C390 650 380 780 420 860L580 860C620 780 610 650 600 500Z', {
      fill: '#FFF3DF',
      ...line,
      'stroke-linejoin': 'round',
    });
    body += path('M150 520C150 280 320 160 500 160C680 160 850 280 850 520Q500 590 150 520Z', {
      fill: cap,
      ...line,
      'stroke-linejoin': 'round',
    });
    for (const [x, y, r] of [
      [330, 380, 48],
      [520, 260, 40],
      [680, 390, 56],
      [480, 440, 30],
      [250, 480, 22],
      [760, 490, 22],
    ] as const)
      body += circle(x, y, r, { fill: '#FFFFFF' });
    if (ctx.rng.chance(0.5))
      body +=
        circle(455, 700, 14, { fill: '#3A2A2A' }) +
        circle(545, 700, 14, { fill: '#3A2A2A' }) +
        path('M475 740Q500 765 525 740', { fill: 'none', stroke: '#3A2A2A', 'stroke-width': 8, 'stroke-linecap': 'round' });
    return { name: 'Toadstool Mushroom', body, box: box(140, 150, 720, 720), keywords: ['fungi', 'forest', 'fairy'] };
  },
};

const sun: Motif = {
  key: 'sun',
  tags: ['weather', 'nature'],
  draw(ctx) {
    const fill = ctx.rng.chance(0.7) ? ctx.rng.pick(['#FFC93C', '#FFB627', '#FFD166']) : ctx.c(0);
    const rays = ctx.rng.pick([10, 12, 16]);
    const pointy = ctx.rng.chance(0.5);
    let body = '';
    if (pointy)
      body += path(starD(500, 500, rays, 440, 290), {
        fill: darker(fill, 0.05),
        stroke: darker(fill, 0.05),
        'stroke-width': 20,
        'stroke-linejoin': 'round',
      });
    else
      for (let i = 0; i < rays; i += 1)
        body += path(`M${polar(500, 500, 300, (360 / rays) * i).join(' ')}L${polar(500, 500, 420, (360 / rays) * i).join(' ')}`, {
          stroke: fill,
          'stroke-width': 44,
          'stroke-linecap': 'round',
        });
    body += circle(500, 500, 240, { fill, ...(ctx.outlined ? ctx.ink.line : {}) });
    const face = ctx.rng.chance(0.5);
    if (face)
      body +=
        path('M400 470Q430 430 460 470M540 470Q570 430 600 470M420 560Q500 630 580 560', {
          fill: 'none',
          stroke: '#6B3E1E',
          'stroke-width': 18,
          'stroke-linecap': 'round',
        }) +
        ellipse(380, 560, 34, 20, { fill: '#FF7A93', opacity: 0.45 }) +
        ellipse(620, 560, 34, 20, { fill: '#FF7A93', opacity: 0.45 });
    return {
      name: face ? 'Smiling Sun' : 'Sunshine',
      body,
      box: box(55, 55, 890, 890),
      tags: face ? ['weather', 'kids'] : undefined,
      keywords: ['summer', 'sunny'],
    };
  },
};

const cloud: Motif = {
  key: 'cloud',
  tags: ['weather'],
  draw(ctx) {
    const kind = ctx.rng.pick(['plain', 'rain', 'storm', 'sunny'] as const);
    const fill = kind === 'storm' ? '#9AA5B1' : ctx.rng.chance(0.7) ? '#FFFFFF' : lighter(ctx.c(0), 0.55);
    const line = ctx.outlined ? ctx.ink.line : { stroke: '#C9D3DD', 'stroke-width': 10 };
    let body = '';
    if (kind === 'sunny') body += circle(720, 380, 190, { fill: '#FFC93C' });
    body += path(CLOUD_D, { fill, ...line, 'stroke-linejoin': 'round' });
    body += path('M300 640Q330 600 370 640', { fill: 'none', stroke: '#FFFFFF', 'stroke-width': 0 });
    if (kind === 'rain')
      for (const x of [330, 480, 630])
        body += path(`M${x} 760C${x - 30} 810 ${x - 30} 850 ${x} 860C${x + 30} 850 ${x + 30} 810 ${x} 760Z`, { fill: '#4EA8DE' });
    if (kind === 'storm')
      body += path(
        polyD([
          [520, 640],
          [420, 800],
          [500, 800],
          [450, 940],
          [610, 760],
          [530, 760],
          [590, 640],
        ]),
        { fill: '#FFC93C', stroke: '#F29E2E', 'stroke-width': 8, 'stroke-linejoin': 'round' },
      );
    if (kind !== 'storm' && ctx.rng.chance(0.5))
      body +=
        circle(420, 560, 18, { fill: '#3A2A2A' }) +
        circle(580, 560, 18, { fill: '#3A2A2A' }) +
        path('M460 600Q500 640 540 600', { fill: 'none', stroke: '#3A2A2A', 'stroke-width': 10, 'stroke-linecap': 'round' });
    const names = { plain: 'Fluffy Cloud', rain: 'Rain Cloud', storm: 'Storm Cloud', sunny: 'Sun and Cloud' };
    const bottom = kind === 'storm' ? 950 : kind === 'rain' ? 870 : 715;
    return {
      name: names[kind],
      body,
      box: box(110, kind === 'sunny' ? 185 : 290, 800, bottom - (kind === 'sunny' ? 185 : 290)),
      keywords: ['sky', kind],
    };
  },
};

const rainbow: Motif = {
  key: 'rainbow',
  tags: ['weather', 'kids'],
  draw(ctx) {
    const bands = ctx.rng.chance(0.6) ? ['#E63946', '#F4A261', '#E9C46A', '#2A9D8F', '#457B9D'] : [...ctx.pal.colors];
    let body = '';
    bands.forEach((c, i) => {
      body += path(bandD(500, 740, 400 - i * 56, 456 - i * 56, -90, 90), { fill: c });
    });
    const puff = (cx: number) =>
      group(path(CLOUD_D, { fill: '#FFFFFF', stroke: ctx.outlined ? ctx.pal.ink : '#D5DEE7', 'stroke-width': ctx.outlined ? 14 : 10 }), {
        transform: `translate(${cx} 740) scale(0.4) translate(-515 -560)`,
      });
    body += puff(165) + puff(835);
    return { name: 'Rainbow', body, box: box(15, 275, 970, 540), keywords: ['pride', 'colourful', 'sky'] };
  },
};

const moon: Motif = {
  key: 'moon-stars',
  tags: ['space', 'weather'],
  draw(ctx) {
    const fill = ctx.rng.chance(0.6) ? '#FFD766' : ctx.c(0);
    let body = path('M560 120A380 380 0 1 0 900 640A300 300 0 1 1 560 120Z', {
      fill,
      ...(ctx.outlined ? ctx.ink.line : {}),
      'stroke-linejoin': 'round',
    });
    body +=
      circle(330, 560, 40, { fill: darker(fill, 0.1) }) +
      circle(430, 760, 26, { fill: darker(fill, 0.1) }) +
      circle(260, 380, 22, { fill: darker(fill, 0.1) });
    for (const [x, y, r] of [
      [760, 220, 70],
      [860, 400, 40],
      [650, 420, 30],
    ] as const)
      body += path(starD(x, y, 5, r, r * 0.45), { fill: ctx.c(1), stroke: ctx.c(1), 'stroke-width': 8, 'stroke-linejoin': 'round' });
    const sleepy = ctx.rng.chance(0.4);
    if (sleepy)
      body += path('M420 500Q450 530 480 500', { fill: 'none', stroke: '#6B4E16', 'stroke-width': 14, 'stroke-linecap': 'round' });
    return {
      name: sleepy ? 'Sleepy Moon' : 'Moon and Stars',
      body,
      box: box(100, 110, 810, 790),
      keywords: ['night', 'crescent', 'dream'],
    };
  },
};

const snowflake: Motif = {
  key: 'snowflake',
  tags: ['weather', 'holidays'],
  draw(ctx) {
    const fill = ctx.rng.chance(0.6) ? ctx.rng.pick(['#8ECAE6', '#5FA8D3', '#A9DEF9']) : ctx.c(0);
    let d = '';
    const fancy = ctx.rng.chance(0.5);
    for (let i = 0; i < 6; i += 1) {
      const a = i * 60;
      const end = polar(500, 500, 400, a);
      d += `M500 500L${end[0].toFixed(1)} ${end[1].toFixed(1)}`;
      for (const [at, len] of fancy
        ? ([
            [0.45, 130],
            [0.72, 95],
          ] as const)
        : ([[0.6, 120]] as const)) {
        const p = polar(500, 500, 400 * at, a);
        for (const side of [-45, 45]) {
          const q = polar(p[0], p[1], len, a + side);
          d += `M${p[0].toFixed(1)} ${p[1].toFixed(1)}L${q[0].toFixed(1)} ${q[1].toFixed(1)}`;
        }
      }
    }
    let body = '';
    if (ctx.outlined)
      body += path(d, { fill: 'none', stroke: ctx.pal.ink, 'stroke-width': 62, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    body += path(d, { fill: 'none', stroke: fill, 'stroke-width': 38, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    body += path(starD(500, 500, 6, 90, 60, 30), { fill: lighter(fill, 0.4) });
    return { name: 'Snowflake', body, box: box(110, 70, 780, 860), keywords: ['winter', 'snow', 'christmas'] };
  },
};

const mountains: Motif = {
  key: 'mountains',
  tags: ['nature'],
  draw(ctx) {
    const [a, b] = ctx.rng.chance(0.5) ? ['#5C7AEA', '#3D56B2'] : [ctx.c(0), ctx.c(3)];
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = circle(720, 300, 110, { fill: '#FFC93C' });
    body += path(
      polyD([
        [100, 800],
        [400, 290],
        [700, 800],
      ]),
      { fill: lighter(a, 0.2), ...line, 'stroke-linejoin': 'round' },
    );
    body += path(
      polyD([
        [330, 800],
        [630, 220],
        [930, 800],
      ]),
      { fill: b, ...line, 'stroke-linejoin': 'round' },
    );
    body += path(
      polyD([
        [400, 290],
        [470, 410],
        [430, 390],
        [400, 430],
        [360, 390],
        [330, 410],
      ]),
      { fill: '#FFFFFF' },
    );
    body += path(
      polyD([
        [630, 220],
        [720, 390],
        [670, 365],
        [630, 410],
        [590, 365],
        [540, 390],
      ]),
      { fill: '#FFFFFF' },
    );
    body += path(roundRectD(70, 790, 880, 40, 20), { fill: ctx.rng.pick(LEAF), ...line });
    return { name: 'Snowy Mountains', body, box: box(60, 180, 890, 660), keywords: ['landscape', 'outdoors', 'adventure', 'hiking'] };
  },
};

const wave: Motif = {
  key: 'wave',
  tags: ['nature', 'vintage'],
  draw(ctx) {
    const deep = ctx.rng.chance(0.6) ? '#1D5C96' : ctx.c(3);
    const light = ctx.rng.chance(0.6) ? '#4EA8DE' : ctx.c(1);
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path(
      'M100 800C150 600 300 400 520 380C700 370 820 460 820 560C820 640 760 680 700 660C640 640 640 580 680 560C620 520 520 560 500 660C480 760 560 800 900 800Z',
      { fill: deep, ...line, 'stroke-linejoin': 'round' },
    );
    body += path('M170 790C220 620 340 470 520 450C640 440 720 490 750 540C680 500 560 520 480 600C420 680 440 760 520 790Z', {
      fill: light,
    });
    for (const [x, y, r] of [
      [820, 560, 26],
      [770, 470, 20],
      [690, 420, 16],
      [600, 395, 14],
    ] as const)
      body += circle(x, y, r, { fill: '#FFFFFF' });
    body += path('M80 820L920 820', { stroke: deep, 'stroke-width': 30, 'stroke-linecap': 'round' });
    return { name: 'Ocean Wave', body, box: box(60, 360, 880, 480), keywords: ['sea', 'surf', 'beach'] };
  },
};

const lightning: Motif = {
  key: 'lightning',
  tags: ['weather', 'shapes'],
  draw(ctx) {
    const fill = ctx.rng.chance(0.6) ? '#FFC93C' : ctx.c(0);
    const body =
      path(
        polyD([
          [580, 80],
          [250, 560],
          [470, 560],
          [390, 920],
          [770, 400],
          [550, 400],
          [660, 80],
        ]),
        {
          fill,
          stroke: ctx.outlined ? ctx.pal.ink : darker(fill, 0.15),
          'stroke-width': ctx.outlined ? 16 : 12,
          'stroke-linejoin': 'round',
        },
      ) +
      path(
        polyD([
          [590, 130],
          [330, 520],
          [400, 520],
        ]),
        { fill: '#FFFFFF', opacity: 0.45 },
      );
    return { name: 'Lightning Bolt', body, box: box(235, 65, 550, 870), keywords: ['thunder', 'power', 'energy', 'flash'] };
  },
};

const umbrella: Motif = {
  key: 'umbrella',
  tags: ['weather'],
  draw(ctx) {
    const a = ctx.c(0);
    const b = ctx.c(1);
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path('M500 520L500 820Q500 880 450 880Q400 880 400 830', {
      fill: 'none',
      stroke: '#5A4A42',
      'stroke-width': 26,
      'stroke-linecap': 'round',
    });
    body += path(
      'M120 520C140 280 320 140 500 140C680 140 860 280 880 520Q815 470 750 520Q690 470 625 520Q560 470 500 520Q440 470 375 520Q310 470 250 520Q185 470 120 520Z',
      { fill: a, ...line, 'stroke-linejoin': 'round' },
    );
    body += path('M500 140C440 220 390 360 375 520Q440 470 500 520Q560 470 625 520C610 360 560 220 500 140Z', { fill: b });
    body +=
      path('M500 140C320 200 220 360 250 520', { fill: 'none', stroke: darker(a, 0.2), 'stroke-width': 8 }) +
      path('M500 140C680 200 780 360 750 520', { fill: 'none', stroke: darker(a, 0.2), 'stroke-width': 8 });
    body += circle(500, 130, 16, { fill: '#5A4A42' });
    for (const [x, y] of [
      [180, 700],
      [800, 680],
      [700, 840],
      [250, 860],
    ] as const)
      body += path(`M${x} ${y - 40}C${x - 22} ${y} ${x - 22} ${y + 20} ${x} ${y + 22}C${x + 22} ${y + 20} ${x + 22} ${y} ${x} ${y - 40}Z`, {
        fill: '#4EA8DE',
      });
    return { name: 'Umbrella', body, box: box(105, 110, 790, 790), keywords: ['rain', 'autumn'] };
  },
};

const palm: Motif = {
  key: 'palm-tree',
  tags: ['nature', 'holidays'],
  draw(ctx) {
    const green = ctx.rng.pick(LEAF);
    let body = ellipse(500, 890, 330, 55, { fill: '#F2D49B' });
    body += path('M450 900C470 700 500 500 560 340L600 350C560 520 540 720 540 900Z', {
      fill: '#A47148',
      ...(ctx.outlined ? ctx.ink.line : {}),
    });
    for (const y of [420, 520, 620, 720, 820])
      body += path(`M${470 + (900 - y) * 0.02} ${y}L${560 - (y - 340) * 0.03} ${y - 10}`, { stroke: '#7A5230', 'stroke-width': 8 });
    for (const a of [-100, -60, -20, 20, 60, 100, 140])
      body += path(leafD([580, 340], polar(580, 360, 300, a), 90), {
        fill: a % 40 === 0 ? lighter(green, 0.15) : green,
        ...(ctx.outlined ? ctx.ink.line : {}),
      });
    body += circle(550, 380, 34, { fill: '#6B4423' }) + circle(610, 390, 34, { fill: '#7A5230' });
    return { name: 'Palm Tree', body, box: box(165, 80, 715, 870), keywords: ['tropical', 'beach', 'summer', 'island'] };
  },
};

const pottedPlant: Motif = {
  key: 'potted-plant',
  tags: ['nature'],
  draw(ctx) {
    const pot = ctx.c(ctx.rng.int(0, 4));
    const green = ctx.rng.pick(LEAF);
    let body = '';
    for (const [a, len] of [
      [-60, 330],
      [-30, 400],
      [0, 430],
      [30, 390],
      [60, 320],
      [-90, 250],
      [90, 250],
    ] as const) {
      body += path(leafD([500, 620], polar(500, 620, len, a), 120), {
        fill: a % 60 === 0 ? green : lighter(green, 0.18),
        ...(ctx.outlined ? ctx.ink.line : {}),
      });
      body += path(`M500 620L${polar(500, 620, len * 0.8, a).join(' ')}`, { stroke: darker(green, 0.25), 'stroke-width': 6 });
    }
    body += path('M320 600L680 600L640 900L360 900Z', { fill: pot, ...(ctx.outlined ? ctx.ink.line : {}), 'stroke-linejoin': 'round' });
    body += path('M340 680L660 680', { stroke: darker(pot, 0.15), 'stroke-width': 22 });
    return { name: 'Potted Plant', body, box: box(185, 170, 630, 745), keywords: ['houseplant', 'leaves', 'home'] };
  },
};

export const NATURE_MOTIFS: Motif[] = [
  flower,
  tulip,
  sprig,
  tree,
  cactus,
  mushroom,
  sun,
  cloud,
  rainbow,
  moon,
  snowflake,
  mountains,
  wave,
  lightning,
  umbrella,
  palm,
  pottedPlant,
];
