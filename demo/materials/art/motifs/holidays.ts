/** Holidays and parties, sports, space. */
import { box, circle, darker, ellipse, group, heartD, lighter, path, polar, polyD, roundRectD, starD } from '../kit';
import type { Ctx, Motif } from '../motif';

const line = (ctx: Ctx) => (ctx.outlined ? ctx.ink.line : {});
const INK = '#2B2B30';

const xmasTree: Motif = {
  key: 'christmas-tree',
  tags: ['holidays', 'nature'],
  draw(ctx) {
    const green = ctx.rng.pick(['#2E8B57', '#3E8E41', '#1F7A4D']);
    let body = path(roundRectD(450, 780, 100, 120, 16), { fill: '#8B5E3C', ...line(ctx) });
    for (const [top, half, y] of [
      [170, 190, 420],
      [300, 260, 600],
      [430, 330, 800],
    ] as const) {
      body += path(`M500 ${top}L${500 + half} ${y}Q500 ${y + 40} ${500 - half} ${y}Z`, {
        fill: green,
        stroke: ctx.outlined ? ctx.pal.ink : green,
        'stroke-width': ctx.outlined ? 14 : 24,
        'stroke-linejoin': 'round',
      });
    }
    body += path('M330 470Q500 560 640 440M280 660Q500 760 720 620', {
      fill: 'none',
      stroke: '#F4D35E',
      'stroke-width': 14,
      'stroke-linecap': 'round',
    });
    const baubles = ['#E63946', '#F4D35E', '#4EA8DE', '#FF8FC7', '#FFFFFF'];
    for (const [x, y, i] of [
      [420, 380, 0],
      [580, 400, 1],
      [360, 560, 2],
      [520, 580, 3],
      [650, 540, 0],
      [300, 740, 1],
      [460, 720, 4],
      [620, 730, 2],
      [740, 760, 3],
    ] as const)
      body += circle(x, y, 24, { fill: baubles[i] ?? '#E63946' });
    body += path(starD(500, 150, 5, 85, 36), { fill: '#FFC93C', stroke: '#F29E2E', 'stroke-width': 8, 'stroke-linejoin': 'round' });
    return { name: 'Christmas Tree', body, box: box(145, 60, 710, 850), keywords: ['xmas', 'winter', 'festive'] };
  },
};

const gift: Motif = {
  key: 'gift-box',
  tags: ['holidays', 'love'],
  draw(ctx) {
    const boxC = ctx.c(0);
    const ribbon = ctx.c(1) === boxC ? '#F4D35E' : ctx.c(1);
    let body = path(roundRectD(200, 470, 600, 420, 20), { fill: boxC, ...line(ctx) });
    body += path(roundRectD(160, 370, 680, 130, 20), { fill: lighter(boxC, 0.12), ...line(ctx) });
    body += path('M455 370L545 370L545 890L455 890Z', { fill: ribbon });
    body += path('M500 370C420 240 260 230 290 320C310 380 420 380 500 370Z', {
      fill: ribbon,
      stroke: darker(ribbon, 0.2),
      'stroke-width': 10,
      'stroke-linejoin': 'round',
    });
    body += path('M500 370C580 240 740 230 710 320C690 380 580 380 500 370Z', {
      fill: ribbon,
      stroke: darker(ribbon, 0.2),
      'stroke-width': 10,
      'stroke-linejoin': 'round',
    });
    body += circle(500, 365, 40, { fill: darker(ribbon, 0.1) });
    if (ctx.rng.chance(0.5))
      for (const [x, y] of [
        [300, 600],
        [680, 620],
        [330, 790],
        [660, 800],
      ] as const)
        body += path(starD(x, y, 5, 34, 15), { fill: ctx.pal.light, opacity: 0.8 });
    return { name: 'Gift Box', body, box: box(145, 235, 710, 670), keywords: ['present', 'birthday', 'christmas'] };
  },
};

