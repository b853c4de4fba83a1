/**
 * Temporary tattoos: water-slide tattoo paper, printed mirrored and cut round the artwork
 * (contract/tattoo.ts; the print path reads `print`). The mockup is the tattoo on skin: an inner
 * forearm held upright, close up, cropped by the frame at the elbow and the wrist, rounded like a
 * limb (a wide dome over a narrow edge roll) with the fine grain and soft sheen of skin (the
 * 'poly' finish's look suits it: fine isotropic grain, a soft sheen, a little spark). The colours
 * are skin tones: the engine multiplies the tone over the lit grey arm as it does a garment
 * colour, so every tone keeps the arm's light. The print is ink (`ink`: multiplied into the lit
 * skin, paper white vanishing, no second shading) wrapped round the arm as a cylinder band. */
import type { Pt, Ring } from '../art/path';
import { TATTOO_CUT_OPTION, TATTOO_PRINT_DPI, TATTOO_PRINT_KIND, TATTOO_SIZE_OPTION } from '../../../contract/tattoo';
import type { Archetype, Placement, ViewDrawing } from './types';

/** Palette keys (art/palette.ts) of the skin tones a tattoo is shown on. */
export const SKIN_TONES = ['skin-fair', 'skin-light', 'skin-medium', 'skin-tan', 'skin-deep', 'skin-rich'] as const;

/**
 * The arm's half-width at heights down the frame: widest below the elbow where the forearm's
 * muscles are, narrowing to the wrist. Symmetric about x = 500, the barrel's axis (the form lights
 * each row as a half-round about it).
 */
const HALF_WIDTHS: readonly Pt[] = [
  [-12, 192],
  [140, 197],
  [260, 194],
  [400, 181],
  [560, 162],
  [720, 142],
  [870, 126],
  [1012, 121],
];
const AXIS = 500;
const THUMB_SIDE: readonly Pt[] = HALF_WIDTHS.map(([y, h]) => [AXIS - h, y]);
const PINKY_SIDE: readonly Pt[] = HALF_WIDTHS.map(([y, h]) => [AXIS + h, y]);

/** A smooth outline through the points (Catmull-Rom as cubics), from the first to the last. */
function through(points: readonly Pt[]): Ring {
  const out: Ring[number][] = [];
  const first = points[0];
  if (!first) return out;
  out.push(first);
  for (let i = 0; i < points.length - 1; i += 1) {
    const p0 = points[Math.max(0, i - 1)] as Pt;
    const p1 = points[i] as Pt;
    const p2 = points[i + 1] as Pt;
    const p3 = points[Math.min(points.length - 1, i + 2)] as Pt;
    out.push([
      p1[0] + (p2[0] - p0[0]) / 6,
      p1[1] + (p2[1] - p0[1]) / 6,
      p2[0] - (p3[0] - p1[0]) / 6,
      p2[1] - (p3[1] - p1[1]) / 6,
      p2[0],
      p2[1],
    ]);
  }
  return out;
}

/** The forearm, clockwise: across the top (outside the frame), down the little-finger side, back up the thumb side. */
const ARM: Ring = [...through(PINKY_SIDE), ...through([...THUMB_SIDE].reverse())];

/** The arm's half-width and centre at height y (linear between the outline's points). */
function armAt(y: number): { cx: number; half: number } {
  const xAt = (side: readonly Pt[]): number => {
    for (let i = 0; i < side.length - 1; i += 1) {
      const a = side[i] as Pt;
      const b = side[i + 1] as Pt;
      if (y >= a[1] && y <= b[1]) return a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]);
    }
    return (side[side.length - 1] as Pt)[0];
  };
  const left = xAt(THUMB_SIDE);
  const right = xAt(PINKY_SIDE);
  return { cx: (left + right) / 2, half: (right - left) / 2 };
}

/**
 * The tattoo wrapped round the arm between `topY` and `bottomY`, spanning `arc` degrees of it:
 * a band of the arm's own taper, seen straight on (no ellipse: the camera is level with it).
 */
function onArm(topY: number, bottomY: number, arc: number): Placement {
  const top = armAt(topY);
  const bottom = armAt(bottomY);
  // The arm is a little flatter than round: the radius that gives its width at this arc.
  return {
    kind: 'cylinder',
    cx: Math.round(((top.cx + bottom.cx) / 2) * 10) / 10,
    radiusTop: Math.round(top.half * 0.98),
    radiusBottom: Math.round(bottom.half * 0.98),
    topY,
    bottomY,
    ellipseTop: 6,
    ellipseBottom: 6,
    arc,
  };
}

