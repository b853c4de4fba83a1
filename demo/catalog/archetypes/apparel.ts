/** Garments: tees, hoodies, tanks, swimwear, dresses, leggings, baby and kids wear, aprons. */
import { ellipse, solid, symmetric, type PathNode, type Pt, type Ring } from '../art/path';
import { GARMENT_COLORS, SOFT_COLORS } from '../art/palette';
import { ADULT_SIZES, BABY_SIZES, COTTON, KIDS_SIZES, POLY, fold, foldPair, seam } from './common';
import { bezierBox, organicRing } from './geometry';
import type { Archetype, Fold, ViewDrawing } from './types';

interface TeeShape {
  neckFrontY: number;
  neckBackY: number;
  neckTopY: number;
  neckHalfW: number;
  shoulder: Pt;
  sleeveOut: Pt;
  sleeveIn: Pt;
  armpit: Pt;
  /** A fitted waist between armpit and hem. */
  waist?: Pt;
  hem: Pt;
  /** A V neckline (straight sides to its point) instead of a round one. */
  vNeck?: boolean;
}

/** The right half of a neckline from the centre (at `y`) up to the shoulder point. */
function neckCurve(t: TeeShape, y: number, v = false): PathNode {
  const nx = 500 + t.neckHalfW;
  return v ? [nx, t.neckTopY] : [500 + t.neckHalfW * 0.55, y, nx - 4, t.neckTopY + (y - t.neckTopY) * 0.45, nx, t.neckTopY];
}

/**
 * The tee's outline, laid flat: its top is the back neckline (seen from the front, the inside of
 * the back shows through the neck opening, as in a photographed flat lay).
 */
function teeRing(t: TeeShape): Ring {
  const [ax, ay] = t.armpit;
  const [hx, hy] = t.hem;
  const side: Ring = t.waist
    ? [
        [ax - 4, ay + 70, t.waist[0], t.waist[1] - 90, t.waist[0], t.waist[1]],
        [t.waist[0], t.waist[1] + 90, hx - 4, hy - 120, hx, hy],
      ]
    : [[ax - 6, ay + 160, hx - 6, hy - 200, hx, hy]];
  return symmetric(500, [
    [500, t.neckBackY],
    neckCurve(t, t.neckBackY),
    [t.shoulder[0], t.shoulder[1]],
    [t.sleeveOut[0], t.sleeveOut[1]],
    [t.sleeveIn[0], t.sleeveIn[1]],
    [ax, ay],
    ...side,
    [hx - 70, hy + 5, 570, hy + 7, 500, hy + 7],
  ]);
}

/** The inside of the back between the back and the front necklines: a shaded hollow. */
function neckOpening(t: TeeShape): Ring {
  const back = neckCurve(t, t.neckBackY);
  const backIn: PathNode = back.length === 6 ? [back[2], back[3], back[0], back[1], 500, t.neckBackY] : [500, t.neckBackY];
  return symmetric(500, [[500, t.neckFrontY], neckCurve(t, t.neckFrontY, t.vNeck), backIn]);
}

/** A neckline as an open curve from shoulder point to shoulder point, `drop` below the edge. */
function neckLine(t: TeeShape, y: number, drop: number, v = false): Ring {
  const nx = 500 + t.neckHalfW;
  const top = t.neckTopY + drop * 0.5;
  if (v)
    return [
      [1000 - nx + 4, top],
      [500, y + drop],
      [nx - 4, top],
    ];
  return [
    [1000 - nx + 4, top],
    [1000 - nx + 2, top + (y - top) * 0.5, 500 - t.neckHalfW * 0.55, y + drop, 500, y + drop],
    [500 + t.neckHalfW * 0.55, y + drop, nx - 2, top + (y - top) * 0.5, nx - 4, top],
  ];
}

