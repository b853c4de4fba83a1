/** Animals: cute faces and silhouettes. */
import { box, circle, darker, ellipse, group, heartD, lighter, path, polyD } from '../kit';
import type { Ctx, Motif } from '../motif';

const PINK = '#F7A1B5';
const NOSE = '#3A2A2A';

/** Eyes at (x, y): round with a shine, or happy closed arcs. */
function eyePair(ctx: Ctx, lx: number, rx: number, y: number, r: number, ink = NOSE): string {
  if (ctx.rng.chance(0.25)) {
    return [lx, rx]
      .map((x) =>
        path(`M${x - r * 1.3} ${y + r * 0.4}Q${x} ${y - r * 1.4} ${x + r * 1.3} ${y + r * 0.4}`, {
          fill: 'none',
          stroke: ink,
          'stroke-width': r * 0.7,
          'stroke-linecap': 'round',
        }),
      )
      .join('');
  }
  return [lx, rx]
    .map((x) => ellipse(x, y, r, r * 1.2, { fill: ink }) + circle(x + r * 0.35, y - r * 0.4, r * 0.35, { fill: '#FFFFFF' }))
    .join('');
}

const cheeks = (lx: number, rx: number, y: number, r: number) =>
  ellipse(lx, y, r, r * 0.6, { fill: '#FF7A93', opacity: 0.4 }) + ellipse(rx, y, r, r * 0.6, { fill: '#FF7A93', opacity: 0.4 });

const cat: Motif = {
  key: 'cat-face',
  tags: ['animals', 'kids'],
  draw(ctx) {
    const fur = ctx.rng.pick(['#F4A259', '#A0A4AB', '#34343C', '#F3E9DC', ctx.c(0)]);
    const detail = fur === '#34343C' ? '#F3E9DC' : NOSE;
    const line = ctx.outlined ? ctx.ink.line : {};
    const ear = (m: (x: number) => number) =>
      path(
        polyD([
          [m(190), 440],
          [m(230), 130],
          [m(430), 290],
        ]),
        { fill: fur, stroke: ctx.outlined ? ctx.pal.ink : fur, 'stroke-width': ctx.outlined ? 14 : 30, 'stroke-linejoin': 'round' },
      ) +
      path(
        polyD([
          [m(250), 360],
          [m(262), 215],
          [m(365), 295],
        ]),
        { fill: PINK, stroke: PINK, 'stroke-width': 16, 'stroke-linejoin': 'round' },
      );
    let body = ear((x) => x) + ear((x) => 1000 - x);
    body += ellipse(500, 545, 330, 280, { fill: fur, ...line });
    if (ctx.rng.chance(0.5))
      body += path('M440 280L455 360M500 270L500 360M560 280L545 360', {
        stroke: darker(fur, 0.2),
        'stroke-width': 18,
        'stroke-linecap': 'round',
      });
    body += eyePair(ctx, 370, 630, 520, 36, detail);
    body += cheeks(290, 710, 620, 48);
    body += path(
      polyD([
        [468, 598],
        [532, 598],
        [500, 632],
      ]),
      { fill: PINK, stroke: PINK, 'stroke-width': 10, 'stroke-linejoin': 'round' },
    );
    body += path('M440 665Q470 695 500 650Q530 695 560 665', {
      fill: 'none',
      stroke: detail,
      'stroke-width': 12,
      'stroke-linecap': 'round',
    });
    body += path('M300 610L115 575M300 645L115 665M700 610L885 575M700 645L885 665', {
      stroke: detail,
      'stroke-width': 9,
      'stroke-linecap': 'round',
    });
    if (ctx.rng.chance(0.35)) {
      const bow = ctx.c(1);
      body +=
        path('M690 250L610 210L620 300ZM690 250L770 210L760 300Z', {
          fill: bow,
          stroke: darker(bow, 0.2),
          'stroke-width': 8,
          'stroke-linejoin': 'round',
        }) + circle(690, 255, 22, { fill: darker(bow, 0.15) });
    }
    return { name: 'Cat Face', body, box: box(105, 110, 790, 725), keywords: ['kitten', 'kitty', 'pet'] };
  },
};