const snowman: Motif = {
  key: 'snowman',
  tags: ['holidays', 'weather', 'kids'],
  draw(ctx) {
    const scarf = ctx.c(0);
    const snow = { fill: '#FFFFFF', ...(ctx.outlined ? ctx.ink.line : { stroke: '#CFE3F0', 'stroke-width': 10 }) };
    let body = circle(500, 720, 210, snow) + circle(500, 420, 160, snow);
    body += path('M350 560L580 560L560 640L520 620L520 720L470 720L470 620L350 620Z', {
      fill: scarf,
      stroke: darker(scarf, 0.2),
      'stroke-width': 6,
      'stroke-linejoin': 'round',
    });
    body +=
      path(roundRectD(390, 150, 220, 160, 12), { fill: INK }) +
      path(roundRectD(340, 290, 320, 40, 16), { fill: INK }) +
      path('M392 260L608 260', { stroke: ctx.c(1), 'stroke-width': 26 });
    body += circle(450, 400, 18, { fill: INK }) + circle(550, 400, 18, { fill: INK });
    body += path('M500 440L620 470L500 470Z', { fill: '#F28C28', stroke: '#F28C28', 'stroke-width': 8, 'stroke-linejoin': 'round' });
    for (const y of [680, 760, 840]) body += circle(500, y, 16, { fill: INK });
    body += path('M310 650L170 560M175 565L140 520M175 565L130 575M690 650L830 560M825 565L860 520M825 565L870 575', {
      stroke: '#7A5230',
      'stroke-width': 14,
      'stroke-linecap': 'round',
    });
    return { name: 'Snowman', body, box: box(120, 145, 760, 795), keywords: ['winter', 'christmas', 'snow'] };
  },
};

const pumpkin: Motif = {
  key: 'pumpkin',
  tags: ['holidays', 'food'],
  draw(ctx) {
    const orange = ctx.rng.pick(['#F28C28', '#EE7B30', '#F4A259']);
    const lantern = ctx.rng.chance(0.5);
    let body = path('M500 320C500 260 520 200 570 170', { fill: 'none', stroke: '#5B7B3A', 'stroke-width': 40, 'stroke-linecap': 'round' });
    for (const [cx, rx, t] of [
      [300, 190, 0.12],
      [700, 190, 0.12],
      [400, 180, 0],
      [600, 180, 0],
      [500, 170, 0.06],
    ] as const)
      body += ellipse(cx, 590, rx, 290, { fill: t ? darker(orange, t) : orange, ...line(ctx) });
    if (lantern) {
      body +=
        path(
          polyD([
            [330, 520],
            [430, 520],
            [380, 440],
          ]),
          { fill: '#FFE066' },
        ) +
        path(
          polyD([
            [570, 520],
            [670, 520],
            [620, 440],
          ]),
          { fill: '#FFE066' },
        );
      body += path('M300 640Q500 800 700 640L650 650L620 700L580 665L540 720L500 675L460 720L420 665L380 700L350 650Z', {
        fill: '#FFE066',
        'stroke-linejoin': 'round',
      });
    }
    return {
      name: lantern ? "Jack-o'-Lantern" : 'Pumpkin',
      body,
      box: box(100, 145, 800, 745),
      keywords: ['halloween', 'autumn', 'fall', 'thanksgiving'],
    };
  },
};

const ghost: Motif = {
  key: 'ghost',
  tags: ['holidays', 'kids'],
  draw(ctx) {
    const sheet = ctx.rng.chance(0.7) ? '#FFFFFF' : lighter(ctx.c(0), 0.7);
    let body = path(
      'M220 880L220 440C220 260 340 130 500 130C660 130 780 260 780 440L780 880Q735 820 690 880Q645 820 600 880Q555 820 500 880Q445 820 400 880Q355 820 310 880Q265 820 220 880Z',
      { fill: sheet, ...(ctx.outlined ? ctx.ink.line : { stroke: '#D9DEE6', 'stroke-width': 12 }), 'stroke-linejoin': 'round' },
    );
    body += ellipse(410, 420, 40, 60, { fill: INK }) + ellipse(590, 420, 40, 60, { fill: INK });
    body += ctx.rng.chance(0.5)
      ? ellipse(500, 560, 50, 70, { fill: INK })
      : path('M440 540Q500 600 560 540', { fill: 'none', stroke: INK, 'stroke-width': 18, 'stroke-linecap': 'round' });
    body += ellipse(340, 500, 36, 20, { fill: '#FF8FAB', opacity: 0.5 }) + ellipse(660, 500, 36, 20, { fill: '#FF8FAB', opacity: 0.5 });
    body += path('M220 560C160 540 130 500 120 450M780 560C840 540 870 500 880 450', {
      fill: 'none',
      stroke: sheet === '#FFFFFF' ? '#D9DEE6' : darker(sheet, 0.1),
      'stroke-width': 40,
      'stroke-linecap': 'round',
    });
    return { name: 'Friendly Ghost', body, box: box(95, 115, 810, 785), keywords: ['halloween', 'boo', 'spooky'] };
  },
};

