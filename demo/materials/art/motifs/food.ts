/** Food and drink. */
import { bandD, box, circle, darker, ellipse, group, leafD, lighter, path, polar, roundRectD, starD } from '../kit';
import type { Ctx, Motif } from '../motif';

const line = (ctx: Ctx) => (ctx.outlined ? ctx.ink.line : {});
const SPRINKLES = ['#FF5DA2', '#7AD7F0', '#FFE66D', '#B28DFF', '#06D6A0', '#FFFFFF'];

function sprinkles(ctx: Ctx, cx: number, cy: number, r: number, n: number, minR = 0): string {
  let out = '';
  for (let i = 0; i < n; i += 1) {
    const [x, y] = polar(cx, cy, minR + ctx.rng.next() * (r - minR), ctx.rng.next() * 360);
    out += path(roundRectD(x - 22, y - 7, 44, 14, 7), {
      fill: ctx.rng.pick(SPRINKLES),
      transform: `rotate(${ctx.rng.int(0, 179)} ${x.toFixed(1)} ${y.toFixed(1)})`,
    });
  }
  return out;
}

const apple: Motif = {
  key: 'apple',
  tags: ['food', 'nature'],
  draw(ctx) {
    const skin = ctx.rng.pick(['#E63946', '#D62828', '#8AC926', '#F4D35E']);
    let body = path('M500 300C500 240 520 190 545 155', { fill: 'none', stroke: '#6B4423', 'stroke-width': 24, 'stroke-linecap': 'round' });
    body += path(leafD([515, 235], [680, 150], 75), { fill: '#5FA55A', ...line(ctx) });
    body += path(
      'M500 300C420 240 220 240 200 450C180 650 330 860 430 860C470 860 480 840 500 840C520 840 530 860 570 860C670 860 820 650 800 450C780 240 580 240 500 300Z',
      { fill: skin, ...line(ctx) },
    );
    body += ellipse(320, 430, 50, 90, { fill: '#FFFFFF', opacity: 0.35, transform: 'rotate(20 320 430)' });
    return {
      name: skin === '#8AC926' ? 'Green Apple' : skin === '#F4D35E' ? 'Golden Apple' : 'Red Apple',
      body,
      box: box(185, 130, 630, 745),
      keywords: ['fruit', 'teacher', 'healthy'],
    };
  },
};

const cherries: Motif = {
  key: 'cherries',
  tags: ['food'],
  draw(ctx) {
    const red = ctx.rng.chance(0.7) ? '#D62839' : ctx.c(0);
    let body = path('M560 150C480 260 380 400 340 540M560 150C600 300 660 420 690 580', {
      fill: 'none',
      stroke: '#5B7B3A',
      'stroke-width': 18,
      'stroke-linecap': 'round',
    });
    body += path(leafD([560, 150], [760, 180], 90), { fill: '#5FA55A', ...line(ctx) });
    for (const [x, y] of [
      [330, 670],
      [690, 700],
    ] as const)
      body +=
        circle(x, y, 160, { fill: red, ...line(ctx) }) +
        ellipse(x - 60, y - 60, 36, 56, { fill: '#FFFFFF', opacity: 0.4, transform: `rotate(35 ${x - 60} ${y - 60})` });
    return { name: 'Cherries', body, box: box(155, 110, 710, 765), keywords: ['fruit', 'summer'] };
  },
};

const strawberry: Motif = {
  key: 'strawberry',
  tags: ['food', 'nature'],
  draw(ctx) {
    let body = path('M500 880C300 800 180 560 220 400C250 300 380 280 500 300C620 280 750 300 780 400C820 560 700 800 500 880Z', {
      fill: '#E63946',
      ...line(ctx),
    });
    for (let row = 0; row < 5; row += 1) {
      for (let col = 0; col < 5 - Math.floor(row / 2); col += 1) {
        const x = 330 + col * 85 + (row % 2) * 42 + row * 14;
        const y = 420 + row * 90;
        if (x < 760 - row * 40) body += ellipse(x, y, 10, 16, { fill: '#FFE08A' });
      }
    }
    body += path(starD(500, 310, 7, 170, 60), { fill: '#4C9A6A', stroke: '#4C9A6A', 'stroke-width': 16, 'stroke-linejoin': 'round' });
    body += path('M500 250L510 140', { stroke: '#4C9A6A', 'stroke-width': 24, 'stroke-linecap': 'round' });
    return { name: 'Strawberry', body, box: box(195, 125, 610, 765), keywords: ['fruit', 'berry', 'summer'] };
  },
};