const bear: Motif = {
  key: 'bear-face',
  tags: ['animals', 'kids'],
  draw(ctx) {
    const kind = ctx.rng.pick(['bear', 'panda', 'koala', 'polar'] as const);
    const fur = { bear: ctx.rng.pick(['#A8744F', '#C68B59', '#8B5E3C']), panda: '#FAFAF7', koala: '#A7AFB8', polar: '#F6F3EC' }[kind];
    const earFur = kind === 'panda' ? '#2B2B30' : fur;
    const line = ctx.outlined ? ctx.ink.line : kind === 'panda' || kind === 'polar' ? { stroke: '#D9D6CF', 'stroke-width': 8 } : {};
    const earR = kind === 'koala' ? 150 : 110;
    const earX = kind === 'koala' ? 230 : 265;
    const earY = kind === 'koala' ? 340 : 300;
    let body = '';
    for (const x of [earX, 1000 - earX]) {
      body += circle(x, earY, earR, { fill: earFur, ...line });
      body += circle(x, earY, earR * 0.55, { fill: kind === 'koala' ? '#E7E9EC' : kind === 'panda' ? '#4A4A52' : lighter(fur, 0.3) });
    }
    body += circle(500, 555, 300, { fill: fur, ...line });
    if (kind === 'panda')
      body +=
        ellipse(385, 520, 70, 90, { fill: '#2B2B30', transform: 'rotate(30 385 520)' }) +
        ellipse(615, 520, 70, 90, { fill: '#2B2B30', transform: 'rotate(-30 615 520)' });
    const eyeInk = kind === 'panda' ? '#FFFFFF' : NOSE;
    body +=
      kind === 'panda' ? circle(395, 515, 24, { fill: eyeInk }) + circle(605, 515, 24, { fill: eyeInk }) : eyePair(ctx, 390, 610, 510, 30);
    if (kind === 'koala') {
      body += ellipse(500, 610, 70, 95, { fill: '#3D3A3F' }) + ellipse(480, 580, 18, 26, { fill: '#FFFFFF', opacity: 0.4 });
    } else {
      body += ellipse(500, 650, 135, 100, {
        fill: kind === 'bear' ? lighter(fur, 0.45) : '#FFFFFF',
        stroke: kind === 'bear' ? 'none' : '#E3E0D8',
        'stroke-width': 6,
      });
      body += ellipse(500, 610, 50, 34, { fill: NOSE });
      body += path('M500 645L500 680M455 690Q480 715 500 680Q520 715 545 690', {
        fill: 'none',
        stroke: NOSE,
        'stroke-width': 12,
        'stroke-linecap': 'round',
      });
    }
    body += cheeks(300, 700, 640, 44);
    const names = { bear: 'Bear Face', panda: 'Panda Face', koala: 'Koala Face', polar: 'Polar Bear Face' };
    return {
      name: names[kind],
      body,
      box: box(kind === 'koala' ? 70 : 145, kind === 'koala' ? 180 : 180, kind === 'koala' ? 860 : 710, kind === 'koala' ? 685 : 685),
      keywords: ['teddy', kind],
    };
  },
};

const bunny: Motif = {
  key: 'bunny',
  tags: ['animals', 'kids'],
  draw(ctx) {
    const fur = ctx.rng.pick(['#FFFFFF', '#F1E4D8', '#CFC6C0', lighter(ctx.c(0), 0.5)]);
    const line = ctx.outlined ? ctx.ink.line : { stroke: '#DCCFC6', 'stroke-width': 8 };
    let body = '';
    for (const [x, rot] of [
      [390, -10],
      [610, 10],
    ] as const) {
      body += ellipse(x, 270, 75, 215, { fill: fur, transform: `rotate(${rot} ${x} 470)`, ...line });
      body += ellipse(x, 290, 38, 160, { fill: PINK, transform: `rotate(${rot} ${x} 470)` });
    }
    body += ellipse(500, 630, 265, 230, { fill: fur, ...line });
    body += eyePair(ctx, 405, 595, 600, 26);
    body += cheeks(335, 665, 690, 40);
    body += path('M480 665Q500 650 520 665Q510 690 500 690Q490 690 480 665Z', {
      fill: PINK,
      stroke: PINK,
      'stroke-width': 8,
      'stroke-linejoin': 'round',
    });
    body += path('M500 690L500 715M470 720Q485 735 500 715Q515 735 530 720', {
      fill: 'none',
      stroke: NOSE,
      'stroke-width': 9,
      'stroke-linecap': 'round',
    });
    body += path('M482 728L482 760L518 760L518 728', { fill: '#FFFFFF', stroke: '#C9BDB4', 'stroke-width': 5 });
    const easter = ctx.rng.chance(0.3);
    return {
      name: easter ? 'Easter Bunny' : 'Bunny',
      body,
      box: box(225, 25, 550, 850),
      tags: easter ? ['animals', 'holidays', 'kids'] : undefined,
      keywords: ['rabbit', 'easter'],
    };
  },
};

