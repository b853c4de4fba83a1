/** Shoes and socks, hats, bags and pet supplies. */
import { ellipse, roundRect, symmetric, type Pt, type Ring } from '../art/path';
import { HARD_GOODS_COLORS, SOFT_COLORS } from '../art/palette';
import { SHOE_SIZES, fold, foldPair, seam } from './common';
import { bezierBox, mirrorPoints, mirrorShape, organicRing } from './geometry';
import type { Archetype, Ornament, ViewDrawing } from './types';

// --- Socks ---------------------------------------------------------------------------------------

const sockRing: Ring = [
  [378, 70],
  [578, 70],
  [574, 520],
  [600, 590, 700, 610, 800, 640],
  [880, 665, 905, 720, 870, 770],
  [840, 800, 700, 800, 520, 798],
  [430, 796, 372, 760, 368, 660],
];

const sockPoints: Pt[] = [
  [375, 70],
  [442, 70],
  [510, 70],
  [578, 70],
  [375, 300],
  [442, 300],
  [510, 300],
  [576, 320],
  [368, 560],
  [450, 580],
  [560, 600],
  [700, 600],
  [420, 805],
  [560, 812],
  [720, 806],
  [905, 730],
];

export const socksArchetype: Archetype = {
  key: 'socks',
  name: 'Crew Socks',
  noun: 'Socks',
  category: 'shoes-socks',
  subcategory: 'socks',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'sock', name: 'Sock', widthIn: 8, heightIn: 20, followsColor: 1 }],
  views: [
    {
      id: 'side',
      name: 'Side',
      body: [sockRing],
      folds: [
        seam(
          [
            [380, 140],
            [576, 140],
          ],
          0.22,
        ),
        ...[100, 115, 130].map((y) =>
          fold(
            [
              [382, y],
              [574, y],
            ],
            0.08,
            4,
            2,
          ),
        ),
        fold(
          [
            [380, 640],
            [420, 700, 480, 740, 560, 760],
          ],
          0.1,
          18,
          12,
        ),
        fold(
          [
            [790, 660],
            [830, 700, 840, 740, 830, 790],
          ],
          0.08,
          14,
          10,
        ),
      ],
      tones: [{ shape: [ellipse(420, 720, 70, 70)], opacity: 0.08, blur: 20 }],
      prints: [{ flatId: 'sock', placement: { kind: 'bezier', points: sockPoints }, clip: [sockRing] }],
    },
  ],
  colors: SOFT_COLORS.slice(0, 8),
  colorOptionName: 'Color',
  sizes: [
    { name: 'S', cents: 0 },
    { name: 'M', cents: 0 },
    { name: 'L', cents: 0 },
  ],
  materials: [
    { name: 'Polyester Cushion', cents: 0 },
    { name: 'Cotton Blend', cents: 150 },
  ],
  cost: [599, 999],
  weightGrams: 60,
  styles: ['Crew', 'Athletic', 'Fun', 'Cushioned', 'Novelty', 'Everyday', 'Holiday'],
  features: [
    'Cushioned sole and ribbed cuff that stays up.',
    'Printed all over by sublimation: the design stretches without cracking.',
    'Reinforced heel and toe.',
  ],
  properties: { Fabric: '95% polyester, 5% spandex', 'Print Method': 'Sublimation' },
};

// --- Sneaker -------------------------------------------------------------------------------------

const upperRing: Ring = [
  [182, 420],
  [230, 448, 270, 470, 300, 470],
  [380, 400, 440, 340, 470, 330],
  [520, 332],
  [600, 420, 650, 480, 700, 520],
  [800, 560, 880, 600, 895, 690],
  [130, 700],
  [112, 640, 120, 520, 182, 420],
];
const soleShape: Ring[] = [
  [
    [118, 690],
    [900, 684],
    [915, 720, 902, 756, 860, 780],
    [150, 792],
    [118, 780, 104, 740, 118, 690],
  ],
];
const upperPoints: Pt[] = [
  [150, 400],
  [320, 420],
  [470, 320],
  [560, 330],
  [130, 520],
  [350, 520],
  [560, 470],
  [720, 520],
  [125, 620],
  [380, 620],
  [620, 600],
  [860, 600],
  [125, 700],
  [400, 700],
  [660, 700],
  [900, 690],
];