const watermelon: Motif = {
  key: 'watermelon',
  tags: ['food'],
  draw(ctx) {
    let body = path('M80 380A420 420 0 0 0 920 380Z', { fill: '#3E8E41', ...line(ctx) });
    body += path('M115 380A385 385 0 0 0 885 380Z', { fill: '#E9F5DB' });
    body += path('M145 380A355 355 0 0 0 855 380Z', { fill: '#F25C78' });
    for (const [x, y] of [
      [300, 470],
      [420, 540],
      [560, 540],
      [680, 470],
      [360, 640],
      [500, 660],
      [640, 640],
      [500, 450],
    ] as const) {
      body += path(`M${x} ${y - 26}C${x + 16} ${y} ${x + 12} ${y + 20} ${x} ${y + 22}C${x - 12} ${y + 20} ${x - 16} ${y} ${x} ${y - 26}Z`, {
        fill: '#2B2B30',
      });
    }
    const face = ctx.rng.chance(0.35);
    if (face) body += path('M430 440Q500 500 570 440', { fill: 'none', stroke: '#2B2B30', 'stroke-width': 14, 'stroke-linecap': 'round' });
    return {
      name: 'Watermelon Slice',
      body,
      box: box(65, 370, 870, 440),
      tags: face ? ['food', 'kids'] : undefined,
      keywords: ['fruit', 'summer'],
    };
  },
};

const pizza: Motif = {
  key: 'pizza',
  tags: ['food'],
  draw(ctx) {
    let body = path('M500 900L180 230Q500 110 820 230Z', { fill: '#FFD166', ...line(ctx), 'stroke-linejoin': 'round' });
    body += path('M180 230Q500 110 820 230', { fill: 'none', stroke: '#D9A05B', 'stroke-width': 80, 'stroke-linecap': 'round' });
    for (const [x, y, r] of [
      [420, 330, 55],
      [600, 360, 50],
      [500, 520, 50],
      [450, 680, 38],
      [580, 560, 30],
    ] as const)
      body += circle(x, y, r, { fill: '#D1495B' }) + circle(x - r * 0.3, y - r * 0.3, r * 0.25, { fill: '#E76F79' });
    body += path('M330 470C330 520 345 540 360 540C375 540 380 520 380 490', { fill: '#FFD166' });
    for (const [x, y] of [
      [350, 420],
      [660, 450],
      [520, 430],
      [540, 700],
    ] as const)
      body += path(`M${x} ${y}l18 -10l6 20z`, { fill: '#5FA55A' });
    return { name: 'Pizza Slice', body, box: box(135, 125, 730, 790), keywords: ['italian', 'fast food', 'pepperoni'] };
  },
};

const donut: Motif = {
  key: 'donut',
  tags: ['food', 'kids'],
  draw(ctx) {
    const icing = ctx.rng.chance(0.5) ? '#FF8FC7' : ctx.c(ctx.rng.int(0, 4));
    const hole = 'M500 390A110 110 0 1 0 500.1 390Z';
    let body = path(`M500 160A340 340 0 1 1 499.9 160Z${hole}`, { fill: '#E0A96D', 'fill-rule': 'evenodd', ...line(ctx) });
    const pts = Array.from({ length: 16 }, (_, i) => polar(500, 500, i % 2 === 0 ? 310 : 270 + ctx.rng.next() * 25, i * 22.5));
    let icingD = '';
    pts.forEach((p, i) => {
      icingD += `${i === 0 ? 'M' : 'L'}${p[0].toFixed(1)} ${p[1].toFixed(1)}`;
    });
    body += path(`${icingD}Z M500 365A135 135 0 1 0 500.1 365Z`, {
      fill: icing,
      'fill-rule': 'evenodd',
      stroke: icing,
      'stroke-width': 40,
      'stroke-linejoin': 'round',
    });
    body += group(sprinkles(ctx, 500, 500, 290, 22, 170), {});
    return { name: 'Sprinkle Donut', body, box: box(150, 150, 700, 700), keywords: ['doughnut', 'sweet', 'dessert', 'bakery'] };
  },
};