const fox: Motif = {
  key: 'fox-face',
  tags: ['animals', 'nature'],
  draw(ctx) {
    const fur = ctx.rng.pick(['#F08A3C', '#E5733A', '#D9822B', ctx.c(0)]);
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path('M170 120L380 330L620 330L830 120L800 460C780 600 620 800 500 860C380 800 220 600 200 460Z', {
      fill: fur,
      ...line,
      'stroke-linejoin': 'round',
    });
    body +=
      path(
        polyD([
          [222, 200],
          [345, 325],
          [260, 390],
        ]),
        { fill: darker(fur, 0.45) },
      ) +
      path(
        polyD([
          [778, 200],
          [655, 325],
          [740, 390],
        ]),
        { fill: darker(fur, 0.45) },
      );
    body += path('M212 480C300 520 420 560 500 640C580 560 700 520 788 480C760 620 620 800 500 860C380 800 240 620 212 480Z', {
      fill: '#FFF8EF',
    });
    body += eyePair(ctx, 375, 625, 470, 30);
    body += ellipse(500, 805, 42, 30, { fill: NOSE });
    return { name: 'Fox Face', body, box: box(155, 105, 690, 770), keywords: ['woodland', 'forest'] };
  },
};

const owl: Motif = {
  key: 'owl',
  tags: ['animals', 'nature'],
  draw(ctx) {
    const plume = ctx.c(ctx.rng.int(0, 4));
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path('M270 300L290 130L400 250ZM730 300L710 130L600 250Z', {
      fill: darker(plume, 0.2),
      stroke: darker(plume, 0.2),
      'stroke-width': 16,
      'stroke-linejoin': 'round',
    });
    body += ellipse(500, 560, 280, 330, { fill: plume, ...line });
    body +=
      ellipse(250, 610, 70, 175, { fill: darker(plume, 0.18), transform: 'rotate(12 250 610)' }) +
      ellipse(750, 610, 70, 175, { fill: darker(plume, 0.18), transform: 'rotate(-12 750 610)' });
    body += ellipse(500, 690, 180, 190, { fill: lighter(plume, 0.55) });
    for (const [x, y] of [
      [440, 620],
      [560, 620],
      [500, 690],
      [420, 740],
      [580, 740],
      [500, 800],
    ] as const)
      body += path(`M${x - 28} ${y}Q${x} ${y + 30} ${x + 28} ${y}`, {
        fill: 'none',
        stroke: darker(plume, 0.1),
        'stroke-width': 9,
        'stroke-linecap': 'round',
      });
    for (const x of [390, 610])
      body +=
        circle(x, 430, 105, { fill: '#FFFFFF', stroke: lighter(plume, 0.3), 'stroke-width': 22 }) +
        circle(x, 440, 48, { fill: NOSE }) +
        circle(x + 16, 422, 15, { fill: '#FFFFFF' });
    body += path(
      polyD([
        [465, 510],
        [535, 510],
        [500, 575],
      ]),
      { fill: '#F5A623', stroke: '#F5A623', 'stroke-width': 12, 'stroke-linejoin': 'round' },
    );
    body += path('M420 885L420 920M450 885L450 920M550 885L550 920M580 885L580 920', {
      stroke: '#F5A623',
      'stroke-width': 16,
      'stroke-linecap': 'round',
    });
    return { name: 'Owl', body, box: box(160, 115, 680, 820), keywords: ['bird', 'night', 'wise'] };
  },
};

