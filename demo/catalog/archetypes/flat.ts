/** Flat and wall products: posters (affine), canvas and framed prints (perspective), stationery, phone cases. */
import { ellipse, hole, mapShape, rect, roundRect, solid, type Box, type Ring, type Shape } from '../art/path';
import { bilinear, quadOf } from './geometry';
import type { Archetype, Ornament, ViewDrawing } from './types';

/** A shape in 0-1 units of the box: a flat's outline from its drawing. */
function normalized(box: Box, shape: Shape): Shape {
  return mapShape(shape, ([x, y]) => [(x - box.x) / box.w, (y - box.y) / box.h]);
}

// --- Poster --------------------------------------------------------------------------------------

const posterBox: Box = { x: 215, y: 120, w: 570, h: 760 };

export const posterArchetype: Archetype = {
  key: 'poster',
  name: 'Matte Poster',
  noun: 'Poster',
  category: 'home-deco',
  subcategory: 'wall-art',
  customType: 6,
  is3d: false,
  gift: true,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 18, heightIn: 24, followsColor: 0 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      backdrop: 'wall',
      body: [rect(posterBox.x, posterBox.y, posterBox.w, posterBox.h)],
      tones: [{ shape: [rect(posterBox.x, posterBox.y + posterBox.h - 60, posterBox.w, 60)], opacity: 0.05, blur: 20 }],
      prints: [{ flatId: 'front', placement: { kind: 'affine', box: posterBox } }],
    },
  ],
  colors: null,
  sizes: [
    { name: '12 x 16 in', cents: 0 },
    { name: '18 x 24 in', cents: 400 },
    { name: '24 x 32 in', cents: 900 },
  ],
  materials: [
    { name: 'Matte Paper', cents: 0 },
    { name: 'Glossy Paper', cents: 100 },
    { name: 'Fine Art Paper', cents: 600 },
  ],
  materialOptionName: 'Paper',
  cost: [699, 1299],
  weightGrams: 150,
  styles: ['Art', 'Minimalist', 'Vintage', 'Typography', 'Botanical', 'Abstract', 'Travel', 'Nursery'],
  features: ['Museum-grade 200 g/m² paper.', 'Printed with archival pigment inks.', 'Ships rolled in a sturdy tube.'],
  properties: { 'Paper Weight': '200 g/m² matte', 'Print Method': 'Giclee' },
  shipFrom: [5, 3, 2],
};

// --- Canvas --------------------------------------------------------------------------------------

const canvasFront: Box = { x: 204, y: 130, w: 592, h: 740 };
const canvasAngleFace: [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]] = [
  [250, 120],
  [700, 190],
  [700, 810],
  [250, 880],
];
// Turned with its right side away from the camera, the canvas shows its near (left) edge.
const canvasEdge: Ring = [
  [212, 126],
  [250, 120],
  [250, 880],
  [212, 874],
];

export const canvasArchetype: Archetype = {
  key: 'canvas',
  name: 'Stretched Canvas',
  noun: 'Canvas Print',
  category: 'home-deco',
  subcategory: 'wall-art',
  customType: 7,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 16, heightIn: 20, followsColor: 0 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      backdrop: 'wall',
      body: [rect(canvasFront.x, canvasFront.y, canvasFront.w, canvasFront.h)],
      prints: [{ flatId: 'front', placement: { kind: 'perspective', quad: quadOf(canvasFront) } }],
    },
    {
      id: 'angle',
      name: 'Angle',
      backdrop: 'wall',
      body: [canvasAngleFace.map(([x, y]): readonly [number, number] => [x, y]), canvasEdge],
      tones: [{ shape: [canvasEdge], opacity: 0.22, blur: 2 }],
      prints: [{ flatId: 'front', placement: { kind: 'perspective', quad: canvasAngleFace } }],
    },
  ],
  colors: null,
  sizes: [
    { name: '8 x 10 in', cents: 0 },
    { name: '12 x 16 in', cents: 700 },
    { name: '16 x 20 in', cents: 1400 },
    { name: '24 x 30 in', cents: 2600 },
  ],
  materials: [
    { name: '0.75 in Frame', cents: 0 },
    { name: '1.5 in Gallery Frame', cents: 800 },
  ],
  materialOptionName: 'Depth',
  cost: [1999, 3499],
  weightGrams: 800,
  styles: ['Gallery', 'Wall Art', 'Landscape', 'Abstract', 'Family Photo', 'Modern', 'Rustic'],
  features: ['Poly-cotton canvas stretched over solid pine bars.', 'Image wraps around the edges.', 'Arrives ready to hang.'],
  properties: { Canvas: '400 g/m² poly-cotton', 'Print Method': 'Giclee' },
};