function laces(): Ornament[] {
  const bars: Ring[] = [];
  for (let i = 0; i < 5; i += 1) {
    const x = 485 + i * 42;
    const y = 352 + i * 34;
    bars.push([
      [x - 26, y - 6],
      [x + 30, y + 18],
      [x + 26, y + 26],
      [x - 30, y + 2],
    ]);
  }
  return [
    { shape: soleShape, fill: '#F7F7F5', stroke: '#C8C8C4', strokeWidth: 2 },
    {
      shape: [
        [
          [120, 728],
          [908, 722],
          [906, 734],
          [120, 740],
        ],
      ],
      fill: '#2B2B2E',
    },
    { shape: bars, fill: '#FAFAF8', stroke: '#B5B5B0', strokeWidth: 1.5 },
  ];
}

function sneakerView(id: 'outer' | 'inner'): ViewDrawing {
  const outer: ViewDrawing = {
    id,
    name: id === 'outer' ? 'Outer Side' : 'Inner Side',
    body: [upperRing],
    folds: [
      seam(
        [
          [300, 470],
          [340, 560, 420, 640, 470, 690],
        ],
        0.22,
      ),
      seam(
        [
          [700, 520],
          [720, 580, 760, 640, 800, 690],
        ],
        0.2,
      ),
      fold(
        [
          [200, 460],
          [190, 540, 200, 620, 220, 690],
        ],
        0.1,
        16,
        10,
      ),
    ],
    ornaments: laces(),
    prints: [{ flatId: id, placement: { kind: 'bezier', points: upperPoints }, clip: [upperRing] }],
  };
  if (id === 'outer') return outer;
  return {
    ...outer,
    body: mirrorShape(outer.body),
    folds: (outer.folds ?? []).map((f) => ({ ...f, path: mirrorShape([f.path])[0] ?? f.path })),
    ornaments: (outer.ornaments ?? []).map((o) => ({ ...o, shape: mirrorShape(o.shape) })),
    prints: [{ flatId: id, placement: { kind: 'bezier', points: mirrorPoints(upperPoints) }, clip: mirrorShape([upperRing]) }],
  };
}

export const sneakerArchetype: Archetype = {
  key: 'sneaker',
  name: 'Low-Top Canvas Sneaker',
  noun: 'Sneakers',
  category: 'shoes-socks',
  subcategory: 'sports-shoes',
  customType: 2,
  is3d: true,
  gift: false,
  flats: [
    { flatId: 'outer', name: 'Outer Side', widthIn: 12, heightIn: 5, followsColor: 1 },
    { flatId: 'inner', name: 'Inner Side', widthIn: 12, heightIn: 5, followsColor: 1 },
  ],
  views: [sneakerView('outer'), sneakerView('inner')],
  colors: ['white', 'black', 'navy', 'red', 'heather-grey', 'pink', 'sky'],
  sizes: SHOE_SIZES,
  materials: [
    { name: 'Canvas', cents: 0 },
    { name: 'Knit Mesh', cents: 500 },
  ],
  cost: [2999, 4499],
  weightGrams: 700,
  styles: ['Low-Top', 'Running', 'Canvas', 'Court', 'Lightweight', 'Skate', 'Walking'],
  features: ['Rubber outsole with a grippy tread.', 'Cushioned insole for all-day wear.', 'Breathable upper printed by sublimation.'],
  properties: { Upper: 'Canvas / mesh', Sole: 'Rubber', 'Print Method': 'Sublimation' },
  shipFrom: [6, 3, 1],
};

// --- Slippers ------------------------------------------------------------------------------------

function slipperParts(cx: number): { sole: Ring; strap: Ring; points: Pt[] } {
  const sole = roundRect(cx - 125, 90, 250, 820, 120);
  const strap: Ring = [
    [cx - 140, 270],
    [cx - 60, 240, cx + 60, 240, cx + 140, 270],
    [cx + 142, 520],
    [cx + 60, 545, cx - 60, 545, cx - 142, 520],
  ];
  const points = bezierBox({ x: cx - 140, y: 258, w: 280, h: 270 }, { sag: 12, bulge: 4 });
  return { sole, strap, points };
}

const slipperL = slipperParts(345);
const slipperR = slipperParts(655);