const fish: Motif = {
  key: 'fish',
  tags: ['animals', 'nature'],
  draw(ctx) {
    const fill = ctx.c(ctx.rng.int(0, 4));
    const stripe = ctx.c(ctx.rng.int(0, 4)) === fill ? ctx.pal.light : ctx.pal.light;
    const clip = ctx.id('fish');
    const line = ctx.outlined ? ctx.ink.line : {};
    const bodyD = 'M180 500C300 300 600 280 760 500C600 720 300 700 180 500Z';
    let body = path('M740 500L900 350C865 450 865 550 900 650Z', { fill: darker(fill, 0.15), ...line, 'stroke-linejoin': 'round' });
    body += path('M400 340C460 230 580 240 610 350Z', { fill: darker(fill, 0.15), ...line });
    body += path(bodyD, { fill, ...line });
    body += group(
      path('M470 300C430 420 430 580 470 700M590 320C550 420 550 580 590 680', {
        fill: 'none',
        stroke: stripe,
        'stroke-width': 40,
        opacity: 0.85,
      }),
      { 'clip-path': `url(#${clip})` },
    );
    body += path('M370 420C400 470 400 530 370 580', {
      fill: 'none',
      stroke: darker(fill, 0.25),
      'stroke-width': 10,
      'stroke-linecap': 'round',
    });
    body += circle(290, 470, 36, { fill: '#FFFFFF' }) + circle(282, 472, 18, { fill: NOSE });
    body +=
      circle(150, 330, 26, { fill: 'none', stroke: '#7FC8F8', 'stroke-width': 8 }) +
      circle(110, 240, 16, { fill: 'none', stroke: '#7FC8F8', 'stroke-width': 7 });
    return {
      name: 'Tropical Fish',
      body,
      defs: `<clipPath id="${clip}"><path d="${bodyD}"/></clipPath>`,
      box: box(85, 215, 825, 495),
      keywords: ['sea', 'ocean', 'aquarium'],
    };
  },
};

const bird: Motif = {
  key: 'bird',
  tags: ['animals', 'nature'],
  draw(ctx) {
    const fill = ctx.c(ctx.rng.int(0, 4));
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path('M120 860L880 860', { stroke: '#7A5230', 'stroke-width': 30, 'stroke-linecap': 'round' });
    body +=
      path('M760 860C780 800 840 780 880 790C860 840 820 860 760 860Z', { fill: '#5FA55A' }) +
      path('M200 860C190 810 140 790 100 800C120 850 160 862 200 860Z', { fill: '#5FA55A' });
    body += path('M420 790L420 850M500 790L500 850', { stroke: '#F5A623', 'stroke-width': 14, 'stroke-linecap': 'round' });
    body += path('M690 560L900 500L870 680Z', { fill: darker(fill, 0.2), ...line, 'stroke-linejoin': 'round' });
    body += circle(470, 560, 250, { fill, ...line });
    body += ellipse(420, 660, 150, 110, { fill: lighter(fill, 0.5) });
    body += ellipse(560, 590, 150, 92, { fill: darker(fill, 0.15), transform: 'rotate(-20 560 590)' });
    body += path(
      polyD([
        [235, 500],
        [150, 545],
        [240, 585],
      ]),
      { fill: '#F5A623', stroke: '#F5A623', 'stroke-width': 10, 'stroke-linejoin': 'round' },
    );
    body += circle(340, 480, 28, { fill: NOSE }) + circle(350, 470, 9, { fill: '#FFFFFF' });
    return { name: 'Little Bird', body, box: box(85, 300, 830, 580), keywords: ['robin', 'spring', 'branch'] };
  },
};

const butterfly: Motif = {
  key: 'butterfly',
  tags: ['animals', 'nature'],
  draw(ctx) {
    const a = ctx.c(0);
    const b = ctx.c(1);
    const line = ctx.outlined ? ctx.ink.line : { stroke: darker(a, 0.3), 'stroke-width': 8, 'stroke-linejoin': 'round' };
    const upper = 'M490 480C380 200 120 160 130 330C140 460 300 520 490 500Z';
    const lower = 'M490 520C320 540 200 640 250 760C300 860 440 760 490 560Z';
    const wings =
      path(upper, { fill: a, ...line }) +
      path(lower, { fill: b, ...line }) +
      circle(260, 330, 50, { fill: ctx.pal.light, opacity: 0.85 }) +
      circle(340, 680, 36, { fill: ctx.pal.light, opacity: 0.85 }) +
      circle(200, 260, 20, { fill: ctx.pal.light, opacity: 0.85 });
    let body = wings + group(wings, { transform: 'matrix(-1 0 0 1 1000 0)' });
    body += ellipse(500, 540, 26, 210, { fill: ctx.pal.ink }) + circle(500, 330, 40, { fill: ctx.pal.ink });
    body += path('M490 300C460 220 420 180 380 170M510 300C540 220 580 180 620 170', {
      fill: 'none',
      stroke: ctx.pal.ink,
      'stroke-width': 10,
      'stroke-linecap': 'round',
    });
    body += circle(380, 170, 16, { fill: ctx.pal.ink }) + circle(620, 170, 16, { fill: ctx.pal.ink });
    return { name: 'Butterfly', body, box: box(115, 145, 770, 705), keywords: ['insect', 'spring', 'garden'] };
  },
};

