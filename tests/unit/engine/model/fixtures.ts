import type { CustomTemplate, EngineProduct, Point, SkuDesign } from '../../../../engine/model/index.ts';

/** A 4x4 grid of points spanning a rectangle, row by row, as a Photoshop warp mesh lays them out. */
export function grid(rows: number, cols: number, x0 = 100, y0 = 100, w = 300, h = 300): Point[] {
  const points: Point[] = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) points.push({ x: x0 + (w * c) / (cols - 1), y: y0 + (h * r) / (rows - 1) });
  }
  return points;
}

/**
 * A template already in normalised form (so validation returns it unchanged), with one layer of
 * every warp kind: view 'front' has affine, perspective and a group holding a quilt warp and a
 * nested group; view 'back' starts with a bezier warp and has a cylinder.
 */
export function validTemplate(): CustomTemplate {
  return {
    customTemplateId: '501',
    flatList: [
      {
        flatId: 'front',
        flatImageUrl: '/flats/front.png',
        flatData: {
          img: 1,
          text: 1,
          edit: 1,
          color: '#FFFFFF',
          style: 'B953',
          styleList: ['s1'],
          width: 600,
          height: 700,
          flatWidth: 3000,
          flatHeight: 3500,
          customColor: 1,
          bg: 0,
          pageType: 'normal',
        },
        designList: [
          {
            type: 'text',
            flatId: 'front',
            localId: 'tpl-text-1',
            designId: null,
            left: 10,
            top: 20,
            width: 200,
            height: 50,
            angle: 0,
            scaleX: 1,
            scaleY: 1,
            flipX: false,
            flipY: false,
            originX: 'left',
            originY: 'top',
            text: 'Hello',
            fill: '#000000',
            fontSize: 40,
            textAlign: 'left',
            charSpacing: 0,
            fontFamily: 'Arial',
            stroke: null,
            strokeWidth: 1,
            shadow: null,
            textLines: ['Hello'],
          },
        ],
      },
      {
        flatId: 'back',
        flatImageUrl: '/flats/back.png',
        flatData: {
          img: 1,
          text: 0,
          edit: 0,
          color: '#112233',
          style: '',
          styleList: [],
          width: 600,
          height: 700,
          flatWidth: 3000,
          flatHeight: 3500,
          customColor: 0,
          bg: 1,
          pageType: 'normal',
        },
        designList: [],
      },
    ],
    viewList: [
      {
        viewId: 'v-front',
        viewData: {
          width: 1000,
          height: 1000,
          imageUrl: '/views/front.jpg',
          shadingUrl: '/views/front-shade.png',
          highlightUrl: null,
          layers: [
            {
              T: 'SmartObject',
              PS: null,
              OS: { w: 600, h: 700 },
              M: { kind: 'affine', matrix: [0.5, 0, 0, 0.5, 200, 150] },
              PPC: [
                { Type: 'M', X: 100, Y: 100 },
                { Type: 'L', X: 900, Y: 100 },
                { Type: 'C', X: 950, Y: 400 },
                { Type: 'C', X: 950, Y: 600 },
                { Type: 'C', X: 900, Y: 900 },
                { Type: 'L', X: 100, Y: 900 },
                { Type: 'Z', X: 0, Y: 0 },
              ],
              F: { kind: 'flat', flatId: 'front' },
              blend: 5,
              opacity: 0.9,
            },
            {
              T: 'SmartObject',
              PS: null,
              OS: { w: 600, h: 700 },
              M: {
                kind: 'perspective',
                quad: [100, 100, 500, 120, 480, 600, 120, 580],
                nonAffine: [101, 99, 501, 121, 479, 601, 119, 579],
              },
              PPC: null,
              F: { kind: 'image', url: '/views/label.png' },
              blend: 6,
              opacity: 1,
            },
            {
              T: 'Group',
              PPC: null,
              blend: 7,
              opacity: 1,
              CF: [
                {
                  T: 'SmartObject',
                  PS: {
                    kind: 'quilt',
                    rows: 7,
                    cols: 4,
                    points: grid(7, 4),
                    quiltSliceX: [0, 600],
                    quiltSliceY: [0, 350, 700],
                  },
                  OS: { w: 600, h: 700 },
                  M: { kind: 'quilt' },
                  PPC: null,
                  F: { kind: 'flat', flatId: 'front' },
                  blend: 1,
                  opacity: 0.5,
                },
                {
                  T: 'Group',
                  PPC: null,
                  blend: 5,
                  opacity: 0.9,
                  CF: [
                    {
                      T: 'SmartObject',
                      PS: { kind: 'custom', points: grid(4, 4) },
                      OS: { w: 600, h: 700 },
                      M: { kind: 'bezier' },
                      PPC: null,
                      F: { kind: 'flat', flatId: 'back' },
                      blend: 3,
                      opacity: 1,
                    },
                  ],
                },
              ],
            },
          ],
        },
        viewLargeImageUrl: '/views/front-large.jpg',
        viewCoverImageUrl: '/views/front-cover.jpg',
        partsList: [
          { partLargeImageUrl: '/parts/zip-large.png', imageUrl: '/parts/zip.png', shadow: 0, ornament: 1 },
          { partLargeImageUrl: null, imageUrl: '/parts/fold.png', shadow: 1, ornament: 0 },
        ],
      },
      {
        viewId: 'v-back',
        viewData: {
          width: 800,
          height: 800,
          imageUrl: '/views/back.jpg',
          shadingUrl: null,
          highlightUrl: '/views/back-hi.png',
          layers: [
            {
              T: 'SmartObject',
              PS: { kind: 'custom', points: grid(4, 4) },
              OS: { w: 600, h: 700 },
              M: { kind: 'bezier' },
              PPC: null,
              F: { kind: 'flat', flatId: 'back' },
              blend: 5,
              opacity: 0.9,
            },
            {
              T: 'SmartObject',
              PS: null,
              OS: { w: 600, h: 700 },
              M: { kind: 'cylinder', quad: [200, 200, 600, 200, 600, 500, 200, 500], bulgeTop: 12, bulgeBottom: 20, arc: 150 },
              PPC: null,
              F: { kind: 'flat', flatId: 'front' },
              blend: 2,
              opacity: 0.75,
            },
          ],
        },
        viewLargeImageUrl: null,
        viewCoverImageUrl: null,
        partsList: [],
      },
    ],
    colorConfigList: [{ colorId: 'c-red', colorFlatMap: { front: '#FF0000', back: '#CC0000' } }],
    styleList: [{ styleId: 's1', name: 'Slim' }],
    prototypeGroupId: '77',
    prototypeGroupName: 'Hoodies',
    sectionType: 1,
    templateData: { source: 'psd', layers: [1, 2, { nested: true }], note: null },
    color: { name: 'White', value: '#FFFFFF' },
  };
}