const candyCane: Motif = {
  key: 'candy-cane',
  tags: ['holidays', 'food'],
  draw(ctx) {
    const stripe = ctx.rng.chance(0.7) ? '#E63946' : ctx.c(0);
    const d = 'M420 880L420 360C420 230 500 160 580 160C660 160 730 230 730 320';
    let body = '';
    if (ctx.outlined) body += path(d, { fill: 'none', stroke: ctx.pal.ink, 'stroke-width': 150, 'stroke-linecap': 'round' });
    body += path(d, { fill: 'none', stroke: '#FFFFFF', 'stroke-width': 120, 'stroke-linecap': 'round' });
    body += path(d, { fill: 'none', stroke: stripe, 'stroke-width': 120, 'stroke-dasharray': '46 46' });
    body += path('M400 840L400 380', { stroke: '#FFFFFF', 'stroke-width': 18, 'stroke-linecap': 'round', opacity: 0.5 });
    if (ctx.rng.chance(0.5))
      body +=
        path('M420 520C340 460 300 540 360 580L420 560L480 580C540 540 500 460 420 520Z', { fill: '#2E8B57' }) +
        circle(420, 555, 30, { fill: '#E63946' });
    return { name: 'Candy Cane', body, box: box(340, 80, 470, 880), keywords: ['christmas', 'sweet', 'peppermint'] };
  },
};

const ornament: Motif = {
  key: 'ornament',
  tags: ['holidays'],
  draw(ctx) {
    const fill = ctx.c(0);
    const clip = ctx.id('orn');
    let body =
      path('M500 60Q560 60 560 120', { fill: 'none', stroke: '#B8B8C0', 'stroke-width': 10 }) +
      path('M500 60Q440 60 440 120', { fill: 'none', stroke: '#B8B8C0', 'stroke-width': 10 });
    body += path(roundRectD(420, 110, 160, 90, 14), { fill: '#D4AF37', ...line(ctx) });
    body += circle(500, 540, 360, { fill, ...line(ctx) });
    body += group(
      path('M140 500L220 440L300 500L380 440L460 500L540 440L620 500L700 440L780 500L860 440', {
        fill: 'none',
        stroke: ctx.pal.light,
        'stroke-width': 30,
        'stroke-linejoin': 'round',
      }) + path('M140 640L860 640', { stroke: ctx.c(1), 'stroke-width': 50 }),
      { 'clip-path': `url(#${clip})` },
    );
    for (const x of [260, 420, 580, 740]) body += circle(x, 560, 18, { fill: ctx.pal.light });
    body += ellipse(350, 370, 70, 40, { fill: '#FFFFFF', opacity: 0.4, transform: 'rotate(-40 350 370)' });
    return {
      name: 'Christmas Bauble',
      body,
      defs: `<clipPath id="${clip}"><circle cx="500" cy="540" r="360"/></clipPath>`,
      box: box(130, 50, 740, 860),
      keywords: ['ornament', 'xmas', 'decoration'],
    };
  },
};

const egg: Motif = {
  key: 'easter-egg',
  tags: ['holidays', 'kids'],
  draw(ctx) {
    const clip = ctx.id('egg');
    const eggD = 'M500 100C690 100 800 420 800 620C800 800 670 910 500 910C330 910 200 800 200 620C200 420 310 100 500 100Z';
    let body = path(eggD, { fill: ctx.c(0), ...line(ctx) });
    let bands = path('M150 420L230 360L310 420L390 360L470 420L550 360L630 420L710 360L790 420L870 360', {
      fill: 'none',
      stroke: ctx.c(1),
      'stroke-width': 40,
      'stroke-linejoin': 'round',
    });
    bands += path('M150 620Q250 560 350 620Q450 680 550 620Q650 560 750 620Q850 680 900 620', {
      fill: 'none',
      stroke: ctx.c(2),
      'stroke-width': 50,
    });
    for (const x of [300, 420, 540, 660]) bands += circle(x, 770, 26, { fill: ctx.pal.light });
    bands +=
      circle(500, 260, 34, { fill: ctx.pal.light }) +
      circle(400, 300, 20, { fill: ctx.pal.light }) +
      circle(600, 300, 20, { fill: ctx.pal.light });
    body += group(bands, { 'clip-path': `url(#${clip})` });
    return {
      name: 'Easter Egg',
      body,
      defs: `<clipPath id="${clip}"><path d="${eggD}"/></clipPath>`,
      box: box(185, 85, 630, 840),
      keywords: ['easter', 'spring', 'decorated'],
    };
  },
};