function teeFolds(t: TeeShape, back: boolean): ViewDrawing['folds'] {
  const neckY = back ? t.neckBackY : t.neckFrontY;
  const [ax, ay] = t.armpit;
  const [hx, hy] = t.hem;
  const v = !back && t.vNeck === true;
  // The sleeve's hem: parallel to its opening, a little up the sleeve.
  const [sx, sy] = t.sleeveOut;
  const [ix, iy] = t.sleeveIn;
  const ux = t.shoulder[0] - sx;
  const uy = t.shoulder[1] - sy;
  const ul = Math.hypot(ux, uy) || 1;
  const cuff = (d: number): Ring => [
    [sx + (ux / ul) * d, sy + (uy / ul) * d],
    [ix + (ux / ul) * d * 0.8, iy + (uy / ul) * d * 0.8],
  ];
  const hemLine = (d: number): Ring => [
    [1000 - hx + 8, hy - d],
    [1000 - hx + 80, hy - d + 5, 430, hy - d + 7, 500, hy - d + 7],
    [570, hy - d + 7, hx - 80, hy - d + 5, hx - 8, hy - d],
  ];
  return [
    // The neckline's edge lies over the inside of the back: a soft step, then the collar rib's stitch.
    fold(neckLine(t, neckY, 0, v), back ? 0.05 : 0.08, 8, 6),
    seam(neckLine(t, neckY, 16, v), 0.3),
    ...(back ? [] : [seam(neckLine(t, t.neckBackY, 14), 0.16)]),
    ...foldPair(
      [
        [t.shoulder[0] - 8, t.shoulder[1] + 6],
        [ax + 4, ay - 4],
      ],
      0.2,
      3,
      1.2,
    ),
    // Sleeve hems and the bottom hem: twin-needle stitches.
    ...foldPair(cuff(24), 0.22, 3, 1.2),
    ...foldPair(cuff(30), 0.16, 3, 1.2),
    seam(hemLine(24), 0.22),
    seam(hemLine(30), 0.16),
    ...foldPair(
      [
        [ax - 14, ay + 30],
        [ax - 60, ay + 90, ax - 110, ay + 150, 560, ay + 210],
      ],
      0.1,
      16,
      10,
    ),
    ...foldPair(
      [
        [hx - 60, hy - 150],
        [hx - 70, hy - 90, hx - 90, hy - 50, hx - 110, hy - 8],
      ],
      0.08,
      14,
      9,
    ),
    fold(
      [
        [470, hy - 120],
        [480, hy - 80, 470, hy - 40, 478, hy - 6],
      ],
      0.07,
      12,
      8,
    ),
  ];
}

interface PrintBox {
  w: number;
  h: number;
  y: number;
}

function teeViews(t: TeeShape, front: PrintBox, back: PrintBox): ViewDrawing[] {
  const outline = teeRing(t);
  const view = (id: 'front' | 'back', box: PrintBox): ViewDrawing => ({
    id,
    name: id === 'front' ? 'Front' : 'Back',
    // Cloth never lies ruler-straight: the same gentle waves on both views (one garment).
    body: [organicRing(outline, outline.length + t.hem[1], 1.8)],
    folds: teeFolds(t, id === 'back'),
    ...(id === 'front' ? { tones: [{ shape: [neckOpening(t)], opacity: 0.05, blur: 16 }] } : {}),
    prints: [
      {
        flatId: id,
        placement: { kind: 'bezier', points: bezierBox({ x: 500 - box.w / 2, y: box.y, w: box.w, h: box.h }, { bulge: 6, sag: 5 }) },
      },
    ],
  });
  return [view('front', front), view('back', back)];
}

/** A tee's cuts (archetypes/models.ts): neckline depth, width and shape, sleeve length, hem width. */
const TEE_CUTS: readonly { neck: number; halfW: number; sleeve: number; vNeck: boolean; hem: number }[] = [
  { neck: 0, halfW: 0, sleeve: 1, vNeck: false, hem: 0 },
  { neck: 12, halfW: 10, sleeve: 0.86, vNeck: false, hem: -6 },
  { neck: 26, halfW: -4, sleeve: 1, vNeck: true, hem: 8 },
  { neck: -6, halfW: -8, sleeve: 1.14, vNeck: false, hem: 14 },
  { neck: 4, halfW: 6, sleeve: 0.93, vNeck: false, hem: -10 },
];

/** Tee titles that name a neckline show that cut (TEE_CUTS: 0 crew, 1 scoop, 2 V). */
const TEE_NECKS: Readonly<Record<string, number>> = { 'Crew Neck': 0, 'Scoop Neck': 1, 'V-Neck': 2 };

function teeModels(t: TeeShape, front: PrintBox, back: PrintBox): (model: number) => ViewDrawing[] {
  return (model) => {
    const cut = TEE_CUTS[model % TEE_CUTS.length] ?? TEE_CUTS[0]!;
    const along = (from: Pt, to: Pt, k: number): Pt => [from[0] + (to[0] - from[0]) * k, from[1] + (to[1] - from[1]) * k];
    const shape: TeeShape = {
      ...t,
      neckFrontY: t.neckFrontY + cut.neck,
      neckHalfW: t.neckHalfW + cut.halfW,
      sleeveOut: along(t.shoulder, t.sleeveOut, cut.sleeve),
      sleeveIn: along(t.armpit, t.sleeveIn, cut.sleeve),
      hem: [t.hem[0] + cut.hem, t.hem[1]],
      vNeck: cut.vNeck,
    };
    // A deeper neckline takes the print down with it, so the print never reaches the collar.
    const drop = Math.max(0, cut.neck + (cut.vNeck ? 8 : 0));
    return teeViews(shape, { ...front, y: front.y + drop }, back);
  };
}