const iceCream: Motif = {
  key: 'ice-cream',
  tags: ['food', 'kids'],
  draw(ctx) {
    const clip = ctx.id('cone');
    const coneD = 'M330 520L670 520L500 920Z';
    let body = path(coneD, { fill: '#E0A96D', ...line(ctx), 'stroke-linejoin': 'round' });
    body += group(
      path('M300 560L620 880M380 520L700 840M220 640L540 960M620 520L300 840M700 600L380 920M540 520L220 840', {
        stroke: '#B9834B',
        'stroke-width': 12,
      }),
      { 'clip-path': `url(#${clip})` },
    );
    const double = ctx.rng.chance(0.6);
    const s1 = ctx.c(0);
    const s2 = ctx.c(2);
    body += path(
      'M320 520C280 420 360 320 500 320C640 320 720 420 680 520Q640 560 600 525Q560 580 500 530Q440 580 400 525Q360 560 320 520Z',
      { fill: s1, ...line(ctx), 'stroke-linejoin': 'round' },
    );
    if (double) body += circle(500, 270, 150, { fill: s2, ...line(ctx) });
    const top = double ? 120 : 320;
    body +=
      circle(520, top - 20, 45, { fill: '#D62839' }) +
      path(`M530 ${top - 60}C540 ${top - 110} 570 ${top - 130} 600 ${top - 140}`, {
        fill: 'none',
        stroke: '#5B7B3A',
        'stroke-width': 8,
        'stroke-linecap': 'round',
      });
    body += sprinkles(ctx, 500, double ? 260 : 420, 90, 6);
    return {
      name: double ? 'Double Scoop Ice Cream' : 'Ice Cream Cone',
      body,
      defs: `<clipPath id="${clip}"><path d="${coneD}"/></clipPath>`,
      box: box(290, top - 150, 420, 935 - (top - 150)),
      keywords: ['dessert', 'summer', 'gelato'],
    };
  },
};

const cupcake: Motif = {
  key: 'cupcake',
  tags: ['food', 'holidays'],
  draw(ctx) {
    const wrap = ctx.c(0);
    const cream = ctx.rng.chance(0.5) ? '#FFC4E1' : lighter(ctx.c(1), 0.4);
    let body = path('M290 560L710 560L650 880L350 880Z', { fill: wrap, ...line(ctx), 'stroke-linejoin': 'round' });
    for (const x of [360, 430, 500, 570, 640])
      body += path(`M${x} 570L${350 + (x - 350) * 0.86 + 21} 870`, { stroke: darker(wrap, 0.15), 'stroke-width': 10 });
    body += ellipse(500, 540, 250, 85, { fill: cream, ...line(ctx) });
    body += ellipse(500, 450, 195, 78, { fill: cream, ...line(ctx) });
    body += ellipse(500, 370, 135, 68, { fill: cream, ...line(ctx) });
    body += path('M420 340Q500 200 520 240Q560 300 580 340Z', { fill: cream, ...line(ctx), 'stroke-linejoin': 'round' });
    body += circle(505, 215, 50, { fill: '#D62839' }) + circle(490, 200, 12, { fill: '#FFFFFF', opacity: 0.6 });
    body += sprinkles(ctx, 500, 460, 170, 9);
    return { name: 'Cupcake', body, box: box(240, 150, 520, 740), keywords: ['birthday', 'dessert', 'bakery', 'muffin'] };
  },
};

