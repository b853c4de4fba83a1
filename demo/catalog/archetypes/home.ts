/** Home deco: drinkware (cylinder wraps), pillows and blankets (Bezier warps). */
import { ellipse, roundRect, solid, symmetric, type Ring } from '../art/path';
import { HARD_GOODS_COLORS } from '../art/palette';
import { fold, seam } from './common';
import { mirrorShape, patchOutline, pillowPatch } from './geometry';
import type { Archetype, ViewDrawing } from './types';

// --- Mug -----------------------------------------------------------------------------------------

const mugBody: Ring = symmetric(500, [
  [500, 208],
  [610, 208, 700, 226, 700, 250],
  [700, 800],
  [700, 823, 610, 842, 500, 842],
]);
const mugHandle: Ring = solid([
  [690, 340],
  [860, 330, 870, 660, 690, 680],
  [690, 630],
  [810, 615, 805, 395, 690, 392],
]);

/** Other handles for the mug's models (archetypes/models.ts): a squarer D, a small ear, a tall loop. */
const MUG_HANDLES: readonly { ring: Ring; top: number; bottom: number }[] = [
  { ring: mugHandle, top: 345, bottom: 675 },
  {
    ring: solid([
      [690, 330],
      [800, 325, 838, 340, 838, 420],
      [838, 600],
      [838, 680, 800, 692, 690, 692],
      [690, 642],
      [778, 642, 792, 632, 792, 590],
      [792, 432],
      [792, 392, 778, 382, 690, 382],
    ]),
    top: 335,
    bottom: 687,
  },
  {
    ring: solid([
      [690, 380],
      [806, 372, 812, 604, 690, 612],
      [690, 566],
      [768, 558, 768, 430, 690, 424],
    ]),
    top: 385,
    bottom: 607,
  },
  {
    ring: solid([
      [690, 296],
      [826, 296, 836, 706, 690, 724],
      [690, 682],
      [790, 668, 782, 346, 690, 340],
    ]),
    top: 301,
    bottom: 719,
  },
];

/** The mug's model views: each model its own handle (model 0 the C-handle). */
export function mugModelViews(model: number): ViewDrawing[] {
  const handle = MUG_HANDLES[model % MUG_HANDLES.length] ?? MUG_HANDLES[0]!;
  return [mugView('left', handle), mugView('right', handle)];
}

function mugView(id: 'left' | 'right', handle = MUG_HANDLES[0]!): ViewDrawing {
  const view: ViewDrawing = {
    id,
    name: id === 'left' ? 'Left Side' : 'Right Side',
    body: [mugBody, handle.ring],
    folds: [
      fold(
        [
          [700, handle.top],
          [700, handle.bottom],
        ],
        0.16,
        10,
        5,
      ),
    ],
    ornaments: [
      { shape: [ellipse(500, 250, 190, 36)], fill: '#F2F2F2', stroke: '#D4D4D4', strokeWidth: 3 },
      { shape: [ellipse(500, 258, 176, 26)], fill: '#E4E4E4', opacity: 0.7 },
    ],
    prints: [
      {
        flatId: id,
        placement: {
          kind: 'cylinder',
          cx: 500,
          radiusTop: 200,
          radiusBottom: 200,
          topY: 320,
          bottomY: 740,
          ellipseTop: 40,
          ellipseBottom: 42,
          arc: 140,
        },
      },
    ],
  };
  if (id === 'left') return view;
  return {
    ...view,
    body: mirrorShape(view.body),
    folds: (view.folds ?? []).map((f) => ({ ...f, path: mirrorShape([f.path])[0] ?? f.path })),
  };
}