const unisexTee: TeeShape = {
  neckFrontY: 215,
  neckBackY: 178,
  neckTopY: 150,
  neckHalfW: 78,
  shoulder: [708, 178],
  sleeveOut: [862, 350],
  sleeveIn: [772, 412],
  armpit: [702, 350],
  hem: [708, 835],
};
const womensTee: TeeShape = {
  neckFrontY: 228,
  neckBackY: 182,
  neckTopY: 152,
  neckHalfW: 84,
  shoulder: [680, 180],
  sleeveOut: [800, 300],
  sleeveIn: [742, 352],
  armpit: [676, 334],
  waist: [650, 560],
  hem: [680, 850],
};
const kidsTee: TeeShape = {
  neckFrontY: 232,
  neckBackY: 196,
  neckTopY: 170,
  neckHalfW: 80,
  shoulder: [705, 196],
  sleeveOut: [850, 360],
  sleeveIn: [765, 420],
  armpit: [700, 362],
  hem: [705, 800],
};

const teeFeatures = [
  'Pre-shrunk fabric keeps its fit wash after wash.',
  'Side-seamed construction with a tear-away label.',
  'Printed direct-to-garment with water-based inks that stay soft to the touch.',
  'Shoulder-to-shoulder taping for durability.',
  'Ribbed collar that holds its shape.',
];

export const womensTeeArchetype: Archetype = {
  key: 'womens-tee',
  name: "Women's T-Shirt",
  noun: "Women's T-Shirt",
  category: 'womens-clothing',
  subcategory: 't-shirt',
  customType: 3,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 11, heightIn: 15, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 11, heightIn: 15, followsColor: 1 },
  ],
  views: teeViews(womensTee, { w: 220, h: 300, y: 262 }, { w: 220, h: 300, y: 235 }),
  modelViews: teeModels(womensTee, { w: 220, h: 300, y: 262 }, { w: 220, h: 300, y: 235 }),
  modelStyles: TEE_NECKS,
  colors: GARMENT_COLORS,
  sizes: ADULT_SIZES.slice(0, 7),
  materials: COTTON,
  cost: [899, 1499],
  weightGrams: 150,
  styles: ['Crew Neck', 'V-Neck', 'Fitted', 'Relaxed', 'Cropped', 'Boyfriend', 'Scoop Neck', 'Ringer'],
  features: teeFeatures,
  properties: { Fit: 'Slim fit', Fabric: '145 g/m²', 'Print Method': 'DTG' },
};

export const mensTeeArchetype: Archetype = {
  key: 'mens-tee',
  name: "Men's T-Shirt",
  noun: "Men's T-Shirt",
  category: 'mens-clothing',
  subcategory: 't-shirt',
  customType: 3,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 12, heightIn: 16, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 12, heightIn: 16, followsColor: 1 },
  ],
  views: teeViews(unisexTee, { w: 240, h: 320, y: 248 }, { w: 240, h: 320, y: 225 }),
  modelViews: teeModels(unisexTee, { w: 240, h: 320, y: 248 }, { w: 240, h: 320, y: 225 }),
  modelStyles: TEE_NECKS,
  colors: GARMENT_COLORS,
  sizes: ADULT_SIZES,
  materials: COTTON,
  cost: [799, 1399],
  weightGrams: 180,
  styles: ['Classic', 'Heavyweight', 'Oversized', 'Pocket', 'Longline', 'Vintage Wash', 'Performance', 'Slim Fit'],
  features: teeFeatures,
  properties: { Fit: 'Regular fit', Fabric: '180 g/m²', 'Print Method': 'DTG' },
};

export const kidsTeeArchetype: Archetype = {
  key: 'kids-tee',
  name: 'Kids T-Shirt',
  noun: 'Kids T-Shirt',
  category: 'kids-baby',
  subcategory: 'kids-t-shirt',
  customType: 3,
  is3d: true,
  gift: true,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 9, heightIn: 11, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 9, heightIn: 11, followsColor: 1 },
  ],
  views: teeViews(kidsTee, { w: 228, h: 279, y: 270 }, { w: 228, h: 279, y: 250 }),
  modelViews: teeModels(kidsTee, { w: 228, h: 279, y: 270 }, { w: 228, h: 279, y: 250 }),
  modelStyles: TEE_NECKS,
  colors: SOFT_COLORS,
  sizes: KIDS_SIZES,
  materials: COTTON.slice(0, 3),
  cost: [699, 1099],
  weightGrams: 110,
  styles: ['Playtime', 'Classic', 'Everyday', 'Soft Touch', 'Birthday', 'School Day'],
  features: ['Tagless neck label for comfort.', 'Soft combed cotton that is gentle on young skin.', ...teeFeatures.slice(0, 2)],
  properties: { Fit: 'Kids fit', Fabric: '150 g/m²', 'Print Method': 'DTG' },
};