const paw: Motif = {
  key: 'paw-print',
  tags: ['animals', 'shapes'],
  draw(ctx) {
    const fill = ctx.c(ctx.rng.int(0, 4));
    const line = ctx.ink.line;
    const heart = ctx.rng.chance(0.4);
    let body = heart ? path(heartD(500, 470, 400), { fill, ...line }) : ellipse(500, 630, 200, 165, { fill, ...line });
    for (const [x, y, rot] of [
      [285, 410, -25],
      [420, 285, -8],
      [580, 285, 8],
      [715, 410, 25],
    ] as const)
      body += ellipse(x, y, 72, 98, { fill, transform: `rotate(${rot} ${x} ${y})`, ...line });
    return {
      name: heart ? 'Heart Paw Print' : 'Paw Print',
      body,
      box: box(200, 180, 600, 665),
      tags: heart ? ['animals', 'love'] : undefined,
      keywords: ['dog', 'cat', 'pet'],
    };
  },
};

const whale: Motif = {
  key: 'whale',
  tags: ['animals', 'kids'],
  draw(ctx) {
    const fill = ctx.rng.pick(['#4A90C2', '#5B7DB1', '#3FA7B5', ctx.c(0)]);
    const line = ctx.outlined ? ctx.ink.line : {};
    let body = path('M470 320C460 250 430 210 380 190M470 320C480 250 520 210 570 190M470 320L470 200', {
      fill: 'none',
      stroke: '#7FD3F7',
      'stroke-width': 18,
      'stroke-linecap': 'round',
    });
    body +=
      circle(370, 185, 16, { fill: '#7FD3F7' }) + circle(580, 185, 16, { fill: '#7FD3F7' }) + circle(470, 185, 16, { fill: '#7FD3F7' });
    body += path(
      'M150 560C150 380 330 300 520 330C700 360 760 480 790 520L900 420C910 500 900 560 860 600C900 640 910 700 900 760L790 660C740 760 580 800 420 790C260 780 150 700 150 560Z',
      { fill, ...line, 'stroke-linejoin': 'round' },
    );
    body += path('M170 620C250 720 420 760 560 740C480 700 300 680 170 620Z', { fill: lighter(fill, 0.55) });
    body += circle(300, 520, 24, { fill: NOSE }) + circle(308, 512, 8, { fill: '#FFFFFF' });
    body += path('M210 600Q250 630 290 605', { fill: 'none', stroke: NOSE, 'stroke-width': 10, 'stroke-linecap': 'round' });
    body += ellipse(350, 580, 36, 20, { fill: '#FF7A93', opacity: 0.4 });
    return { name: 'Happy Whale', body, box: box(140, 165, 775, 635), keywords: ['sea', 'ocean'] };
  },
};

const ladybug: Motif = {
  key: 'ladybug',
  tags: ['animals', 'nature', 'kids'],
  draw(ctx) {
    const shell = ctx.rng.chance(0.7) ? '#E63946' : ctx.c(0);
    const line = ctx.outlined ? ctx.ink.line : {};
    let body =
      path('M450 190C420 150 390 140 360 140M550 190C580 150 610 140 640 140', {
        fill: 'none',
        stroke: '#222',
        'stroke-width': 12,
        'stroke-linecap': 'round',
      }) +
      circle(360, 140, 16, { fill: '#222' }) +
      circle(640, 140, 16, { fill: '#222' });
    body += circle(500, 300, 130, { fill: '#222' });
    body += circle(500, 570, 300, { fill: shell, ...line });
    body += path('M500 280L500 868', { stroke: '#222', 'stroke-width': 14 });
    for (const [x, y, r] of [
      [380, 440, 50],
      [620, 440, 50],
      [330, 620, 45],
      [670, 620, 45],
      [420, 760, 40],
      [580, 760, 40],
    ] as const)
      body += circle(x, y, r, { fill: '#222' });
    body += circle(450, 260, 22, { fill: '#FFFFFF' }) + circle(550, 260, 22, { fill: '#FFFFFF' });
    body += ellipse(360, 380, 50, 26, { fill: '#FFFFFF', opacity: 0.35, transform: 'rotate(-35 360 380)' });
    return { name: 'Ladybug', body, box: box(195, 120, 610, 760), keywords: ['bug', 'insect', 'garden'] };
  },
};

