/**
 * The benchmark's product scene, built in the browser: four 1200x1200 product photos (views),
 * two flats of 1000x1200 design px (print 4500x5400 at 150 dpi) carrying three images and a
 * stroked, shadowed two-line text, and Bezier-warped smart objects with curved clip paths.
 * Images are PNG blob URLs, so the page, the render workers and the baseline workers all load
 * them through the same fetch + decode path (and ImageMagick gets the same PNG bytes).
 */
import type {
  CustomTemplate,
  ImageElement,
  PathCommand,
  Point,
  SkuDesign,
  SmartObjectLayer,
  TemplateFlat,
  TemplateView,
  TextElement,
} from '@pod-studio/engine/model';
import { unwrap, validateTemplate } from '@pod-studio/engine';

export const PHOTO_SIZE = 1200;
/** Design px of each flat; flatWidth x flatHeight (print px at 125 dpi) gives 4500x5400 at 150 dpi. */
export const FLAT = { width: 1000, height: 1200, flatWidth: 3750, flatHeight: 4500 } as const;
export const TEXT_FONT = 'Montserrat Bold';
/** SKU colours of the bulk run (the first is the untinted photo). */
export const COLORS = ['#FFFFFF', '#1E3A8A', '#B91C1C', '#15803D', '#F59E0B', '#374151'] as const;

export interface BenchImage {
  /** Blob URL the engine and the workers load. */
  url: string;
  /** Name of the same PNG on disk for ImageMagick. */
  name: string;
  png: Blob;
  width: number;
  height: number;
}

export interface BenchScene {
  template: CustomTemplate;
  design: SkuDesign;
  /** Every image of the scene (photos and design images) by URL. */
  images: BenchImage[];
}

async function png(name: string, w: number, h: number, draw: (ctx: OffscreenCanvasRenderingContext2D) => void): Promise<BenchImage> {
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d')!;
  draw(ctx);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return { url: URL.createObjectURL(blob), name, png: blob, width: w, height: h };
}

/** Deterministic noise so every run draws the same pixels. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A light garment on a studio backdrop, with folds and fabric grain: opaque like a real photo. */
function drawPhoto(ctx: OffscreenCanvasRenderingContext2D, view: number): void {
  const S = PHOTO_SIZE;
  const bg = ctx.createLinearGradient(0, 0, 0, S);
  bg.addColorStop(0, `hsl(${200 + view * 30} 12% 82%)`);
  bg.addColorStop(1, `hsl(${200 + view * 30} 10% 64%)`);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, S, S);
  const dx = (view % 2) * 30 - 15;
  ctx.beginPath();
  ctx.moveTo(390 + dx, 150);
  ctx.bezierCurveTo(500 + dx, 215, 700 + dx, 215, 810 + dx, 150);
  ctx.lineTo(1080 + dx, 300);
  ctx.lineTo(990 + dx, 520);
  ctx.lineTo(900 + dx, 470);
  ctx.lineTo(920 + dx, 1100);
  ctx.bezierCurveTo(700 + dx, 1130, 500 + dx, 1130, 280 + dx, 1100);
  ctx.lineTo(300 + dx, 470);
  ctx.lineTo(210 + dx, 520);
  ctx.lineTo(120 + dx, 300);
  ctx.closePath();
  const body = ctx.createRadialGradient(600 + dx, 560, 80, 600 + dx, 640, 700);
  body.addColorStop(0, '#fbfbfb');
  body.addColorStop(1, '#c9c9c9');
  ctx.fillStyle = body;
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.globalCompositeOperation = 'multiply';
  for (let i = 0; i < 7; i++) {
    const x = 330 + i * 90 + dx;
    const fold = ctx.createLinearGradient(x - 40, 0, x + 40, 0);
    fold.addColorStop(0, 'rgba(255,255,255,1)');
    fold.addColorStop(0.5, `rgba(${200 + i * 5},${200 + i * 5},${205 + i * 5},1)`);
    fold.addColorStop(1, 'rgba(255,255,255,1)');
    ctx.fillStyle = fold;
    ctx.fillRect(x - 40, 250 + (i % 3) * 60, 80, 800);
  }
  ctx.restore();
  // Fabric grain: per-pixel noise, which also keeps PNG and JPEG encoders honest.
  const img = ctx.getImageData(0, 0, S, S);
  const d = img.data;
  const r = rng(1234 + view);
  for (let i = 0; i < d.length; i += 4) {
    const n = (r() - 0.5) * 10;
    d[i] = d[i]! + n;
    d[i + 1] = d[i + 1]! + n;
    d[i + 2] = d[i + 2]! + n;
  }
  ctx.putImageData(img, 0, 0);
}