// --- Tank top ---------------------------------------------------------------------------------

function tankRing(back: boolean): Ring {
  const neck = back ? 215 : 268;
  return symmetric(500, [
    [500, neck],
    [562, neck, 602, 205, 610, 140],
    [652, 140],
    [660, 250, 682, 330, 708, 378],
    [714, 520, 712, 700, 712, 860],
    [640, 866, 570, 868, 500, 868],
  ]);
}

function tankView(id: 'front' | 'back'): ViewDrawing {
  return {
    id,
    name: id === 'front' ? 'Front' : 'Back',
    body: [tankRing(id === 'back')],
    folds: [
      seam(
        [
          [1000 - 700, 375],
          [1000 - 676, 320, 1000 - 656, 240, 1000 - 650, 150],
        ],
        0.2,
      ),
      seam(
        [
          [700, 375],
          [676, 320, 656, 240, 650, 150],
        ],
        0.2,
      ),
      seam(
        [
          [296, 836],
          [704, 836],
        ],
        0.2,
      ),
      ...foldPair(
        [
          [690, 420],
          [650, 500, 610, 560, 570, 600],
        ],
        0.09,
        16,
        10,
      ),
    ],
    prints: [
      {
        flatId: id,
        placement: { kind: 'bezier', points: bezierBox({ x: 400, y: id === 'front' ? 320 : 280, w: 200, h: 280 }, { bulge: 5, sag: 4 }) },
      },
    ],
  };
}

export const tankTopArchetype: Archetype = {
  key: 'tank-top',
  name: 'Tank Top',
  noun: 'Tank Top',
  category: 'mens-clothing',
  subcategory: 'tank-top',
  customType: 3,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 10, heightIn: 14, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 10, heightIn: 14, followsColor: 1 },
  ],
  views: [tankView('front'), tankView('back')],
  colors: GARMENT_COLORS.slice(0, 14),
  sizes: ADULT_SIZES.slice(1, 8),
  materials: COTTON,
  cost: [799, 1299],
  weightGrams: 120,
  styles: ['Muscle', 'Racerback', 'Gym', 'Classic', 'Beach', 'Lightweight', 'Drop Armhole'],
  features: [
    'Breathable lightweight jersey for workouts and summer days.',
    'Wide armholes for free movement.',
    'Double-needle stitched hem.',
  ],
  properties: { Fit: 'Athletic fit', Fabric: '140 g/m²', 'Print Method': 'DTG' },
};

// --- Hoodies ----------------------------------------------------------------------------------

function hoodieRing(back: boolean): Ring {
  return symmetric(500, [
    [500, back ? 70 : 55],
    [592, back ? 70 : 55, 652, 112, 656, 192],
    [722, 212],
    [846, 560],
    [880, 722],
    [800, 738],
    [792, 662],
    [704, 384],
    [710, 600, 708, 760, 704, 812],
    [700, 872],
    [630, 876, 570, 878, 500, 878],
  ]);
}

const hoodOpening: Ring = symmetric(500, [
  [500, 104],
  [560, 104, 592, 168, 586, 232],
  [576, 282, 540, 306, 500, 312],
]);

function hoodieFolds(back: boolean): ViewDrawing['folds'] {
  const folds = [
    seam(
      [
        [296, 818],
        [704, 818],
      ],
      0.24,
    ),
    ...foldPair(
      [
        [720, 222],
        [704, 384],
      ],
      0.2,
      3,
      1.2,
    ),
    seam(
      [
        [796, 668],
        [878, 654],
      ],
      0.22,
    ),
    seam(
      [
        [1000 - 796, 668],
        [1000 - 878, 654],
      ],
      0.22,
    ),
    ...foldPair(
      [
        [770, 420],
        [790, 470, 800, 520, 820, 580],
      ],
      0.1,
      16,
      10,
    ),
    ...foldPair(
      [
        [690, 420],
        [650, 480, 610, 520, 560, 560],
      ],
      0.09,
      16,
      10,
    ),
  ];
  if (back)
    return [
      ...folds,
      seam(
        [
          [340, 214],
          [420, 200, 580, 200, 660, 214],
        ],
        0.2,
      ),
      fold(
        [
          [500, 80],
          [500, 200],
        ],
        0.08,
        10,
        8,
      ),
    ];
  return [
    ...folds,
    seam(hoodOpening, 0.3),
    // Kangaroo pocket.
    seam(
      [
        [380, 600],
        [620, 600],
      ],
      0.24,
    ),
    seam(
      [
        [380, 600],
        [345, 800],
      ],
      0.24,
    ),
    seam(
      [
        [620, 600],
        [655, 800],
      ],
      0.24,
    ),
    seam(
      [
        [345, 800],
        [655, 800],
      ],
      0.2,
    ),
    fold(
      [
        [380, 604],
        [372, 660, 360, 740, 350, 796],
      ],
      0.14,
      10,
      5,
    ),
    fold(
      [
        [620, 604],
        [628, 660, 640, 740, 650, 796],
      ],
      0.14,
      10,
      5,
    ),
  ];
}