const balloons: Motif = {
  key: 'balloons',
  tags: ['holidays', 'kids'],
  draw(ctx) {
    let body = '';
    const specs = [
      [330, 330, -12, 0],
      [670, 330, 12, 1],
      [500, 260, 0, 2],
    ] as const;
    for (const [x, y] of specs)
      body += path(`M${x} ${y + 210}C${x + 20} ${y + 320} ${500 - 10} ${780} 500 900`, {
        fill: 'none',
        stroke: '#8A8A96',
        'stroke-width': 6,
      });
    for (const [x, y, rot, i] of specs) {
      const c = ctx.c(i);
      body += group(
        ellipse(x, y, 150, 185, { fill: c, ...line(ctx) }) +
          path(`M${x - 18} ${y + 200}L${x + 18} ${y + 200}L${x} ${y + 180}Z`, { fill: darker(c, 0.15) }) +
          ellipse(x - 60, y - 70, 30, 50, { fill: '#FFFFFF', opacity: 0.4, transform: `rotate(25 ${x - 60} ${y - 70})` }),
        { transform: `rotate(${rot} ${x} ${y + 200})` },
      );
    }
    return { name: 'Party Balloons', body, box: box(130, 70, 740, 835), keywords: ['birthday', 'celebration', 'party'] };
  },
};

const partyHat: Motif = {
  key: 'party-hat',
  tags: ['holidays', 'kids'],
  draw(ctx) {
    const clip = ctx.id('hat');
    const hatD = 'M500 140L760 820Q500 900 240 820Z';
    let body = path(hatD, { fill: ctx.c(0), ...line(ctx), 'stroke-linejoin': 'round' });
    body += group(
      path('M200 300L800 600M200 480L800 780M200 660L800 960M200 120L800 420', { stroke: ctx.c(1), 'stroke-width': 50 }) +
        [
          [470, 320],
          [560, 520],
          [400, 600],
          [620, 720],
        ]
          .map(([x, y]) => circle(x as number, y as number, 22, { fill: ctx.pal.light }))
          .join(''),
      { 'clip-path': `url(#${clip})` },
    );
    body += path('M240 820Q500 900 760 820', { fill: 'none', stroke: ctx.c(2), 'stroke-width': 40, 'stroke-linecap': 'round' });
    for (let i = 0; i < 8; i += 1)
      body += path(
        `M500 140L${polar(500, 120, 90, i * 45)
          .map((v) => v.toFixed(1))
          .join(' ')}`,
        { stroke: ctx.c(2 + (i % 2)), 'stroke-width': 22, 'stroke-linecap': 'round' },
      );
    return {
      name: 'Party Hat',
      body,
      defs: `<clipPath id="${clip}"><path d="${hatD}"/></clipPath>`,
      box: box(215, 20, 570, 865),
      keywords: ['birthday', 'celebration'],
    };
  },
};

const firework: Motif = {
  key: 'firework',
  tags: ['holidays'],
  draw(ctx) {
    let body = '';
    const burst = (cx: number, cy: number, r: number, n: number, c: string) => {
      for (let i = 0; i < n; i += 1) {
        const a = (360 / n) * i;
        const [x0, y0] = polar(cx, cy, r * 0.3, a);
        const [x1, y1] = polar(cx, cy, r * 0.85, a);
        body += path(`M${x0.toFixed(1)} ${y0.toFixed(1)}L${x1.toFixed(1)} ${y1.toFixed(1)}`, {
          stroke: c,
          'stroke-width': r * 0.07,
          'stroke-linecap': 'round',
        });
        body += circle(...polar(cx, cy, r, a), r * 0.05, { fill: c });
      }
    };
    burst(420, 440, 360, 16, ctx.c(0));
    burst(750, 250, 170, 12, ctx.c(1));
    burst(760, 720, 140, 10, ctx.c(2));
    body += path(starD(420, 440, 4, 70, 18), { fill: ctx.c(3) });
    return { name: 'Fireworks', body, box: box(45, 60, 910, 800), keywords: ['new year', 'celebration', '4th of july'] };
  },
};

