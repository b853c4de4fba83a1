/** A small product scene built in the browser: photo, template and a design with an image and a text. */
import type { CustomTemplate, SkuDesign } from '../../../engine/model/types.ts';

export async function blobUrl(w: number, h: number, draw: (ctx: OffscreenCanvasRenderingContext2D) => void): Promise<string> {
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d')!;
  draw(ctx);
  return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/png' }));
}

export async function scene(): Promise<{ template: CustomTemplate; design: SkuDesign }> {
  const photo = await blobUrl(400, 400, (ctx) => {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(40, 40, 320, 320);
  });
  const red = await blobUrl(100, 100, (ctx) => {
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 100, 100);
  });
  const flat = (flatId: string) => ({
    flatId,
    flatImageUrl: '',
    designList: [],
    flatData: {
      img: 1 as const,
      text: 1 as const,
      edit: 0 as const,
      color: '#FFFFFF',
      style: '',
      styleList: [],
      width: 200,
      height: 200,
      flatWidth: 1500,
      flatHeight: 1500,
      customColor: 0 as const,
      bg: 0 as const,
      pageType: 'normal',
    },
  });
  const view = (viewId: string, flatId: string) => ({
    viewId,
    viewLargeImageUrl: null,
    viewCoverImageUrl: null,
    partsList: [],
    viewData: {
      width: 400,
      height: 400,
      imageUrl: photo,
      shadingUrl: null,
      highlightUrl: null,
      layers: [
        {
          T: 'SmartObject' as const,
          PS: null,
          OS: { w: 200, h: 200 },
          PPC: null,
          M: { kind: 'affine' as const, matrix: [1, 0, 0, 1, 100, 100] as [number, number, number, number, number, number] },
          F: { kind: 'flat' as const, flatId },
          blend: 7 as const,
          opacity: 1,
        },
      ],
    },
  });
  const template: CustomTemplate = {
    customTemplateId: 't',
    flatList: [flat('front'), flat('back')],
    viewList: [view('v-front', 'front'), view('v-back', 'back')],
    colorConfigList: [],
    styleList: [],
    prototypeGroupId: null,
    prototypeGroupName: '',
    sectionType: null,
    templateData: null,
    color: null,
  };
  const base = {
    flatId: 'front',
    localId: 'a',
    designId: null,
    angle: 0,
    scaleX: 1,
    scaleY: 1,
    flipX: false,
    flipY: false,
    originX: 'left' as const,
    originY: 'top' as const,
  };
  const design: SkuDesign = {
    id: 'd',
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
          {
            ...base,
            type: 'image',
            left: 0,
            top: 0,
            width: 100,
            height: 100,
            url: red,
            fileName: 'red.png',
            originalWidth: 100,
            originalHeight: 100,
            tiling: null,
            tilingLayer: null,
          },
        ],
      },
      { flatId: 'back', color: '#FFFFFF', flatImage: null, previewFlatImage: null, designList: [] },
    ],
  } as SkuDesign;
  return { template, design };
}

export async function pixels(bitmap: ImageBitmap): Promise<(x: number, y: number) => [number, number, number, number]> {
  const c = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  return (x, y) => {
    const i = (y * bitmap.width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
  };
}