const dog: Motif = {
  key: 'dog-face',
  tags: ['animals'],
  draw(ctx) {
    const fur = ctx.rng.pick(['#E8C9A0', '#C58C5C', '#F4EDE3', '#9B7A5E', ctx.c(0)]);
    const ear = darker(fur, 0.3);
    const line = ctx.outlined ? ctx.ink.line : {};
    let body =
      ellipse(250, 500, 95, 200, { fill: ear, transform: 'rotate(20 250 500)', ...line }) +
      ellipse(750, 500, 95, 200, { fill: ear, transform: 'rotate(-20 750 500)', ...line });
    body += ellipse(500, 545, 270, 260, { fill: fur, ...line });
    if (ctx.rng.chance(0.5)) body += ellipse(615, 470, 85, 75, { fill: ear, opacity: 0.8 });
    body += eyePair(ctx, 390, 610, 480, 30);
    body += ellipse(500, 650, 150, 110, { fill: lighter(fur, 0.6) });
    body += path('M470 690Q500 720 530 690L530 730Q530 770 500 770Q470 770 470 730Z', { fill: '#F26D7D' });
    body +=
      ellipse(500, 610, 60, 40, { fill: NOSE }) +
      path('M500 650L500 680M450 680Q475 705 500 680Q525 705 550 680', {
        fill: 'none',
        stroke: NOSE,
        'stroke-width': 10,
        'stroke-linecap': 'round',
      });
    return { name: 'Puppy Face', body, box: box(130, 270, 740, 550), keywords: ['dog', 'pet'] };
  },
};

const dino: Motif = {
  key: 'dinosaur',
  tags: ['animals', 'kids'],
  draw(ctx) {
    const skin = ctx.rng.pick(['#7BC96F', '#5DBB9B', '#F2A65A', ctx.c(0)]);
    const line = ctx.outlined ? ctx.ink.line : {};
    const dark = darker(skin, 0.2);
    let body = '';
    for (const x of [360, 450, 580, 660])
      body += path(`M${x - 35} 680L${x + 35} 680L${x + 35} 830Q${x + 35} 850 ${x + 15} 850L${x - 15} 850Q${x - 35} 850 ${x - 35} 830Z`, {
        fill: x === 450 || x === 660 ? dark : skin,
        ...line,
      });
    body += path('M320 600C220 640 160 700 80 720C160 750 270 730 350 690Z', { fill: skin, ...line, 'stroke-linejoin': 'round' });
    body += ellipse(520, 620, 250, 160, { fill: skin, ...line });
    body += path('M640 540C700 440 700 330 730 250L840 250C810 350 790 470 760 610Z', { fill: skin, ...line, 'stroke-linejoin': 'round' });
    body += ellipse(800, 230, 105, 72, { fill: skin, ...line });
    for (const [x, y, r] of [
      [460, 540, 32],
      [560, 520, 24],
      [400, 610, 20],
      [620, 600, 18],
    ] as const)
      body += circle(x, y, r, { fill: lighter(skin, 0.35) });
    body +=
      circle(820, 210, 16, { fill: NOSE }) +
      path('M840 260Q870 270 890 250', { fill: 'none', stroke: NOSE, 'stroke-width': 9, 'stroke-linecap': 'round' });
    body += ellipse(790, 250, 22, 12, { fill: '#FF7A93', opacity: 0.5 });
    return { name: 'Baby Dinosaur', body, box: box(70, 150, 845, 710), keywords: ['dino', 'brontosaurus'] };
  },
};

export const ANIMAL_MOTIFS: Motif[] = [cat, bear, bunny, fox, owl, fish, bird, butterfly, paw, whale, ladybug, dog, dino];