function drawstrings(): NonNullable<ViewDrawing['ornaments']> {
  const cord = (x: number): Ring => [
    [x - 5, 300],
    [x + 5, 300],
    [x + 1, 470],
    [x - 9, 470],
  ];
  const tip = (x: number): Ring => [
    [x - 10, 462],
    [x + 2, 462],
    [x + 1, 496],
    [x - 11, 496],
  ];
  return [
    { shape: [cord(470), cord(535)], fill: '#F4F4F2', stroke: '#C9C9C6', strokeWidth: 1.5 },
    { shape: [tip(470), tip(535)], fill: '#9A9A9E' },
  ];
}

/**
 * Rib knit on the waistband and cuffs: fine vertical grooves across the band (each a faint crisp
 * seam), and the band's own seam where it meets the body; the cuffs' grooves run along the sleeve.
 */
function ribs(): Fold[] {
  const out: Fold[] = [];
  for (let x = 304; x <= 696; x += 9)
    out.push(
      seam(
        [
          [x, 824],
          [x + (x - 500) * 0.01, 870],
        ],
        0.1,
      ),
    );
  for (const side of [1, -1]) {
    const cx = (x: number) => (side === 1 ? x : 1000 - x);
    out.push(
      seam(
        [
          [cx(866), 666],
          [cx(793), 676],
        ],
        0.24,
      ),
    );
    for (let t = 0.08; t < 1; t += 0.12) {
      const x0 = 866 + (793 - 866) * t;
      const y0 = 666 + (676 - 666) * t;
      const x1 = 880 + (800 - 880) * t;
      const y1 = 720 + (736 - 720) * t;
      out.push(
        seam(
          [
            [cx(x0), y0],
            [cx(x1), y1],
          ],
          0.08,
        ),
      );
    }
  }
  return out;
}

function hoodieViews(zip: boolean): ViewDrawing[] {
  const front: ViewDrawing = {
    id: 'front',
    name: 'Front',
    body: [organicRing(hoodieRing(false), 7, 2.2)],
    folds: [...(hoodieFolds(false) ?? []), ...ribs()],
    // The hood's inside: shaded, darker at its top, with a rim seam round the opening.
    tones: [
      { shape: [hoodOpening], opacity: 0.07, blur: 1.2 },
      { shape: [ellipse(500, 165, 55, 45)], opacity: 0.09, blur: 16 },
    ],
    ornaments: zip
      ? [
          {
            shape: [
              [
                [496, 312],
                [504, 312],
                [504, 872],
                [496, 872],
              ],
            ],
            fill: '#B9BBBF',
            stroke: '#8E9095',
            strokeWidth: 1,
          },
          {
            shape: [
              [
                [492, 318],
                [508, 318],
                [507, 372],
                [493, 372],
              ],
            ],
            fill: '#A2A4A8',
          },
          ...drawstrings(),
        ]
      : drawstrings(),
    prints: zip
      ? [{ flatId: 'front', placement: { kind: 'bezier', points: bezierBox({ x: 300, y: 205, w: 400, h: 665 }, { bulge: 6, sag: 4 }) } }]
      : [{ flatId: 'front', placement: { kind: 'bezier', points: bezierBox({ x: 380, y: 340, w: 240, h: 200 }, { bulge: 5, sag: 4 }) } }],
  };
  const back: ViewDrawing = {
    id: 'back',
    name: 'Back',
    body: [organicRing(hoodieRing(true), 7, 2.2)],
    folds: [...(hoodieFolds(true) ?? []), ...ribs()],
    prints: [
      { flatId: 'back', placement: { kind: 'bezier', points: bezierBox({ x: 380, y: 280, w: 240, h: 320 }, { bulge: 6, sag: 5 }) } },
    ],
  };
  return [front, back];
}

const hoodieFeatures = [
  'Brushed fleece inside for warmth without weight.',
  'Double-lined hood with matching drawcords.',
  'Ribbed cuffs and waistband hold their shape.',
  'Roomy front pocket.',
];