// --- Framed print --------------------------------------------------------------------------------

const framePrint: Box = { x: 290, y: 220, w: 420, h: 560 };
const frameMat: Box = { x: 250, y: 180, w: 500, h: 640 };
const frameOuter: Box = { x: 216, y: 146, w: 568, h: 708 };
const frameAngle: [readonly [number, number], readonly [number, number], readonly [number, number], readonly [number, number]] = [
  [250, 130],
  [720, 205],
  [720, 795],
  [250, 870],
];

function framedView(id: 'front' | 'angle'): ViewDrawing {
  const map = id === 'front' ? ([x, y]: readonly [number, number]): readonly [number, number] => [x, y] : bilinear(frameOuter, frameAngle);
  const box = (b: Box): Ring => rect(b.x, b.y, b.w, b.h);
  const ring = (b: Box) => mapShape([box(b)], map)[0] ?? box(b);
  const frame: Shape = [solid(ring(frameOuter)), hole(ring(frameMat))];
  const mat: Ornament = { shape: [solid(ring(frameMat)), hole(ring(framePrint))], fill: '#F7F6F2', stroke: '#DEDCD5', strokeWidth: 2 };
  const paper: Ornament = { shape: [ring(framePrint)], fill: '#FFFFFF' };
  const printQuad = mapShape([box(framePrint)], map)[0] ?? box(framePrint);
  const corner = (i: number): readonly [number, number] => {
    const n = printQuad[i];
    if (!n || n.length !== 2) throw new Error('print quad corner missing');
    return [n[0], n[1]];
  };
  return {
    id,
    name: id === 'front' ? 'Front' : 'Angle',
    backdrop: 'wall',
    body: frame,
    // The mat lies over the print's edges (a part on top); the paper shows only where no print is.
    ornaments: [mat],
    underlays: [paper],
    prints: [{ flatId: 'front', placement: { kind: 'perspective', quad: [corner(0), corner(1), corner(2), corner(3)] } }],
  };
}

export const framedPrintArchetype: Archetype = {
  key: 'framed-print',
  name: 'Framed Art Print',
  noun: 'Framed Print',
  category: 'home-deco',
  subcategory: 'wall-art',
  customType: 7,
  is3d: true,
  gift: true,
  flats: [{ flatId: 'front', name: 'Print', widthIn: 12, heightIn: 16, followsColor: 0 }],
  views: [framedView('front'), framedView('angle')],
  colors: ['black', 'white', 'oak', 'walnut'],
  colorOptionName: 'Frame Color',
  sizes: [
    { name: '8 x 10 in', cents: 0 },
    { name: '12 x 16 in', cents: 900 },
    { name: '18 x 24 in', cents: 2200 },
  ],
  materials: null,
  cost: [2499, 3999],
  weightGrams: 1100,
  styles: ['Framed', 'Gallery', 'Minimal', 'Family', 'Wedding', 'Botanical', 'Quote'],
  features: ['Solid wood frame with a shatter-resistant acrylic front.', 'Acid-free mat board.', 'Hanging hardware included.'],
  properties: { Frame: 'Solid wood, 0.75 in', 'Print Method': 'Giclee' },
  shipFrom: [4, 3, 3],
};