export const slipperArchetype: Archetype = {
  key: 'slipper',
  name: 'Slide Slippers',
  noun: 'Slippers',
  category: 'shoes-socks',
  subcategory: 'slippers',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'strap', name: 'Strap', widthIn: 8, heightIn: 3.5, followsColor: 1 }],
  views: [
    {
      // Slides are moulded in one colour: soles and straps are all body. The edge falloff of each
      // ring already draws the strap's edges across the sole, so no extra folds are needed.
      id: 'top',
      name: 'Top',
      body: [slipperL.sole, slipperL.strap, slipperR.sole, slipperR.strap],
      prints: [
        { flatId: 'strap', placement: { kind: 'bezier', points: slipperL.points }, clip: [slipperL.strap] },
        { flatId: 'strap', placement: { kind: 'bezier', points: slipperR.points }, clip: [slipperR.strap] },
      ],
    },
  ],
  colors: ['white', 'black', 'pink', 'sky', 'mint', 'lavender'],
  sizes: [
    { name: 'US 5-6', cents: 0 },
    { name: 'US 7-8', cents: 0 },
    { name: 'US 9-10', cents: 0 },
    { name: 'US 11-12', cents: 150 },
  ],
  materials: [
    { name: 'EVA Foam', cents: 0 },
    { name: 'Plush Lined', cents: 300 },
  ],
  cost: [1299, 1999],
  weightGrams: 300,
  styles: ['Slide', 'Beach', 'Pool', 'House', 'Cloud', 'Summer'],
  features: ['Soft EVA footbed with a textured grip.', 'Wide strap printed edge to edge.', 'Water-friendly and quick to dry.'],
  properties: { Sole: 'EVA', 'Print Method': 'Sublimation' },
};

// --- Hats ----------------------------------------------------------------------------------------

const capCrown: Ring = symmetric(500, [
  [500, 170],
  [640, 170, 800, 250, 800, 560],
  [500, 560],
]);
const capBrim: Ring = symmetric(500, [
  [500, 540],
  [700, 540, 850, 545, 850, 575],
  [830, 690, 640, 720, 500, 720],
]);

export const capArchetype: Archetype = {
  key: 'baseball-cap',
  name: 'All-Over Print Baseball Cap',
  noun: 'Baseball Cap',
  category: 'fully-printing-hat',
  subcategory: 'baseball-cap',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [
    { flatId: 'front', name: 'Front Panels', widthIn: 10, heightIn: 5, followsColor: 1 },
    { flatId: 'brim', name: 'Brim', widthIn: 8, heightIn: 3, followsColor: 1 },
  ],
  views: [
    {
      id: 'front',
      name: 'Front',
      body: [capCrown, capBrim],
      folds: [
        seam(
          [
            [500, 176],
            [500, 540],
          ],
          0.24,
        ),
        seam(
          [
            [500, 176],
            [400, 220, 330, 380, 320, 548],
          ],
          0.18,
        ),
        seam(
          [
            [500, 176],
            [600, 220, 670, 380, 680, 548],
          ],
          0.18,
        ),
        fold(
          [
            [160, 580],
            [300, 600, 700, 600, 840, 580],
          ],
          0.1,
          10,
          6,
        ),
      ],
      tones: [{ shape: [capBrim], opacity: 0.03, blur: 10 }],
      ornaments: [{ shape: [ellipse(500, 174, 18, 10)], fill: '#E9E9E9', stroke: '#BDBDBD', strokeWidth: 2 }],
      prints: [
        {
          flatId: 'front',
          placement: { kind: 'bezier', points: bezierBox({ x: 280, y: 250, w: 440, h: 300 }, { arch: 60, bulge: 10, taper: 0.2 }) },
          clip: [capCrown],
        },
        {
          flatId: 'brim',
          placement: { kind: 'bezier', points: bezierBox({ x: 160, y: 540, w: 680, h: 170 }, { sag: 20, taper: 0.1 }) },
          clip: [capBrim],
        },
      ],
    },
  ],
  colors: HARD_GOODS_COLORS.slice(0, 8),
  colorOptionName: 'Color',
  sizes: null,
  materials: [
    { name: 'Polyester Twill', cents: 0 },
    { name: 'Mesh Back', cents: 150 },
  ],
  cost: [1199, 1699],
  weightGrams: 110,
  styles: ['Baseball', 'Snapback', 'Dad Hat', 'Sport', 'Trucker', 'Classic'],
  features: ['Adjustable snap closure fits most heads.', 'Structured six-panel crown.', 'Printed panels and brim by sublimation.'],
  properties: { Size: 'One size (56-60 cm)', 'Print Method': 'Sublimation' },
};