function forearm(print: Placement): ViewDrawing {
  return {
    id: 'forearm',
    name: 'Forearm',
    body: [ARM],
    tones: [
      // The soft hollow between the forearm's muscles, running from beyond the elbow towards the
      // wrist's tendons; its ends lie outside the frame so it fades rather than stops.
      {
        shape: [
          [
            [452, -60],
            [500, 300, 530, 640, 536, 1060],
            [476, 1060],
            [478, 640, 452, 300, 400, -60],
          ],
        ],
        opacity: 0.035,
        blur: 60,
      },
      // The thumb side's muscle meets the wrist's bone: a long shallow dip.
      {
        shape: [
          [
            [352, 520],
            [380, 700, 400, 860, 404, 1060],
            [386, 1060],
            [372, 860, 350, 700, 336, 520],
          ],
        ],
        opacity: 0.04,
        blur: 36,
      },
    ],
    prints: [{ flatId: 'front', placement: print, ink: true }],
    finish: 'poly',
    // Rounded by a wide dome (the puff) rather than a deep edge roll: a roll also runs along the
    // frame's edges where the arm leaves the picture, and darkens its corners there.
    form: { kind: 'soft', edge: 26, puff: 70 },
  };
}

const TATTOO_FEATURES = [
  'Printed with skin-safe, cosmetic-grade inks on water-slide tattoo paper.',
  'Lasts 3 to 7 days; comes off with baby oil or rubbing alcohol.',
  'Apply with a damp cloth in 30 seconds: no needles, no commitment.',
  'Cut to the shape of the design, with a thin clear margin.',
  'Mirrored at print, so the design reads the right way on the skin.',
];

const CUT_LINES = [
  { name: '1.5 mm', cents: 0 },
  { name: '3 mm', cents: 0 },
];

const tattooBase = {
  category: 'stationery',
  subcategory: 'temporary-tattoo',
  customType: 6,
  is3d: true,
  gift: true,
  colors: SKIN_TONES,
  colorOptionName: 'Skin Tone',
  sizeOptionName: TATTOO_SIZE_OPTION,
  materials: CUT_LINES,
  materialOptionName: TATTOO_CUT_OPTION,
  weightGrams: 10,
  features: TATTOO_FEATURES,
  print: { kind: TATTOO_PRINT_KIND, cutOffsetMm: 1.5, dpi: TATTOO_PRINT_DPI },
  shipFrom: [6, 3, 1],
} as const satisfies Partial<Archetype>;

export const tattooArchetype: Archetype = {
  ...tattooBase,
  key: 'temporary-tattoo',
  name: 'Temporary Tattoo',
  noun: 'Temporary Tattoo',
  flats: [{ flatId: 'front', name: 'Tattoo', widthIn: 3, heightIn: 3, followsColor: 0 }],
  // The band's arc is its width over the arm's mean radius there: a square stays square on the arm.
  views: [forearm(onArm(330, 640, 110))],
  sizes: [
    { name: '2 x 2 in', cents: 0 },
    { name: '3 x 3 in', cents: 100 },
    { name: '4 x 4 in', cents: 200 },
  ],
  cost: [199, 399],
  styles: ['Tattoo', 'Flash', 'Line Art', 'Floral', 'Kids', 'Party', 'Logo', 'Festival'],
  properties: { Paper: 'Water-slide temporary tattoo paper', 'Print Method': 'Mirrored, kiss cut to the outline' },
};

export const tallTattooArchetype: Archetype = {
  ...tattooBase,
  key: 'tall-temporary-tattoo',
  name: 'Tall Temporary Tattoo',
  noun: 'Forearm Tattoo',
  flats: [{ flatId: 'front', name: 'Tattoo', widthIn: 2, heightIn: 3, followsColor: 0 }],
  views: [forearm(onArm(290, 760, 112))],
  sizes: [
    { name: '2 x 3 in', cents: 0 },
    { name: '3 x 4.5 in', cents: 150 },
    { name: '4 x 6 in', cents: 300 },
  ],
  cost: [249, 499],
  styles: ['Sleeve', 'Script', 'Botanical', 'Dagger', 'Snake', 'Tribal', 'Minimal'],
  properties: { Paper: 'Water-slide temporary tattoo paper', 'Print Method': 'Mirrored, kiss cut to the outline' },
};

export const TATTOO_ARCHETYPES: readonly Archetype[] = [tattooArchetype, tallTattooArchetype];