// --- Phone case ----------------------------------------------------------------------------------

const caseBox: Box = { x: 305, y: 100, w: 390, h: 800 };
const caseRing = roundRect(caseBox.x, caseBox.y, caseBox.w, caseBox.h, 70);
const cameraRing = roundRect(335, 130, 150, 150, 40);

export const phoneCaseArchetype: Archetype = {
  key: 'phone-case',
  name: 'Tough Phone Case',
  noun: 'Phone Case',
  category: 'phone-cases',
  subcategory: 'iphone-case',
  customType: 6,
  is3d: false,
  gift: true,
  flats: [
    {
      flatId: 'back',
      name: 'Back',
      widthIn: 2.9,
      heightIn: 6,
      followsColor: 1,
      outline: normalized(caseBox, [caseRing, hole(cameraRing)]),
    },
  ],
  views: [
    {
      id: 'back',
      name: 'Back',
      body: [caseRing],
      ornaments: [
        { shape: [cameraRing], fill: '#26272B', stroke: '#55575D', strokeWidth: 3 },
        {
          shape: [ellipse(377, 172, 30, 30), ellipse(377, 240, 30, 30), ellipse(446, 206, 28, 28)],
          fill: '#0E0F12',
          stroke: '#6B6E75',
          strokeWidth: 4,
        },
        { shape: [ellipse(448, 150, 8, 8)], fill: '#F3E7C6' },
      ],
      prints: [{ flatId: 'back', placement: { kind: 'affine', box: caseBox }, clip: [caseRing, hole(cameraRing)] }],
    },
  ],
  colors: ['white', 'black', 'navy', 'pink'],
  colorOptionName: 'Case Color',
  sizes: [
    { name: 'iPhone 13', cents: 0 },
    { name: 'iPhone 14', cents: 0 },
    { name: 'iPhone 15', cents: 0 },
    { name: 'iPhone 15 Pro', cents: 0 },
    { name: 'iPhone 15 Pro Max', cents: 100 },
    { name: 'iPhone 16', cents: 100 },
    { name: 'iPhone 16 Pro Max', cents: 200 },
  ],
  sizeOptionName: 'Model',
  materials: [
    { name: 'Glossy', cents: 0 },
    { name: 'Matte', cents: 0 },
  ],
  materialOptionName: 'Finish',
  cost: [899, 1499],
  weightGrams: 40,
  styles: ['Tough', 'Slim', 'Glossy', 'Shockproof', 'Clear-Edge', 'Snap'],
  features: [
    'Dual-layer protection: a rubber liner in a hard shell.',
    'Raised bezel protects the screen and camera.',
    'Supports wireless charging.',
  ],
  properties: { 'Print Method': 'UV print' },
};

export const samsungCaseArchetype: Archetype = {
  ...phoneCaseArchetype,
  key: 'samsung-case',
  name: 'Slim Samsung Case',
  noun: 'Samsung Case',
  subcategory: 'samsung-case',
  sizes: [
    { name: 'Galaxy S23', cents: 0 },
    { name: 'Galaxy S24', cents: 0 },
    { name: 'Galaxy S24 Ultra', cents: 100 },
    { name: 'Galaxy A54', cents: 0 },
    { name: 'Galaxy S25', cents: 100 },
  ],
  styles: ['Slim', 'Tough', 'Matte', 'Minimal', 'Shockproof'],
};

// --- Notebook, mouse pad -------------------------------------------------------------------------

const bookBox: Box = { x: 250, y: 140, w: 500, h: 715 };
const bookRing = roundRect(bookBox.x, bookBox.y, bookBox.w, bookBox.h, 14);

function spiral(side: 'left' | 'right'): Ornament {
  const coils: Ring[] = [];
  for (let y = bookBox.y + 30; y < bookBox.y + bookBox.h - 20; y += 34) {
    const x = side === 'left' ? bookBox.x - 14 : bookBox.x + bookBox.w - 26;
    coils.push(roundRect(x, y, 40, 12, 6));
  }
  return { shape: coils, fill: '#B5B7BB', stroke: '#7E8085', strokeWidth: 1.5 };
}