const bucketCrown: Ring = symmetric(500, [
  [500, 250],
  [600, 250, 660, 260, 670, 300],
  [700, 600],
  [500, 600],
]);
const bucketBrim: Ring = symmetric(500, [
  [500, 560],
  [700, 566],
  [760, 600, 830, 650, 860, 720],
  [720, 770, 600, 780, 500, 780],
]);

export const bucketHatArchetype: Archetype = {
  key: 'bucket-hat',
  name: 'Bucket Hat',
  noun: 'Bucket Hat',
  category: 'fully-printing-hat',
  subcategory: 'bucket-hat',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [
    { flatId: 'crown', name: 'Crown', widthIn: 11, heightIn: 4.5, followsColor: 1 },
    { flatId: 'brim', name: 'Brim', widthIn: 14, heightIn: 3, followsColor: 1 },
  ],
  views: [
    {
      id: 'front',
      name: 'Front',
      body: [bucketCrown, bucketBrim],
      folds: [
        seam(
          [
            [305, 585],
            [695, 585],
          ],
          0.24,
        ),
        ...[640, 680, 720].map((y) =>
          seam(
            [
              [1000 - (700 + (y - 600) * 1.6), y],
              [500, y + 20 + (y - 600) * 0.3],
              [700 + (y - 600) * 1.6, y],
            ],
            0.14,
          ),
        ),
      ],
      prints: [
        {
          flatId: 'crown',
          placement: { kind: 'bezier', points: bezierBox({ x: 300, y: 250, w: 400, h: 330 }, { taper: -0.15, bulge: 6 }) },
          clip: [bucketCrown],
        },
        {
          flatId: 'brim',
          placement: { kind: 'bezier', points: bezierBox({ x: 140, y: 560, w: 720, h: 220 }, { taper: -0.4, sag: 30 }) },
          clip: [bucketBrim],
        },
      ],
    },
  ],
  colors: HARD_GOODS_COLORS.slice(0, 8),
  sizes: [
    { name: 'S/M', cents: 0 },
    { name: 'L/XL', cents: 0 },
  ],
  materials: [
    { name: 'Polyester', cents: 0 },
    { name: 'Cotton Twill', cents: 200 },
  ],
  cost: [1099, 1599],
  weightGrams: 90,
  styles: ['Bucket', 'Festival', 'Fishing', 'Reversible', 'Summer', 'Retro'],
  features: ['Soft unstructured crown.', 'Stitched brim that holds its shape.', 'Printed all over by sublimation.'],
  properties: { 'Print Method': 'Sublimation' },
};

// --- Bags ----------------------------------------------------------------------------------------

const toteBody: Ring = [
  [232, 330],
  [768, 330],
  [778, 900],
  [222, 900],
];
const toteHandle: Ring = [
  [312, 336],
  [312, 110, 688, 110, 688, 336],
  [648, 336],
  [648, 160, 352, 160, 352, 336],
];

function toteView(id: 'front' | 'back'): ViewDrawing {
  return {
    id,
    name: id === 'front' ? 'Front' : 'Back',
    // Canvas edges are never ruler-straight; the handles' box stitches hold them on.
    body: [organicRing(toteBody, 3, 1.6), toteHandle],
    folds: [
      seam(
        [
          [236, 370],
          [764, 370],
        ],
        0.16,
      ),
      ...[312, 648].flatMap((x) => [
        seam(
          [
            [x + 4, 378],
            [x + 36, 378],
            [x + 36, 410],
            [x + 4, 410],
            [x + 4, 378],
          ],
          0.22,
        ),
        seam(
          [
            [x + 4, 378],
            [x + 36, 410],
          ],
          0.18,
        ),
        seam(
          [
            [x + 36, 378],
            [x + 4, 410],
          ],
          0.18,
        ),
      ]),
      seam(
        [
          [312 + 6, 336],
          [314, 130, 686, 130, 688 - 6, 336],
        ],
        0.14,
      ),
      seam(
        [
          [236, 360],
          [764, 360],
        ],
        0.22,
      ),
      fold(
        [
          [300, 380],
          [320, 520, 300, 700, 330, 880],
        ],
        0.06,
        20,
        14,
      ),
      fold(
        [
          [680, 400],
          [700, 560, 690, 740, 720, 890],
        ],
        0.07,
        20,
        14,
      ),
    ],
    tones: [
      {
        shape: [
          [
            [312, 336],
            [352, 336],
            [352, 360],
            [312, 360],
          ],
          [
            [648, 336],
            [688, 336],
            [688, 360],
            [648, 360],
          ],
        ],
        opacity: 0.1,
        blur: 4,
      },
    ],
    prints: [{ flatId: id, placement: { kind: 'bezier', points: bezierBox({ x: 290, y: 400, w: 420, h: 460 }, { bulge: 4, sag: 3 }) } }],
  };
}