const cake: Motif = {
  key: 'birthday-cake',
  tags: ['holidays', 'food'],
  draw(ctx) {
    const sponge = ctx.c(0);
    const icing = ctx.pal.light;
    let body = ellipse(500, 870, 360, 40, { fill: '#D0D4DA' });
    body += path(roundRectD(190, 560, 620, 300, 30), { fill: sponge, ...line(ctx) });
    body += path(roundRectD(270, 380, 460, 200, 26), { fill: lighter(sponge, 0.2), ...line(ctx) });
    body += path(
      'M190 600Q190 560 230 560L770 560Q810 560 810 600L810 620Q780 680 750 620Q720 680 690 620Q660 700 630 620Q600 680 570 620Q540 690 510 620Q480 680 450 620Q420 700 390 620Q360 680 330 620Q300 690 270 620Q240 680 210 620Q190 640 190 620Z',
      { fill: icing },
    );
    body += path(
      'M270 420Q270 380 310 380L690 380Q730 380 730 420L730 430Q700 480 670 430Q640 490 610 430Q580 480 550 430Q520 490 490 430Q460 480 430 430Q400 490 370 430Q340 480 310 430Q280 470 270 430Z',
      { fill: icing },
    );
    for (const [i, x] of [380, 500, 620].entries()) {
      body += path(roundRectD(x - 16, 240, 32, 140, 10), { fill: ctx.c(i + 1) });
      body += path(`M${x} 160C${x + 30} 200 ${x + 24} 236 ${x} 236C${x - 24} 236 ${x - 30} 200 ${x} 160Z`, {
        fill: '#FFC93C',
        stroke: '#F28C28',
        'stroke-width': 6,
      });
    }
    return { name: 'Birthday Cake', body, box: box(135, 150, 730, 765), keywords: ['birthday', 'party', 'candles', 'dessert'] };
  },
};

// ---------- sports ----------

const ball: Motif = {
  key: 'sports-ball',
  tags: ['sports'],
  draw(ctx) {
    const kind = ctx.rng.pick(['basketball', 'soccer', 'tennis', 'baseball', 'volleyball'] as const);
    const edge = ctx.outlined ? ctx.ink.line : { stroke: '#00000022', 'stroke-width': 6 };
    let body = '';
    let defs = '';
    if (kind === 'basketball') {
      body = circle(500, 500, 400, { fill: '#F28C28', ...edge });
      body += path('M100 500L900 500M500 100L500 900M220 215C340 330 340 670 220 785M780 215C660 330 660 670 780 785', {
        fill: 'none',
        stroke: '#3B1F0F',
        'stroke-width': 16,
      });
    } else if (kind === 'soccer') {
      const clip = ctx.id('ball');
      body = circle(500, 500, 400, { fill: '#FFFFFF', ...(ctx.outlined ? ctx.ink.line : { stroke: '#2B2B30', 'stroke-width': 12 }) });
      let patches = path(`${polyD(Array.from({ length: 5 }, (_, i) => polar(500, 500, 130, i * 72)))}`, { fill: '#2B2B30' });
      for (let i = 0; i < 5; i += 1) {
        const [x, y] = polar(500, 500, 400, i * 72 + 36);
        patches += path(polyD(Array.from({ length: 5 }, (_, k) => polar(x, y, 130, k * 72 + i * 72 + 36))), { fill: '#2B2B30' });
        const a = polar(500, 500, 130, i * 72);
        const b = polar(500, 500, 290, i * 72);
        patches += path(`M${a[0].toFixed(1)} ${a[1].toFixed(1)}L${b[0].toFixed(1)} ${b[1].toFixed(1)}`, {
          stroke: '#2B2B30',
          'stroke-width': 12,
        });
      }
      body += group(patches, { 'clip-path': `url(#${clip})` });
      defs = `<clipPath id="${clip}"><circle cx="500" cy="500" r="394"/></clipPath>`;
    } else if (kind === 'tennis') {
      body = circle(500, 500, 400, { fill: '#D4E157', ...edge });
      body += path('M210 220C380 380 380 620 210 780M790 220C620 380 620 620 790 780', {
        fill: 'none',
        stroke: '#FFFFFF',
        'stroke-width': 28,
      });
    } else if (kind === 'baseball') {
      body = circle(500, 500, 400, { fill: '#FBF8F1', ...(ctx.outlined ? ctx.ink.line : { stroke: '#C9C3B5', 'stroke-width': 10 }) });
      body += path('M230 210C360 360 360 640 230 790M770 210C640 360 640 640 770 790', {
        fill: 'none',
        stroke: '#D62839',
        'stroke-width': 10,
      });
      for (let i = 0; i < 8; i += 1) {
        const y = 270 + i * 66;
        const dx = Math.sin(((y - 210) / 580) * Math.PI) * 90;
        body += path(`M${230 + dx - 24} ${y - 14}L${230 + dx + 24} ${y + 6}M${770 - dx + 24} ${y - 14}L${770 - dx - 24} ${y + 6}`, {
          stroke: '#D62839',
          'stroke-width': 8,
          'stroke-linecap': 'round',
        });
      }
    } else {
      body = circle(500, 500, 400, { fill: '#FFFFFF', ...(ctx.outlined ? ctx.ink.line : { stroke: '#2B2B30', 'stroke-width': 10 }) });
      body += path('M500 500C480 330 380 200 260 180M500 500C660 430 820 440 890 520M500 500C410 650 420 800 500 890', {
        fill: 'none',
        stroke: '#2B2B30',
        'stroke-width': 12,
      });
      body += path('M500 500C480 330 380 200 260 180Q440 140 560 110Q620 300 500 500Z', { fill: ctx.c(0), opacity: 0.85 });
      body += path('M500 500C410 650 420 800 500 890Q700 850 830 700Q680 560 500 500Z', { fill: ctx.c(1), opacity: 0.85 });
    }
    const names = {
      basketball: 'Basketball',
      soccer: 'Soccer Ball',
      tennis: 'Tennis Ball',
      baseball: 'Baseball',
      volleyball: 'Volleyball',
    };
    return { name: names[kind], body, defs, box: box(95, 95, 810, 810), keywords: ['ball', 'game', kind] };
  },
};