const coffee: Motif = {
  key: 'coffee',
  tags: ['food'],
  draw(ctx) {
    const mug = ctx.c(ctx.rng.int(0, 4));
    let body = path('M380 300C340 250 420 220 390 160M500 300C460 240 540 210 510 140M620 300C580 250 660 220 630 160', {
      fill: 'none',
      stroke: '#B8B8C0',
      'stroke-width': 20,
      'stroke-linecap': 'round',
    });
    body += ellipse(490, 860, 330, 50, { fill: lighter(mug, 0.45), ...line(ctx) });
    body += circle(710, 580, 95, {
      fill: 'none',
      stroke: ctx.outlined ? ctx.pal.ink : darker(mug, 0.1),
      'stroke-width': ctx.outlined ? 70 : 46,
    });
    if (ctx.outlined) body += circle(710, 580, 95, { fill: 'none', stroke: darker(mug, 0.1), 'stroke-width': 42 });
    body += path('M250 360L730 360L700 780Q690 840 630 840L350 840Q290 840 280 780Z', {
      fill: mug,
      ...line(ctx),
      'stroke-linejoin': 'round',
    });
    body += ellipse(490, 362, 238, 40, { fill: '#6F4E37' });
    if (ctx.rng.chance(0.5))
      body += path('M490 395C450 360 440 340 465 330C480 325 490 335 490 345C490 335 500 325 515 330C540 340 530 360 490 395Z', {
        fill: '#F3E1C7',
      });
    else body += path('M370 540L610 540M400 610L580 610', { stroke: lighter(mug, 0.4), 'stroke-width': 18, 'stroke-linecap': 'round' });
    return { name: 'Coffee Mug', body, box: box(150, 125, 690, 795), keywords: ['cafe', 'latte', 'morning', 'drink'] };
  },
};

const avocado: Motif = {
  key: 'avocado',
  tags: ['food', 'kids'],
  draw(ctx) {
    const outer =
      'M500 120C380 120 330 260 300 380C240 460 200 560 200 650C200 800 330 900 500 900C670 900 800 800 800 650C800 560 760 460 700 380C670 260 620 120 500 120Z';
    let body = path(outer, { fill: '#4C7A34', ...line(ctx) });
    body += group(path(outer, { fill: '#DDEB9D' }), { transform: 'translate(500 530) scale(0.86) translate(-500 -530)' });
    body += circle(500, 640, 150, { fill: '#A0632F' }) + circle(450, 590, 36, { fill: '#C4844E' });
    const face = ctx.rng.chance(0.5);
    if (face)
      body +=
        circle(440, 640, 16, { fill: '#2B2B30' }) +
        circle(560, 640, 16, { fill: '#2B2B30' }) +
        path('M470 690Q500 720 530 690', { fill: 'none', stroke: '#2B2B30', 'stroke-width': 10, 'stroke-linecap': 'round' });
    return {
      name: face ? 'Happy Avocado' : 'Avocado',
      body,
      box: box(185, 105, 630, 810),
      tags: face ? ['food', 'kids'] : ['food'],
      keywords: ['guacamole', 'healthy'],
    };
  },
};

const citrus: Motif = {
  key: 'citrus-slice',
  tags: ['food', 'nature'],
  draw(ctx) {
    const [rind, flesh, name] = ctx.rng.pick([
      ['#F4A300', '#FFC94D', 'Orange Slice'],
      ['#E8D21D', '#FFF176', 'Lemon Slice'],
      ['#7CB518', '#C5E063', 'Lime Slice'],
      ['#E85D75', '#FF9AA2', 'Grapefruit Slice'],
    ] as const);
    let body = circle(500, 500, 400, { fill: rind, ...line(ctx) }) + circle(500, 500, 355, { fill: '#FFF8E7' });
    const n = 10;
    for (let i = 0; i < n; i += 1)
      body += path(bandD(500, 500, 40, 325, (360 / n) * i + 3, (360 / n) * (i + 1) - 3), {
        fill: flesh,
        stroke: flesh,
        'stroke-width': 10,
        'stroke-linejoin': 'round',
      });
    body += circle(500, 500, 30, { fill: '#FFF8E7' });
    return { name, body, box: box(95, 95, 810, 810), keywords: ['fruit', 'citrus', 'summer', 'juice'] };
  },
};