export const toteBagArchetype: Archetype = {
  key: 'tote-bag',
  name: 'Canvas Tote Bag',
  noun: 'Tote Bag',
  category: 'bags',
  subcategory: 'tote-bag',
  customType: 3,
  is3d: true,
  gift: true,
  flats: [
    { flatId: 'front', name: 'Front', widthIn: 14, heightIn: 16, followsColor: 1 },
    { flatId: 'back', name: 'Back', widthIn: 14, heightIn: 16, followsColor: 1 },
  ],
  views: [toteView('front'), toteView('back')],
  colors: ['natural', 'white', 'black', 'navy', 'red', 'forest', 'sand'],
  sizes: [
    { name: '15 x 16 in', cents: 0 },
    { name: '18 x 18 in', cents: 200 },
  ],
  materials: [
    { name: 'Cotton Canvas', cents: 0 },
    { name: 'Heavy Canvas', cents: 250 },
  ],
  cost: [899, 1499],
  weightGrams: 180,
  styles: ['Everyday', 'Market', 'Book', 'Beach', 'Eco', 'Shopper', 'Heavy Duty'],
  features: [
    'Sturdy canvas with reinforced handle stitching.',
    'Roomy enough for a laptop and groceries.',
    'Reusable and machine washable.',
  ],
  properties: { Handles: '25 in drop', 'Print Method': 'DTG' },
};

const packBody: Ring = roundRect(262, 150, 476, 750, 130);
const packPocket: Ring = roundRect(320, 560, 360, 300, 70);

export const backpackArchetype: Archetype = {
  key: 'backpack',
  name: 'All-Over Print Backpack',
  noun: 'Backpack',
  category: 'bags',
  subcategory: 'backpack',
  customType: 2,
  is3d: true,
  gift: false,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 11, heightIn: 15, followsColor: 1 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      body: [packBody],
      folds: [
        seam(
          [
            [320, 620],
            [680, 620],
          ],
          0.2,
        ),
        seam(
          [
            [300, 250],
            [400, 190, 600, 190, 700, 250],
          ],
          0.22,
        ),
        fold(
          [
            [320, 860],
            [500, 872],
            [680, 860],
          ],
          0.14,
          14,
          8,
        ),
      ],
      tones: [{ shape: [packPocket], opacity: 0.05, blur: 10 }],
      ornaments: [
        {
          shape: [
            [
              [230, 240],
              [262, 250],
              [262, 820],
              [236, 830],
            ],
            [
              [770, 240],
              [738, 250],
              [738, 820],
              [764, 830],
            ],
          ],
          fill: '#2E2F33',
        },
        {
          shape: [
            [
              [440, 150],
              [440, 90, 560, 90, 560, 150],
              [540, 150],
              [540, 112, 460, 112, 460, 150],
            ],
          ],
          fill: '#2E2F33',
        },
        {
          shape: [
            [
              [298, 256],
              [398, 196, 602, 196, 702, 256],
              [700, 262],
              [600, 204, 400, 204, 300, 262],
            ],
            [
              [330, 622],
              [670, 622],
              [670, 628],
              [330, 628],
            ],
          ],
          fill: '#3A3B40',
        },
        { shape: [roundRect(688, 236, 16, 40, 6), roundRect(656, 612, 14, 36, 6)], fill: '#B7B9BD' },
      ],
      prints: [
        {
          flatId: 'front',
          placement: { kind: 'bezier', points: bezierBox({ x: 262, y: 150, w: 476, h: 750 }, { bulge: 12, sag: 6 }) },
          clip: [packBody],
        },
      ],
    },
  ],
  colors: ['black', 'white', 'navy', 'charcoal', 'pink', 'sky'],
  sizes: null,
  materials: [
    { name: 'Polyester', cents: 0 },
    { name: 'Water-Resistant Nylon', cents: 500 },
  ],
  cost: [2499, 3499],
  weightGrams: 650,
  styles: ['School', 'Travel', 'Laptop', 'Daypack', 'Commuter', 'Hiking'],
  features: ['Padded laptop sleeve fits up to 15.6 in.', 'Adjustable padded shoulder straps.', 'Front zip pocket for small things.'],
  properties: { Capacity: '20 L', 'Print Method': 'Sublimation' },
};