const trophy: Motif = {
  key: 'trophy',
  tags: ['sports', 'badges'],
  draw(ctx) {
    const gold = ctx.rng.pick(['#F2B33D', '#E8B730', '#C0C0C8']);
    const dark = darker(gold, 0.2);
    let body = path('M300 230C160 230 150 420 330 470M700 230C840 230 850 420 670 470', {
      fill: 'none',
      stroke: dark,
      'stroke-width': 44,
      'stroke-linecap': 'round',
    });
    body += path('M270 160L730 160L710 360C690 500 600 560 500 560C400 560 310 500 290 360Z', {
      fill: gold,
      ...line(ctx),
      'stroke-linejoin': 'round',
    });
    body += path('M460 560L540 560L560 700L440 700Z', { fill: dark });
    body +=
      path(roundRectD(340, 700, 320, 80, 16), { fill: gold, ...line(ctx) }) +
      path(roundRectD(300, 780, 400, 110, 20), { fill: '#5A4A42', ...line(ctx) });
    body += path(starD(500, 340, 5, 100, 42), { fill: ctx.pal.light, opacity: 0.9 });
    body += path('M330 200L350 350', { stroke: '#FFFFFF', 'stroke-width': 20, 'stroke-linecap': 'round', opacity: 0.45 });
    body += path(roundRectD(380, 810, 240, 50, 10), { fill: '#D4AF37' });
    return {
      name: gold === '#C0C0C8' ? 'Silver Trophy' : 'Gold Trophy',
      body,
      box: box(120, 145, 760, 760),
      keywords: ['winner', 'champion', 'award', 'cup'],
    };
  },
};

const medal: Motif = {
  key: 'medal',
  tags: ['sports', 'badges'],
  draw(ctx) {
    const [metal, label] = ctx.rng.pick([
      ['#F2B33D', 'Gold'],
      ['#C0C0C8', 'Silver'],
      ['#CD7F32', 'Bronze'],
    ] as const);
    let body = path('M310 80L450 80L560 420L420 420Z', { fill: ctx.c(0), ...line(ctx), 'stroke-linejoin': 'round' });
    body += path('M690 80L550 80L440 420L580 420Z', { fill: ctx.c(1), ...line(ctx), 'stroke-linejoin': 'round' });
    body +=
      circle(500, 640, 270, { fill: metal, ...line(ctx) }) +
      circle(500, 640, 205, { fill: 'none', stroke: darker(metal, 0.15), 'stroke-width': 16 });
    body += path(starD(500, 650, 5, 140, 58), {
      fill: lighter(metal, 0.3),
      stroke: darker(metal, 0.15),
      'stroke-width': 8,
      'stroke-linejoin': 'round',
    });
    return { name: `${label} Medal`, body, box: box(220, 65, 560, 860), keywords: ['winner', 'award', 'first place'] };
  },
};