export const hoodieArchetype: Archetype = {
  key: 'hoodie',
  name: 'Pullover Hoodie',
  noun: 'Hoodie',
  category: 'mens-clothing',
  subcategory: 'hoodie-jacket',
  customType: 3,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 12, heightIn: 10, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 12, heightIn: 16, followsColor: 1 },
  ],
  views: hoodieViews(false),
  colors: GARMENT_COLORS,
  sizes: ADULT_SIZES.slice(1),
  materials: [
    { name: 'Cotton Blend', cents: 0 },
    { name: 'Heavy Fleece', cents: 400 },
    { name: 'Organic Cotton', cents: 500 },
  ],
  cost: [1999, 2999],
  weightGrams: 520,
  styles: ['Classic', 'Heavyweight', 'Oversized', 'Fleece', 'Street', 'Cozy', 'Midweight', 'Garment-Dyed'],
  features: hoodieFeatures,
  properties: { Fit: 'Regular fit', Fabric: '320 g/m² fleece', 'Print Method': 'DTG' },
};

export const zipHoodieArchetype: Archetype = {
  key: 'zip-hoodie',
  name: 'All-Over Print Zip Hoodie',
  noun: 'Zip Hoodie',
  category: 'mens-clothing',
  subcategory: 'hoodie-jacket',
  customType: 2,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'front', name: 'Front Panel', widthIn: 24, heightIn: 30, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 12, heightIn: 16, followsColor: 1 },
  ],
  views: hoodieViews(true),
  colors: GARMENT_COLORS.slice(0, 12),
  sizes: ADULT_SIZES.slice(1),
  materials: POLY,
  cost: [2599, 3599],
  weightGrams: 560,
  styles: ['All-Over Print', 'Full Zip', 'Lightweight', 'Sport', 'Bomber Style', 'Travel'],
  features: ['Printed edge to edge by sublimation: colours never crack or fade.', 'Metal full-length zip.', ...hoodieFeatures.slice(1)],
  properties: { Fit: 'Regular fit', Fabric: '280 g/m² polyester fleece', 'Print Method': 'Sublimation' },
};

// --- Swimsuit, dress, leggings ------------------------------------------------------------------

function swimsuitRing(back: boolean): Ring {
  return symmetric(500, [
    [500, back ? 520 : 330],
    back ? [560, 520, 592, 330, 586, 150] : [545, 330, 575, 250, 575, 150],
    [612, 150],
    [618, 260, 655, 330, 655, 400],
    [655, 480, 615, 520, 612, 580],
    [612, 650, 650, 690, 662, 722],
    [620, 800, 560, 850, 540, 882],
    [500, 882],
  ]);
}

function swimsuitView(id: 'front' | 'back'): ViewDrawing {
  const body = swimsuitRing(id === 'back');
  return {
    id,
    name: id === 'front' ? 'Front' : 'Back',
    body: [body],
    folds: [
      ...foldPair(
        [
          [640, 420],
          [610, 470, 590, 520, 560, 560],
        ],
        0.1,
        14,
        9,
      ),
      fold(
        [
          [500, id === 'front' ? 360 : 560],
          [505, 600, 496, 700, 500, 820],
        ],
        0.06,
        18,
        12,
      ),
    ],
    prints: [
      {
        flatId: id,
        placement: { kind: 'bezier', points: bezierBox({ x: 336, y: 148, w: 328, h: 736 }, { bulge: 8, sag: 3 }) },
        clip: [body],
      },
    ],
  };
}

export const swimsuitArchetype: Archetype = {
  key: 'swimsuit',
  name: 'One-Piece Swimsuit',
  noun: 'Swimsuit',
  category: 'womens-clothing',
  subcategory: 'swimsuit',
  customType: 2,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 14, heightIn: 28, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 14, heightIn: 28, followsColor: 1 },
  ],
  views: [swimsuitView('front'), swimsuitView('back')],
  colors: SOFT_COLORS,
  sizes: ADULT_SIZES.slice(0, 7),
  materials: [
    { name: 'Nylon Spandex', cents: 0 },
    { name: 'Recycled Nylon', cents: 300 },
  ],
  cost: [1799, 2599],
  weightGrams: 160,
  styles: ['Classic', 'High-Cut', 'Scoop Back', 'Sporty', 'Tropical', 'Retro', 'Low Back'],
  features: ['Four-way stretch fabric with UPF 50+ protection.', 'Chlorine-resistant print that keeps its colour.', 'Fully lined front.'],
  properties: { Fabric: '82% polyester, 18% spandex', 'Print Method': 'Sublimation' },
  shipFrom: [5, 3, 2],
};

function dressRing(): Ring {
  return symmetric(500, [
    [500, 215],
    [550, 215, 580, 170, 585, 130],
    [640, 130],
    [640, 230, 655, 290, 670, 320],
    [660, 380, 630, 420, 628, 450],
    [680, 560, 770, 760, 800, 880],
    [700, 905, 600, 895, 500, 905],
  ]);
}