// --- Pet supplies --------------------------------------------------------------------------------

const bandanaRing: Ring = symmetric(500, [
  [500, 250],
  [900, 250],
  [880, 320],
  [762, 330],
  [650, 600, 560, 800, 500, 830],
]);

export const petBandanaArchetype: Archetype = {
  key: 'pet-bandana',
  name: 'Pet Bandana',
  noun: 'Pet Bandana',
  category: 'pet-supplies',
  subcategory: 'pet-bandana',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 20, heightIn: 10, followsColor: 1 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      body: [bandanaRing],
      folds: [
        seam(
          [
            [238, 320],
            [762, 320],
          ],
          0.2,
        ),
        ...foldPair(
          [
            [600, 340],
            [580, 480, 540, 640, 510, 800],
          ],
          0.08,
          14,
          10,
        ),
      ],
      prints: [
        {
          flatId: 'front',
          placement: { kind: 'bezier', points: bezierBox({ x: 236, y: 320, w: 528, h: 512 }, { taper: 1.6 }) },
          clip: [bandanaRing],
        },
      ],
    },
  ],
  colors: ['white', 'red', 'navy', 'black', 'pink', 'sky', 'yellow'],
  sizes: [
    { name: 'S', cents: 0 },
    { name: 'M', cents: 0 },
    { name: 'L', cents: 100 },
  ],
  materials: null,
  cost: [599, 999],
  weightGrams: 40,
  styles: ['Dog', 'Cat', 'Birthday', 'Holiday', 'Sporty', 'Classic'],
  features: ['Tie-on design fits most collars.', 'Soft polyester that will not irritate fur.', 'Printed on the front by sublimation.'],
  properties: { 'Print Method': 'Sublimation' },
};

const bedOuter: Ring = roundRect(130, 230, 740, 600, 220);
const bedCushion: Ring = roundRect(230, 330, 540, 420, 150);

export const petBedArchetype: Archetype = {
  key: 'pet-bed',
  name: 'Pet Bed',
  noun: 'Pet Bed',
  category: 'pet-supplies',
  subcategory: 'pet-bed',
  customType: 2,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'cushion', name: 'Cushion', widthIn: 28, heightIn: 20, followsColor: 1 }],
  views: [
    {
      id: 'top',
      name: 'Top',
      body: [bedOuter],
      folds: [
        seam(
          [
            [230, 540],
            [230, 430, 330, 330, 470, 330],
          ],
          0.1,
        ),
      ],
      tones: [{ shape: [bedCushion], opacity: 0.05, blur: 14 }],
      prints: [
        {
          flatId: 'cushion',
          placement: { kind: 'bezier', points: bezierBox({ x: 230, y: 330, w: 540, h: 420 }, { bulge: 10, sag: 8 }) },
          clip: [bedCushion],
        },
      ],
    },
  ],
  colors: ['heather-grey', 'white', 'charcoal', 'navy', 'pink', 'sand'],
  sizes: [
    { name: 'S (18 x 14 in)', cents: 0 },
    { name: 'M (28 x 20 in)', cents: 800 },
    { name: 'L (40 x 30 in)', cents: 1600 },
  ],
  materials: null,
  cost: [2499, 3499],
  weightGrams: 1200,
  styles: ['Cozy', 'Orthopedic', 'Calming', 'Plush', 'Travel', 'Lounge'],
  features: ['Raised rim for a sense of security.', 'Removable, machine-washable cover.', 'Non-slip bottom.'],
  properties: { Fill: 'Polyester fibre', 'Print Method': 'Sublimation' },
  shipFrom: [5, 2, 3],
};