export const mugArchetype: Archetype = {
  key: 'mug',
  name: 'Ceramic Mug',
  noun: 'Mug',
  category: 'home-deco',
  subcategory: 'drinkware',
  customType: 5,
  is3d: true,
  gift: true,
  flats: [
    { flatId: 'left', name: 'Left Side', widthIn: 4, heightIn: 3.5, followsColor: 1 },
    { flatId: 'right', name: 'Right Side', widthIn: 4, heightIn: 3.5, followsColor: 1 },
  ],
  views: [mugView('left'), mugView('right')],
  modelViews: mugModelViews,
  colors: HARD_GOODS_COLORS,
  sizes: [
    { name: '11 oz', cents: 0 },
    { name: '15 oz', cents: 250 },
  ],
  materials: [
    { name: 'Glossy Ceramic', cents: 0 },
    { name: 'Matte Ceramic', cents: 150 },
  ],
  cost: [599, 999],
  weightGrams: 350,
  styles: ['Coffee', 'Classic', 'Glossy', 'Morning', 'Office', 'Tea', 'Jumbo'],
  features: ['Dishwasher and microwave safe.', 'Printed by sublimation into the glaze: it will not peel or fade.', 'Comfortable C-handle.'],
  properties: { Capacity: '11 oz / 15 oz', 'Print Method': 'Sublimation' },
  shipFrom: [5, 3, 2],
};

// --- Tumbler ------------------------------------------------------------------------------------

const tumblerBody: Ring = symmetric(500, [
  [500, 232],
  [690, 232],
  [652, 860],
  [652, 880, 580, 892, 500, 892],
]);

export const tumblerArchetype: Archetype = {
  key: 'tumbler',
  name: 'Skinny Tumbler',
  noun: 'Tumbler',
  category: 'home-deco',
  subcategory: 'drinkware',
  customType: 5,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'wrap', name: 'Wrap', widthIn: 9.3, heightIn: 8.2, followsColor: 1 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      body: [tumblerBody],
      ornaments: [
        { shape: [roundRect(296, 150, 408, 92, 22)], fill: '#CDCFD3', stroke: '#A3A6AB', strokeWidth: 3 },
        {
          shape: [
            [
              [300, 226],
              [700, 226],
              [700, 238],
              [300, 238],
            ],
          ],
          fill: '#9C9FA4',
        },
        { shape: [roundRect(556, 30, 24, 124, 8)], fill: '#2F3034' },
      ],
      prints: [
        {
          flatId: 'wrap',
          placement: {
            kind: 'cylinder',
            cx: 500,
            radiusTop: 186,
            radiusBottom: 150,
            topY: 270,
            bottomY: 840,
            ellipseTop: 28,
            ellipseBottom: 24,
            arc: 360,
          },
        },
      ],
    },
  ],
  colors: ['white', 'black', 'pink', 'sky', 'mint', 'lavender', 'red'],
  sizes: [
    { name: '20 oz', cents: 0 },
    { name: '30 oz', cents: 400 },
  ],
  materials: [{ name: 'Stainless Steel', cents: 0 }],
  cost: [1499, 2299],
  weightGrams: 380,
  styles: ['Skinny', 'Insulated', 'Travel', 'Straw', 'Glitter', 'Everyday'],
  features: [
    'Double-wall vacuum insulation keeps drinks cold for 24 h and hot for 12 h.',
    'Press-in lid with a reusable straw.',
    'Printed all around by sublimation.',
  ],
  properties: { Capacity: '20 oz / 30 oz', 'Print Method': 'Sublimation' },
};

// --- Pillow, blanket -----------------------------------------------------------------------------

const pillowPoints = pillowPatch({ x: 190, y: 190, w: 620, h: 620 }, 26, 14);
const pillowRing = patchOutline(pillowPoints);

function pillowView(id: 'front' | 'back'): ViewDrawing {
  return {
    id,
    name: id === 'front' ? 'Front' : 'Back',
    body: [pillowRing],
    folds: [
      fold(
        [
          [196, 196],
          [240, 230, 270, 260, 300, 300],
        ],
        0.12,
        12,
        8,
      ),
      fold(
        [
          [804, 196],
          [760, 230, 730, 260, 700, 300],
        ],
        0.12,
        12,
        8,
      ),
      fold(
        [
          [196, 804],
          [240, 770, 270, 740, 300, 700],
        ],
        0.12,
        12,
        8,
      ),
      fold(
        [
          [804, 804],
          [760, 770, 730, 740, 700, 700],
        ],
        0.12,
        12,
        8,
      ),
    ],
    tones: [{ shape: [ellipse(560, 580, 260, 240)], opacity: 0.05, blur: 60 }],
    prints: [{ flatId: id, placement: { kind: 'bezier', points: pillowPoints } }],
  };
}