function notebookView(id: 'front' | 'back'): ViewDrawing {
  return {
    id,
    name: id === 'front' ? 'Front Cover' : 'Back Cover',
    body: [bookRing],
    tones: [{ shape: [rect(bookBox.x + 6, bookBox.y + bookBox.h - 8, bookBox.w - 6, 10)], opacity: 0.2, blur: 3 }],
    ornaments: [spiral(id === 'front' ? 'left' : 'right')],
    prints: [{ flatId: id, placement: { kind: 'affine', box: bookBox }, clip: [bookRing] }],
  };
}

export const notebookArchetype: Archetype = {
  key: 'notebook',
  name: 'Spiral Notebook',
  noun: 'Notebook',
  category: 'stationery',
  subcategory: 'notebook',
  customType: 6,
  is3d: false,
  gift: true,
  flats: [
    { flatId: 'front', name: 'Front Cover', widthIn: 5.8, heightIn: 8.3, followsColor: 0 },
    { flatId: 'back', name: 'Back Cover', widthIn: 5.8, heightIn: 8.3, followsColor: 0 },
  ],
  views: [notebookView('front'), notebookView('back')],
  colors: null,
  sizes: [
    { name: 'A5', cents: 0 },
    { name: 'B5', cents: 200 },
  ],
  materials: [
    { name: 'Ruled', cents: 0 },
    { name: 'Dotted', cents: 0 },
    { name: 'Blank', cents: 0 },
  ],
  materialOptionName: 'Paper',
  cost: [699, 1099],
  weightGrams: 250,
  styles: ['Spiral', 'Journal', 'Planner', 'Sketch', 'School', 'Bullet'],
  features: ['118 pages of 90 g/m² paper.', 'Sturdy laminated covers printed front and back.', 'Metal spiral binding lies flat.'],
  properties: { Pages: '118', 'Print Method': 'Digital print' },
};

const padBox: Box = { x: 150, y: 207, w: 700, h: 586 };
const padRing = roundRect(padBox.x, padBox.y, padBox.w, padBox.h, 30);

export const mousePadArchetype: Archetype = {
  key: 'mouse-pad',
  name: 'Mouse Pad',
  noun: 'Mouse Pad',
  category: 'stationery',
  subcategory: 'mouse-pad',
  customType: 6,
  is3d: false,
  gift: true,
  flats: [{ flatId: 'front', name: 'Front', widthIn: 9.25, heightIn: 7.75, followsColor: 1 }],
  views: [
    {
      id: 'front',
      name: 'Front',
      body: [padRing],
      ornaments: [
        {
          shape: [roundRect(padBox.x + 5, padBox.y + 5, padBox.w - 10, padBox.h - 10, 26)],
          fill: 'none',
          stroke: '#3A3B3F',
          strokeWidth: 6,
        },
      ],
      prints: [{ flatId: 'front', placement: { kind: 'affine', box: padBox }, clip: [padRing] }],
    },
  ],
  colors: null,
  sizes: [
    { name: '9.25 x 7.75 in', cents: 0 },
    { name: 'XL 31.5 x 15.5 in', cents: 900 },
  ],
  materials: [
    { name: 'Stitched Edge', cents: 100 },
    { name: 'Plain Edge', cents: 0 },
  ],
  materialOptionName: 'Edge',
  cost: [599, 999],
  weightGrams: 180,
  styles: ['Gaming', 'Office', 'Desk', 'Minimal', 'Anti-Slip', 'Art'],
  features: ['Smooth polyester surface for precise tracking.', 'Non-slip natural rubber base.', 'Printed edge to edge.'],
  properties: { Thickness: '3 mm', 'Print Method': 'Sublimation' },
};