/** Print artwork: a 2400 px sunset disc with mountains, transparent outside the disc. */
function drawArt(ctx: OffscreenCanvasRenderingContext2D): void {
  const S = 2400;
  ctx.save();
  ctx.beginPath();
  ctx.arc(S / 2, S / 2, S / 2 - 8, 0, Math.PI * 2);
  ctx.clip();
  const sky = ctx.createLinearGradient(0, 0, 0, S);
  sky.addColorStop(0, '#ff6b6b');
  sky.addColorStop(0.45, '#feca57');
  sky.addColorStop(1, '#48dbfb');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, S, S);
  ctx.fillStyle = '#fff4c2';
  ctx.beginPath();
  ctx.arc(S / 2, S * 0.55, S * 0.2, 0, Math.PI * 2);
  ctx.fill();
  for (let i = 0; i < 12; i++) {
    ctx.fillStyle = `rgba(255,255,255,${0.12 + (i % 3) * 0.05})`;
    ctx.fillRect(0, S * 0.5 + i * 38, S, 14);
  }
  const hills = ['#2d3436', '#3b4a5a', '#1e272e'];
  hills.forEach((c, k) => {
    ctx.fillStyle = c;
    ctx.beginPath();
    ctx.moveTo(0, S);
    for (let x = 0; x <= S; x += 120) ctx.lineTo(x, S * (0.68 + 0.06 * k) - Math.abs(Math.sin((x + k * 400) / 310)) * 380);
    ctx.lineTo(S, S);
    ctx.fill();
  });
  ctx.restore();
}

function drawLogo(ctx: OffscreenCanvasRenderingContext2D): void {
  const S = 800;
  ctx.translate(S / 2, S / 2);
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? S * 0.48 : S * 0.22;
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  ctx.closePath();
  const g = ctx.createLinearGradient(-S / 2, -S / 2, S / 2, S / 2);
  g.addColorStop(0, '#e84393');
  g.addColorStop(1, '#6c5ce7');
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineWidth = 18;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
}

function drawBadge(ctx: OffscreenCanvasRenderingContext2D): void {
  const W = 1200;
  const H = 600;
  ctx.beginPath();
  ctx.roundRect(10, 10, W - 20, H - 20, 120);
  ctx.fillStyle = '#0b3d2e';
  ctx.fill();
  ctx.save();
  ctx.clip();
  for (let x = -H; x < W; x += 60) {
    ctx.fillStyle = x % 120 === 0 ? '#14532d' : '#166534';
    ctx.beginPath();
    ctx.moveTo(x, H);
    ctx.lineTo(x + H, 0);
    ctx.lineTo(x + H + 30, 0);
    ctx.lineTo(x + 30, H);
    ctx.fill();
  }
  ctx.restore();
  ctx.lineWidth = 16;
  ctx.strokeStyle = '#facc15';
  ctx.stroke();
}

/** A Photoshop custom warp: the identity grid over the box, bulged like a chest and slightly turned. */
export function warpPoints(x: number, y: number, w: number, h: number, bulge: number, turn: number): Point[] {
  const pts: Point[] = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const inner = (r === 1 || r === 2) && (c === 1 || c === 2);
      const edgeX = c === 1 || c === 2 ? 1 : 0;
      const edgeY = r === 1 || r === 2 ? 1 : 0;
      pts.push({
        x: x + (w * c) / 3 + (c - 1.5) * (inner ? bulge : edgeY * bulge * 0.4) + turn * (r / 3 - 0.5),
        y: y + (h * r) / 3 + (inner ? bulge * 0.6 : edgeX * bulge * (r === 0 ? -0.3 : 0.3)) + turn * 0.2 * (c / 3 - 0.5),
      });
    }
  }
  return pts;
}

/** A rounded rectangle as PPC commands (view px): the print area the smart object is clipped to. */
export function roundedClip(x: number, y: number, w: number, h: number, r: number): PathCommand[] {
  const k = 0.5523 * r;
  const cmd = (Type: PathCommand['Type'], X: number, Y: number): PathCommand => ({ Type, X, Y });
  return [
    cmd('M', x + r, y),
    cmd('L', x + w - r, y),
    cmd('C', x + w - r + k, y),
    cmd('C', x + w, y + r - k),
    cmd('C', x + w, y + r),
    cmd('L', x + w, y + h - r),
    cmd('C', x + w, y + h - r + k),
    cmd('C', x + w - r + k, y + h),
    cmd('C', x + w - r, y + h),
    cmd('L', x + r, y + h),
    cmd('C', x + r - k, y + h),
    cmd('C', x, y + h - r + k),
    cmd('C', x, y + h - r),
    cmd('L', x, y + r),
    cmd('C', x, y + r - k),
    cmd('C', x + r - k, y),
    cmd('C', x + r, y),
    cmd('Z', 0, 0),
  ];
}

function flat(flatId: string): TemplateFlat {
  return {
    flatId,
    flatImageUrl: '',
    designList: [],
    flatData: {
      img: 1,
      text: 1,
      edit: 0,
      color: '#FFFFFF',
      style: '',
      styleList: [],
      width: FLAT.width,
      height: FLAT.height,
      flatWidth: FLAT.flatWidth,
      flatHeight: FLAT.flatHeight,
      customColor: 0,
      bg: 0,
      pageType: 'normal',
    },
  };
}

function view(viewId: string, photo: string, layer: SmartObjectLayer): TemplateView {
  return {
    viewId,
    viewLargeImageUrl: null,
    viewCoverImageUrl: null,
    partsList: [],
    viewData: { width: PHOTO_SIZE, height: PHOTO_SIZE, imageUrl: photo, shadingUrl: null, highlightUrl: null, layers: [layer] },
  };
}