export const pillowArchetype: Archetype = {
  key: 'pillow',
  name: 'Throw Pillow',
  noun: 'Throw Pillow',
  category: 'home-deco',
  subcategory: 'pillow',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 18, heightIn: 18, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 18, heightIn: 18, followsColor: 1 },
  ],
  views: [pillowView('front'), pillowView('back')],
  colors: null,
  sizes: [
    { name: '14 x 14 in', cents: 0 },
    { name: '16 x 16 in', cents: 200 },
    { name: '18 x 18 in', cents: 400 },
    { name: '20 x 20 in', cents: 600 },
  ],
  materials: [
    { name: 'Linen', cents: 0 },
    { name: 'Velvet', cents: 300 },
    { name: 'Canvas', cents: 100 },
  ],
  materialOptionName: 'Fabric',
  cost: [1099, 1799],
  weightGrams: 450,
  styles: ['Throw', 'Sofa', 'Decorative', 'Square', 'Cozy', 'Accent', 'Outdoor'],
  features: ['Concealed zip; insert included.', 'Printed on both sides by sublimation.', 'Soft fabric with a subtle texture.'],
  properties: { Insert: 'Polyester fibre', 'Print Method': 'Sublimation' },
};

const blanketRing: Ring = [
  [150, 110],
  [500, 100],
  [850, 110],
  [870, 400, 850, 700, 870, 880],
  [760, 910, 640, 860, 500, 890],
  [360, 920, 240, 870, 130, 890],
  [150, 700, 130, 400, 150, 110],
];

export const blanketArchetype: Archetype = {
  key: 'blanket',
  name: 'Fleece Blanket',
  noun: 'Blanket',
  category: 'home-deco',
  subcategory: 'blanket',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 50, heightIn: 60, followsColor: 1 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      body: [blanketRing],
      folds: [
        ...[300, 480, 660].map((x) =>
          fold(
            [
              [x, 140],
              [x + 20, 400, x - 20, 650, x + 10, 880],
            ],
            0.09,
            26,
            16,
          ),
        ),
        seam(
          [
            [160, 130],
            [840, 130],
          ],
          0.12,
        ),
      ],
      prints: [
        {
          flatId: 'front',
          placement: {
            kind: 'bezier',
            points: [
              [150, 105],
              [383, 98],
              [617, 98],
              [850, 105],
              [142, 370],
              [385, 372],
              [615, 372],
              [862, 370],
              [140, 640],
              [380, 645],
              [620, 640],
              [862, 640],
              [130, 890],
              [360, 900],
              [640, 872],
              [870, 885],
            ],
          },
          clip: [blanketRing],
        },
      ],
    },
  ],
  colors: null,
  sizes: [
    { name: '30 x 40 in', cents: 0 },
    { name: '50 x 60 in', cents: 900 },
    { name: '60 x 80 in', cents: 1800 },
  ],
  materials: [
    { name: 'Fleece', cents: 0 },
    { name: 'Sherpa', cents: 800 },
    { name: 'Minky', cents: 500 },
  ],
  materialOptionName: 'Fabric',
  cost: [2499, 3999],
  weightGrams: 900,
  styles: ['Fleece', 'Sherpa', 'Throw', 'Cozy', 'Couch', 'Picnic', 'Baby'],
  features: ['Ultra-soft plush that stays soft after washing.', 'Printed edge to edge by sublimation.', 'Hemmed edges that will not fray.'],
  properties: { 'Print Method': 'Sublimation' },
};
