/**
 * The benchmark's design: one 800x800 print area holding 150 elements (75 images from 6
 * pictures, 75 texts in the bundled fonts), seeded so every run draws the same thing, and a
 * t-shirt-like view that shows the flat for the mockup timing.
 */
import { BUNDLED_FONTS } from '@pod-studio/engine/layout';
import { createImageElement, createTextElement, type CustomTemplate, type DesignElement } from '@pod-studio/engine/model';

export const FLAT = 800;
export const DRAGGED = 'dragged';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function pngUrl(w: number, h: number, draw: (ctx: OffscreenCanvasRenderingContext2D) => void): Promise<string> {
  const c = new OffscreenCanvas(w, h);
  draw(c.getContext('2d')!);
  return URL.createObjectURL(await c.convertToBlob({ type: 'image/png' }));
}

const COLORS = ['#e63946', '#2a9d8f', '#e9c46a', '#264653', '#f4a261', '#6a4c93'];
const WORDS = ['Hello', 'Summer', 'Coffee first', 'Team 42', 'Good vibes', 'POD', 'Wild & Free', 'Since 1999', 'Stay kind', 'Ride on'];

export async function buildBenchScene(count = 150): Promise<{ template: CustomTemplate; elements: DesignElement[] }> {
  const pictures = await Promise.all(
    COLORS.map((color, i) =>
      pngUrl(256, 256, (ctx) => {
        ctx.fillStyle = color;
        ctx.beginPath();
        if (i % 2 === 0) ctx.arc(128, 128, 120, 0, Math.PI * 2);
        else ctx.rect(16, 16, 224, 224);
        ctx.fill();
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(96, 96, 64, 64);
      }),
    ),
  );
  const photo = await pngUrl(FLAT, FLAT, (ctx) => {
    ctx.fillStyle = '#d8dbe2';
    ctx.fillRect(0, 0, FLAT, FLAT);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(150, 100, 500, 650);
  });
  const random = rng(20261122);
  const faces = BUNDLED_FONTS.slice(0, 8);
  const elements: DesignElement[] = [];
  for (let i = 0; i < count - 1; i++) {
    const left = 20 + random() * (FLAT - 140);
    const top = 20 + random() * (FLAT - 100);
    const angle = Math.round((random() - 0.5) * 40);
    if (i % 2 === 0) {
      const s = 0.2 + random() * 0.2;
      elements.push(
        createImageElement({
          flatId: 'front',
          localId: `img-${i}`,
          url: pictures[i % pictures.length]!,
          fileName: `pic-${i % 6}.png`,
          originalWidth: 256,
          originalHeight: 256,
          left,
          top,
          angle,
          scaleX: s,
          scaleY: s,
        }),
      );
    } else {
      elements.push(
        createTextElement({
          flatId: 'front',
          localId: `txt-${i}`,
          text: WORDS[i % WORDS.length]!,
          fontFamily: faces[i % faces.length]!.family,
          fontSize: 22 + Math.round(random() * 18),
          fill: COLORS[i % COLORS.length]!,
          left,
          top,
          angle,
        }),
      );
    }
  }
  const red = pictures[0]!;
  elements.push(
    createImageElement({
      flatId: 'front',
      localId: DRAGGED,
      url: red,
      fileName: 'dragged.png',
      originalWidth: 256,
      originalHeight: 256,
      left: 60,
      top: 60,
      scaleX: 0.6,
      scaleY: 0.6,
    }),
  );
  const template: CustomTemplate = {
    customTemplateId: 'bench-editor',
    flatList: [
      {
        flatId: 'front',
        flatImageUrl: '',
        designList: [],
        flatData: {
          img: 1,
          text: 1,
          edit: 0,
          color: '#FFFFFF',
          style: '',
          styleList: [],
          width: FLAT,
          height: FLAT,
          flatWidth: 3000,
          flatHeight: 3000,
          customColor: 0,
          bg: 0,
          pageType: 'normal',
        },
      },
    ],
    viewList: [
      {
        viewId: 'front',
        viewLargeImageUrl: null,
        viewCoverImageUrl: null,
        partsList: [],
        viewData: {
          width: FLAT,
          height: FLAT,
          imageUrl: photo,
          shadingUrl: null,
          highlightUrl: null,
          layers: [
            {
              T: 'SmartObject',
              PS: null,
              OS: { w: FLAT, h: FLAT },
              PPC: null,
              M: { kind: 'affine', matrix: [0.5, 0, 0, 0.5, 200, 180] },
              F: { kind: 'flat', flatId: 'front' },
              blend: 6,
              opacity: 1,
            },
          ],
        },
      },
    ],
    colorConfigList: [],
    styleList: [],
    prototypeGroupId: null,
    prototypeGroupName: '',
    sectionType: null,
    templateData: null,
    color: null,
  };
  return { template, elements };
}