const dumbbell: Motif = {
  key: 'dumbbell',
  tags: ['sports'],
  draw(ctx) {
    const c = ctx.c(0);
    let body = path(roundRectD(240, 460, 520, 80, 20), { fill: '#9AA0A6', ...line(ctx) });
    for (const [x, w, h] of [
      [120, 70, 300],
      [190, 70, 400],
      [740, 70, 400],
      [810, 70, 300],
    ] as const)
      body += path(roundRectD(x, 500 - h / 2, w, h, 24), { fill: w && (x === 120 || x === 810) ? darker(c, 0.15) : c, ...line(ctx) });
    body += path(roundRectD(70, 470, 50, 60, 12), { fill: '#9AA0A6' }) + path(roundRectD(880, 470, 50, 60, 12), { fill: '#9AA0A6' });
    return { name: 'Dumbbell', body, box: box(55, 285, 890, 430), keywords: ['gym', 'fitness', 'workout'] };
  },
};

const bicycle: Motif = {
  key: 'bicycle',
  tags: ['sports', 'vintage'],
  draw(ctx) {
    const frame = ctx.c(0);
    const w = ctx.outlined ? 34 : 26;
    let body = '';
    for (const x of [250, 750])
      body += circle(x, 640, 190, { fill: 'none', stroke: INK, 'stroke-width': 28 }) + circle(x, 640, 22, { fill: INK });
    body += path('M250 640L430 380L680 380L750 640M430 380L520 640L680 380M520 640L250 640', {
      fill: 'none',
      stroke: frame,
      'stroke-width': w,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
    });
    body += path('M430 380L400 300M350 290L460 290M680 380L650 270L720 250', {
      fill: 'none',
      stroke: INK,
      'stroke-width': 24,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    });
    body += circle(520, 640, 44, { fill: 'none', stroke: INK, 'stroke-width': 14 });
    if (ctx.rng.chance(0.5))
      body += path(roundRectD(560, 260, 150, 70, 16), { fill: ctx.c(1) }) + path(heartD(635, 268, 50), { fill: ctx.pal.light });
    return { name: 'Bicycle', body, box: box(45, 230, 910, 625), keywords: ['bike', 'cycling', 'ride'] };
  },
};

const football: Motif = {
  key: 'american-football',
  tags: ['sports'],
  draw(ctx) {
    let body = path('M140 640C220 330 560 140 860 360C780 670 440 860 140 640Z', { fill: '#8B4A2B', ...line(ctx) });
    body += path('M220 560L290 640M710 330L780 410', { stroke: '#FFFFFF', 'stroke-width': 22, 'stroke-linecap': 'round' });
    body += path('M380 620L620 380', { stroke: '#FFFFFF', 'stroke-width': 18, 'stroke-linecap': 'round' });
    for (let i = 0; i < 5; i += 1) {
      const x = 420 + i * 40;
      const y = 580 - i * 40;
      body += path(`M${x - 30} ${y - 30}L${x + 30} ${y + 30}`, { stroke: '#FFFFFF', 'stroke-width': 14, 'stroke-linecap': 'round' });
    }
    return { name: 'American Football', body, box: box(125, 225, 750, 555), keywords: ['rugby', 'super bowl', 'ball'] };
  },
};

// ---------- space ----------

const rocket: Motif = {
  key: 'rocket',
  tags: ['space', 'kids'],
  draw(ctx) {
    const hull = ctx.rng.chance(0.5) ? '#F1F3F6' : lighter(ctx.c(0), 0.5);
    const accent = ctx.c(0);
    let body = path('M430 760Q500 960 570 760Z', { fill: '#FFC93C' }) + path('M455 760Q500 890 545 760Z', { fill: '#F28C28' });
    body +=
      path('M370 560L250 720L300 800L390 720Z', { fill: accent, ...line(ctx), 'stroke-linejoin': 'round' }) +
      path('M630 560L750 720L700 800L610 720Z', { fill: accent, ...line(ctx), 'stroke-linejoin': 'round' });
    body += path('M500 90C620 190 660 380 640 560L610 770L390 770L360 560C340 380 380 190 500 90Z', {
      fill: hull,
      ...(ctx.outlined ? ctx.ink.line : { stroke: '#C5CAD3', 'stroke-width': 10 }),
      'stroke-linejoin': 'round',
    });
    body += path('M500 90C560 140 600 200 620 260L380 260C400 200 440 140 500 90Z', { fill: accent });
    body +=
      circle(500, 420, 85, { fill: '#4EA8DE', stroke: '#9AA0A6', 'stroke-width': 22 }) +
      ellipse(475, 395, 26, 16, { fill: '#FFFFFF', opacity: 0.6, transform: 'rotate(-35 475 395)' });
    body += path('M500 640L500 770', { stroke: accent, 'stroke-width': 30 });
    return { name: 'Rocket', body, box: box(235, 80, 530, 790), keywords: ['spaceship', 'launch', 'astronaut'] };
  },
};