const burger: Motif = {
  key: 'burger',
  tags: ['food'],
  draw(ctx) {
    let body = path(roundRectD(170, 700, 660, 130, 60), { fill: '#E0A25A', ...line(ctx) });
    body += path(roundRectD(150, 600, 700, 120, 60), { fill: '#6B3E26', ...line(ctx) });
    body += path('M140 600L860 600L720 660L640 620L540 680L450 620L330 670L260 620Z', {
      fill: '#FFC93C',
      ...line(ctx),
      'stroke-linejoin': 'round',
    });
    body += path(
      'M130 560Q180 520 230 560Q280 520 330 560Q380 520 430 560Q480 520 530 560Q580 520 630 560Q680 520 730 560Q780 520 830 560Q880 600 830 610L170 610Q120 600 130 560Z',
      { fill: '#7BC96F', ...line(ctx), 'stroke-linejoin': 'round' },
    );
    body += path('M150 540C150 330 320 220 500 220C680 220 850 330 850 540Z', {
      fill: '#E9A857',
      ...line(ctx),
      'stroke-linejoin': 'round',
    });
    for (const [x, y, r] of [
      [350, 360, 20],
      [480, 300, 20],
      [600, 350, 20],
      [700, 430, 20],
      [420, 430, 20],
      [280, 460, 20],
      [560, 450, 20],
    ] as const)
      body += ellipse(x, y, r * 0.7, r, { fill: '#FFF3DC', transform: `rotate(${(x % 60) - 30} ${x} ${y})` });
    return { name: 'Burger', body, box: box(115, 205, 770, 640), keywords: ['hamburger', 'fast food', 'cheeseburger'] };
  },
};

const lollipop: Motif = {
  key: 'lollipop',
  tags: ['food', 'kids'],
  draw(ctx) {
    const a = ctx.c(0);
    const b = ctx.pal.light;
    let body = path(roundRectD(475, 560, 50, 380, 25), { fill: '#F3E9DC', ...line(ctx) });
    body += circle(500, 380, 300, { fill: a, ...line(ctx) });
    let spiral = 'M500 380';
    for (let t = 0; t <= 720 * 2; t += 20) {
      const [x, y] = polar(500, 380, 18 + t * 0.18, t);
      spiral += `L${x.toFixed(1)} ${y.toFixed(1)}`;
    }
    body += path(spiral, { fill: 'none', stroke: b, 'stroke-width': 34, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    body += ellipse(380, 250, 60, 30, { fill: '#FFFFFF', opacity: 0.35, transform: 'rotate(-35 380 250)' });
    return { name: 'Swirl Lollipop', body, box: box(190, 70, 620, 880), keywords: ['candy', 'sweet'] };
  },
};

const pineapple: Motif = {
  key: 'pineapple',
  tags: ['food', 'nature'],
  draw(ctx) {
    const clip = ctx.id('pine');
    const bodyD = 'M500 360C660 360 730 500 730 640C730 800 640 900 500 900C360 900 270 800 270 640C270 500 340 360 500 360Z';
    let body = '';
    for (const [a, len] of [
      [-40, 260],
      [-15, 330],
      [10, 300],
      [35, 240],
      [-60, 180],
      [60, 180],
    ] as const)
      body += path(leafD([500, 400], polar(500, 400, len, a), 80), { fill: a % 20 === 0 ? '#3E8E41' : '#5FA55A', ...line(ctx) });
    body += path(bodyD, { fill: '#F6C343', ...line(ctx) });
    let hatch = '';
    for (let k = -6; k <= 6; k += 1) hatch += `M${300 + k * 80} 340L${700 + k * 80} 940M${700 - k * 80} 340L${300 - k * 80} 940`;
    body += group(path(hatch, { stroke: '#D99A1E', 'stroke-width': 10 }), { 'clip-path': `url(#${clip})` });
    return {
      name: 'Pineapple',
      body,
      defs: `<clipPath id="${clip}"><path d="${bodyD}"/></clipPath>`,
      box: box(255, 65, 490, 850),
      keywords: ['tropical', 'fruit', 'summer'],
    };
  },
};

export const FOOD_MOTIFS: Motif[] = [
  apple,
  cherries,
  strawberry,
  watermelon,
  pizza,
  donut,
  iceCream,
  cupcake,
  coffee,
  avocado,
  citrus,
  burger,
  lollipop,
  pineapple,
];