function smartObject(
  flatId: string,
  box: [number, number, number, number],
  bulge: number,
  turn: number,
  blend: 5 | 6,
  opacity: number,
): SmartObjectLayer {
  const [x, y, w, h] = box;
  return {
    T: 'SmartObject',
    M: { kind: 'bezier' },
    PS: { kind: 'custom', points: warpPoints(x, y, w, h, bulge, turn) },
    OS: { w: FLAT.width, h: FLAT.height },
    PPC: roundedClip(x + 12, y + 8, w - 24, h - 16, 70),
    F: { kind: 'flat', flatId },
    blend,
    opacity,
  };
}

const base = {
  localId: '',
  designId: null,
  angle: 0,
  scaleX: 1,
  scaleY: 1,
  flipX: false,
  flipY: false,
  originX: 'center' as const,
  originY: 'center' as const,
};

function image(
  flatId: string,
  localId: string,
  img: BenchImage,
  left: number,
  top: number,
  scale: number,
  angle: number,
  flipX = false,
): ImageElement {
  return {
    ...base,
    type: 'image',
    flatId,
    localId,
    left,
    top,
    width: img.width,
    height: img.height,
    scaleX: scale,
    scaleY: scale,
    angle,
    flipX,
    url: img.url,
    fileName: `${img.name}.png`,
    originalWidth: img.width,
    originalHeight: img.height,
    tiling: null,
    tilingLayer: null,
  };
}

function text(flatId: string, localId: string, lines: string[], left: number, top: number, fill: string): TextElement {
  return {
    ...base,
    type: 'text',
    flatId,
    localId,
    left,
    top,
    width: 0,
    height: 0,
    text: lines.join('\n'),
    textLines: lines,
    fill,
    fontSize: 96,
    textAlign: 'center',
    charSpacing: 60,
    fontFamily: TEXT_FONT,
    stroke: '#FFFFFF',
    strokeWidth: 4,
    shadow: { color: 'rgba(0,0,0,0.45)', blur: 8, offsetX: 4, offsetY: 5 },
  };
}

export async function buildScene(): Promise<BenchScene> {
  const photos = await Promise.all([0, 1, 2, 3].map((i) => png(`photo${i}`, PHOTO_SIZE, PHOTO_SIZE, (ctx) => drawPhoto(ctx, i))));
  const art = await png('art', 2400, 2400, drawArt);
  const logo = await png('logo', 800, 800, drawLogo);
  const badge = await png('badge', 1200, 600, drawBadge);
  const [p0, p1, p2, p3] = photos as [BenchImage, BenchImage, BenchImage, BenchImage];
  const template = unwrap(
    validateTemplate({
      customTemplateId: 'bench',
      flatList: [flat('front'), flat('back')],
      viewList: [
        view('v-front', p0.url, smartObject('front', [400, 300, 420, 560], 28, 10, 5, 0.9)),
        view('v-back', p1.url, smartObject('back', [385, 280, 450, 600], 18, -14, 6, 1)),
        view('v-front-detail', p2.url, smartObject('front', [300, 200, 600, 780], 40, 24, 5, 0.9)),
        view('v-back-angle', p3.url, smartObject('back', [430, 320, 380, 540], 22, 46, 6, 1)),
      ],
      colorConfigList: [],
      styleList: [],
      prototypeGroupId: null,
      prototypeGroupName: '',
      sectionType: null,
      templateData: null,
      color: null,
    } satisfies CustomTemplate),
  );
  const design: SkuDesign = {
    id: 'bench',
    color: '#FFFFFF',
    styleId: null,
    BGDesignList: [],
    flatDesignList: [
      {
        flatId: 'front',
        color: '#FFFFFF',
        flatImage: null,
        previewFlatImage: null,
        designList: [
          image('front', 'art', art, 500, 430, 0.36, 0),
          image('front', 'logo', logo, 800, 150, 0.28, 15),
          image('front', 'badge', badge, 500, 1060, 0.5, -4, true),
          text('front', 'title', ['SUMMER TOUR', '2026'], 500, 840, '#1D3557'),
        ],
      },
      {
        flatId: 'back',
        color: '#FFFFFF',
        flatImage: null,
        previewFlatImage: null,
        designList: [
          image('back', 'logo-b', logo, 500, 420, 0.8, 0),
          image('back', 'badge-b', badge, 500, 960, 0.6, 3),
          text('back', 'title-b', ['POD STUDIO', 'CREW'], 500, 760, '#7C2D12'),
        ],
      },
    ],
  };
  return { template, design, images: [...photos, art, logo, badge] };
}

/** The design with element `localId` moved by (dx, dy): what one drag step in the editor does. */
export function moved(design: SkuDesign, localId: string, dx: number, dy: number): SkuDesign {
  return {
    ...design,
    flatDesignList: design.flatDesignList.map((f) => ({
      ...f,
      designList: f.designList.map((el) => (el.localId === localId ? { ...el, left: el.left + dx, top: el.top + dy } : el)),
    })),
  };
}