function dressView(id: 'front' | 'back'): ViewDrawing {
  const body = dressRing();
  return {
    id,
    name: id === 'front' ? 'Front' : 'Back',
    body: [body],
    folds: [
      seam(
        [
          [372, 450],
          [500, 458],
          [628, 450],
        ],
        0.22,
      ),
      ...foldPair(
        [
          [580, 480],
          [600, 600, 640, 720, 660, 880],
        ],
        0.1,
        18,
        10,
      ),
      ...foldPair(
        [
          [530, 480],
          [540, 620, 550, 760, 560, 890],
        ],
        0.07,
        16,
        10,
      ),
    ],
    prints: [
      {
        flatId: id,
        placement: { kind: 'bezier', points: bezierBox({ x: 196, y: 128, w: 608, h: 780 }, { taper: -0.55, bulge: 4, sag: 4 }) },
        clip: [body],
      },
    ],
  };
}

export const dressArchetype: Archetype = {
  key: 'dress',
  name: 'Skater Dress',
  noun: 'Dress',
  category: 'womens-clothing',
  subcategory: 'dress',
  customType: 2,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 22, heightIn: 36, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 22, heightIn: 36, followsColor: 1 },
  ],
  views: [dressView('front'), dressView('back')],
  colors: SOFT_COLORS,
  sizes: ADULT_SIZES.slice(0, 7),
  materials: POLY,
  cost: [1999, 2899],
  weightGrams: 260,
  styles: ['Skater', 'A-Line', 'Sleeveless', 'Midi', 'Sundress', 'Party', 'Flowy'],
  features: [
    'Fitted bodice with a flared skirt that twirls.',
    'Soft stretch fabric with a smooth drape.',
    'Printed edge to edge by sublimation.',
  ],
  properties: { Fabric: '95% polyester, 5% spandex', 'Print Method': 'Sublimation' },
};

function leggingsRing(): Ring {
  return symmetric(500, [
    [500, 100],
    [670, 100],
    [676, 150],
    [700, 260, 700, 420, 690, 520],
    [650, 700],
    [630, 850, 628, 900, 625, 925],
    [535, 925],
    [535, 700, 520, 520, 500, 440],
  ]);
}

function leggingsView(id: 'front' | 'back'): ViewDrawing {
  const body = leggingsRing();
  return {
    id,
    name: id === 'front' ? 'Front' : 'Back',
    body: [body],
    folds: [
      seam(
        [
          [326, 150],
          [674, 150],
        ],
        0.26,
      ),
      ...foldPair(
        [
          [580, 680],
          [600, 690, 620, 692, 640, 690],
        ],
        0.12,
        8,
        5,
      ),
      ...foldPair(
        [
          [560, 860],
          [580, 866, 600, 866, 620, 862],
        ],
        0.1,
        8,
        5,
      ),
      ...foldPair(
        [
          [520, 470],
          [535, 600, 545, 750, 560, 920],
        ],
        0.07,
        14,
        8,
      ),
    ],
    prints: [
      {
        flatId: id,
        placement: { kind: 'bezier', points: bezierBox({ x: 296, y: 100, w: 408, h: 828 }, { taper: 0.25, bulge: 4 }) },
        clip: [body],
      },
    ],
  };
}

export const leggingsArchetype: Archetype = {
  key: 'leggings',
  name: 'High-Waist Leggings',
  noun: 'Leggings',
  category: 'womens-clothing',
  subcategory: 'leggings',
  customType: 2,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 18, heightIn: 38, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 18, heightIn: 38, followsColor: 1 },
  ],
  views: [leggingsView('front'), leggingsView('back')],
  colors: SOFT_COLORS,
  sizes: ADULT_SIZES.slice(0, 7),
  materials: [
    { name: 'Polyester Spandex', cents: 0 },
    { name: 'Brushed Peach Skin', cents: 200 },
  ],
  cost: [1599, 2399],
  weightGrams: 220,
  styles: ['High-Waist', 'Yoga', 'Capri', 'Sport', 'Squat-Proof', 'Everyday', 'Pocket'],
  features: ['Wide high-rise waistband that stays put.', 'Squat-proof four-way stretch fabric.', 'Flatlock seams against chafing.'],
  properties: { Fabric: '88% polyester, 12% spandex', 'Print Method': 'Sublimation' },
};

// --- Baby bodysuit, apron ------------------------------------------------------------------------

function bodysuitRing(back: boolean): Ring {
  return symmetric(500, [
    [500, back ? 180 : 212],
    [545, back ? 180 : 212, 575, 182, 585, 150],
    [650, 168],
    [760, 266],
    [714, 322],
    [656, 300],
    [666, 420, 666, 560, 656, 622],
    [640, 722, 590, 790, 546, 820],
    [500, 826],
  ]);
}