export function validSkuDesign(): SkuDesign {
  return {
    id: 'sku-1',
    flatDesignList: [
      {
        flatId: 'front',
        designList: [
          {
            type: 'image',
            flatId: 'front',
            localId: 'img-1',
            designId: '9001',
            left: 300,
            top: 350,
            width: 1200,
            height: 800,
            angle: 15,
            scaleX: 0.25,
            scaleY: 0.25,
            flipX: true,
            flipY: false,
            originX: 'center',
            originY: 'center',
            originalWidth: 2400,
            originalHeight: 1600,
            url: '/CustomizedImages/1/2025-01-01/abc.png',
            fileName: 'abc.png',
            tiling: { type: 3, spacing: 10, seed: 42 },
            tilingLayer: null,
          },
          {
            type: 'text',
            flatId: 'front',
            localId: 'txt-1',
            designId: null,
            left: 10,
            top: 10,
            width: 300,
            height: 100,
            angle: 0,
            scaleX: 1,
            scaleY: 1,
            flipX: false,
            flipY: false,
            originX: 'left',
            originY: 'top',
            text: 'Two\nlines',
            fill: '#FF0000',
            fontSize: 40,
            textAlign: 'center',
            charSpacing: -100,
            fontFamily: 'Roboto',
            stroke: '#000000',
            strokeWidth: 2,
            shadow: { color: '#333333', blur: 4, offsetX: 10, offsetY: 0 },
            textLines: ['Two', 'lines'],
          },
        ],
        color: '#FFFFFF',
        flatImage: null,
        previewFlatImage: null,
      },
      { flatId: 'back', designList: [], color: '#112233', flatImage: '/flats/out.png', previewFlatImage: '/flats/out-p.png' },
    ],
    BGDesignList: [
      { viewId: 'v-front', imageUrl: null, labelType: null, BGType: '1', color: '#EEEEEE', viewIdList: ['v-back'], visible: true },
      { viewId: 'v-back', imageUrl: '/bg/stars.png', labelType: '3', BGType: '2', color: '#FFFFFF', viewIdList: [], visible: false },
    ],
    color: '#FFFFFF',
    styleId: 's1',
  };
}

export function validProduct(): EngineProduct {
  return {
    id: '1001',
    handle: 'classic-hoodie',
    title: 'Classic Hoodie',
    customType: 2,
    options: [
      {
        id: 'o1',
        name: 'Color',
        position: 1,
        isColor: true,
        values: [
          { name: 'Red', hex: '#FF0000' },
          { name: 'Navy', hex: '#000080' },
        ],
      },
      {
        id: 'o2',
        name: 'Size',
        position: 2,
        isColor: false,
        values: [
          { name: 'S', hex: null },
          { name: 'M', hex: null },
        ],
      },
    ],
    variants: [
      { id: 'v1', option1: 'Red', option2: 'S', option3: null, imagesId: null, cost: 1250 },
      { id: 'v2', option1: 'Navy', option2: 'M', option3: null, imagesId: '55', cost: 1350 },
    ],
    templates: [validTemplate()],
    images: [],
  };
}

type Key = string | number;

function parentOf(root: unknown, path: readonly Key[]): Record<Key, unknown> {
  let node: unknown = root;
  for (const k of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) throw new Error(`fixture path ${path.join('.')} does not exist`);
    node = (node as Record<Key, unknown>)[k];
  }
  if (typeof node !== 'object' || node === null) throw new Error(`fixture path ${path.join('.')} does not exist`);
  return node as Record<Key, unknown>;
}

/** A deep copy of `doc` with the value at `path` replaced, to break documents on purpose. */
export function change(doc: unknown, path: readonly Key[], value: unknown): unknown {
  const copy: unknown = structuredClone(doc);
  const last = path[path.length - 1];
  if (last === undefined) return value;
  parentOf(copy, path)[last] = value;
  return copy;
}

/** A deep copy of `doc` without the field at `path`. */
export function remove(doc: unknown, path: readonly Key[]): unknown {
  const copy: unknown = structuredClone(doc);
  const last = path[path.length - 1];
  if (last === undefined) throw new Error('empty path');
  delete parentOf(copy, path)[last];
  return copy;
}