const planet: Motif = {
  key: 'planet',
  tags: ['space'],
  draw(ctx) {
    const fill = ctx.c(0);
    const ring = ctx.c(1);
    const clip = ctx.id('planet');
    let body = ellipse(500, 520, 420, 110, { fill: 'none', stroke: ring, 'stroke-width': 40, transform: 'rotate(-18 500 520)' });
    body += circle(500, 500, 260, { fill, ...line(ctx) });
    body += group(
      path('M200 420Q500 380 800 440M200 560Q500 520 800 600', { fill: 'none', stroke: lighter(fill, 0.3), 'stroke-width': 40 }) +
        circle(580, 400, 40, { fill: darker(fill, 0.12) }) +
        circle(420, 620, 26, { fill: darker(fill, 0.12) }),
      { 'clip-path': `url(#${clip})` },
    );
    // The near half of the ring passes in front of the planet.
    body += path('M80 520A420 110 0 0 0 920 520', { fill: 'none', stroke: ring, 'stroke-width': 40, transform: 'rotate(-18 500 520)' });
    body +=
      path(starD(150, 200, 4, 50, 12), { fill: '#FFD766' }) +
      path(starD(850, 820, 4, 40, 10), { fill: '#FFD766' }) +
      circle(820, 200, 14, { fill: '#FFD766' });
    return {
      name: 'Ringed Planet',
      body,
      defs: `<clipPath id="${clip}"><circle cx="500" cy="500" r="260"/></clipPath>`,
      box: box(75, 140, 855, 725),
      keywords: ['saturn', 'galaxy', 'astronomy'],
    };
  },
};

const ufo: Motif = {
  key: 'ufo',
  tags: ['space', 'kids'],
  draw(ctx) {
    let body = path('M360 620L640 620L800 920L200 920Z', { fill: '#FFF3A8', opacity: 0.6 });
    body += path('M330 440C330 300 410 220 500 220C590 220 670 300 670 440Z', { fill: '#A9DEF9', opacity: 0.9, ...line(ctx) });
    body += ellipse(500, 480, 380, 110, { fill: ctx.c(0), ...line(ctx) });
    body += ellipse(500, 450, 220, 50, { fill: lighter(ctx.c(0), 0.3) });
    for (const x of [250, 375, 500, 625, 750]) body += circle(x, 520, 26, { fill: '#FFE066' });
    body +=
      circle(460, 340, 30, { fill: '#7BC96F' }) +
      circle(540, 340, 30, { fill: '#7BC96F' }) +
      path('M500 300L500 240', { stroke: '#7BC96F', 'stroke-width': 10 });
    return { name: 'Flying Saucer', body, box: box(105, 205, 790, 720), keywords: ['ufo', 'alien', 'sci-fi'] };
  },
};

const comet: Motif = {
  key: 'comet',
  tags: ['space', 'shapes'],
  draw(ctx) {
    const a = ctx.c(0);
    const b = ctx.c(1);
    let body = path('M700 300C500 360 250 500 90 700C300 600 500 520 680 440Z', { fill: lighter(b, 0.3) });
    body += path('M720 340C560 420 360 560 220 780C420 640 580 560 760 470Z', { fill: b });
    body += path(starD(740, 380, 5, 170, 75, 12), {
      fill: a,
      ...line(ctx),
      stroke: ctx.outlined ? ctx.pal.ink : a,
      'stroke-width': ctx.outlined ? 14 : 24,
      'stroke-linejoin': 'round',
    });
    body += circle(200, 300, 16, { fill: a }) + circle(860, 720, 12, { fill: a }) + circle(420, 820, 10, { fill: a });
    return { name: 'Shooting Star', body, box: box(80, 185, 860, 655), keywords: ['comet', 'wish', 'night'] };
  },
};

export const HOLIDAY_MOTIFS: Motif[] = [
  xmasTree,
  gift,
  snowman,
  pumpkin,
  ghost,
  candyCane,
  ornament,
  egg,
  balloons,
  partyHat,
  firework,
  cake,
];
export const SPORT_SPACE_MOTIFS: Motif[] = [ball, trophy, medal, dumbbell, bicycle, football, rocket, planet, ufo, comet];