function bodysuitView(id: 'front' | 'back'): ViewDrawing {
  return {
    id,
    name: id === 'front' ? 'Front' : 'Back',
    body: [bodysuitRing(id === 'back')],
    folds: [
      ...foldPair(
        [
          [648, 172],
          [656, 298],
        ],
        0.2,
        3,
        1.2,
      ),
      ...foldPair(
        [
          [640, 340],
          [610, 400, 580, 440, 540, 470],
        ],
        0.08,
        14,
        9,
      ),
      seam(
        [
          [456, 806],
          [500, 812],
          [544, 806],
        ],
        0.2,
      ),
    ],
    ornaments:
      id === 'front'
        ? [
            {
              shape: [ellipse(470, 808, 7, 7), ellipse(500, 811, 7, 7), ellipse(530, 808, 7, 7)],
              fill: '#D9D9DB',
              stroke: '#A9A9AD',
              strokeWidth: 1.5,
            },
          ]
        : [],
    prints: [
      {
        flatId: id,
        placement: { kind: 'bezier', points: bezierBox({ x: 418, y: id === 'front' ? 262 : 240, w: 164, h: 187 }, { bulge: 4, sag: 3 }) },
      },
    ],
  };
}

export const babyBodysuitArchetype: Archetype = {
  key: 'baby-bodysuit',
  name: 'Baby Bodysuit',
  noun: 'Baby Bodysuit',
  category: 'kids-baby',
  subcategory: 'baby-bodysuit',
  customType: 3,
  is3d: true,
  gift: true,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 7, heightIn: 8, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 7, heightIn: 8, followsColor: 1 },
  ],
  views: [bodysuitView('front'), bodysuitView('back')],
  colors: ['white', 'pink', 'sky', 'mint', 'yellow', 'lavender', 'heather-grey', 'black'],
  sizes: BABY_SIZES,
  materials: [
    { name: '100% Cotton', cents: 0 },
    { name: 'Organic Cotton', cents: 200 },
  ],
  cost: [799, 1199],
  weightGrams: 70,
  styles: ['Newborn', 'Short Sleeve', 'First Birthday', 'Cuddly', 'Baby Shower', 'Classic'],
  features: ['Envelope neckline slips on easily.', 'Three-snap closure for quick changes.', 'Soft ring-spun cotton, gentle on baby skin.'],
  properties: { Fabric: '100% combed cotton, 200 g/m²', 'Print Method': 'DTG' },
};

function apronShape(): Ring[] {
  const body = symmetric(500, [
    [500, 200],
    [610, 200],
    [615, 300, 640, 380, 690, 428],
    [700, 452],
    [706, 880],
    [500, 886],
  ]);
  const neckStrap: Ring = [
    [395, 205],
    [400, 80, 600, 80, 605, 205],
    [585, 205],
    [580, 102, 420, 102, 415, 205],
  ];
  const tieRight: Ring = [
    [695, 430],
    [862, 452],
    [856, 474],
    [697, 458],
  ];
  const tieLeft: Ring = solid([
    [305, 430],
    [303, 458],
    [144, 474],
    [138, 452],
  ]);
  return [body, neckStrap, tieRight, tieLeft];
}

export const apronArchetype: Archetype = {
  key: 'apron',
  name: 'Kitchen Apron',
  noun: 'Apron',
  category: 'home-deco',
  subcategory: 'kitchen',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 20, heightIn: 28, followsColor: 1 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      body: apronShape(),
      folds: [
        seam(
          [
            [300, 452],
            [700, 452],
          ],
          0.2,
        ),
        seam(
          [
            [370, 640],
            [630, 640],
          ],
          0.22,
        ),
        seam(
          [
            [500, 640],
            [500, 780],
          ],
          0.22,
        ),
        seam(
          [
            [370, 640],
            [370, 780],
            [630, 780],
            [630, 640],
          ],
          0.22,
        ),
        ...foldPair(
          [
            [560, 470],
            [575, 600, 590, 760, 600, 880],
          ],
          0.08,
          16,
          10,
        ),
      ],
      prints: [
        {
          flatId: 'front',
          placement: { kind: 'bezier', points: bezierBox({ x: 300, y: 200, w: 400, h: 682 }, { taper: -0.3, bulge: 3 }) },
          clip: [apronShape()[0] as Ring],
        },
      ],
    },
  ],
  colors: ['white', 'black', 'natural', 'red', 'navy', 'forest', 'charcoal'],
  sizes: null,
  materials: [
    { name: 'Polyester Twill', cents: 0 },
    { name: 'Cotton Canvas', cents: 300 },
  ],
  cost: [1199, 1899],
  weightGrams: 200,
  styles: ['Kitchen', 'BBQ', 'Baker', 'Chef', 'Garden', 'Craft'],
  features: [
    'Adjustable neck strap and long waist ties.',
    'Front pocket split in two for tools.',
    'Machine washable, colours stay bright.',
  ],
  properties: { Size: '24 x 28 in', 'Print Method': 'Sublimation' },
};
