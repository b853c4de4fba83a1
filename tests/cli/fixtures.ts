/** Test inputs for the mockup CLI: a PSD with smart objects (written by ag-psd) and a template JSON. */
import { writeFile } from 'node:fs/promises';
import { writePsdBuffer, type Psd } from 'ag-psd';
import sharp from 'sharp';

const rgba = (w: number, h: number, rgbaOf: (x: number, y: number) => [number, number, number, number]) => {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(rgbaOf(x, y), (y * w + x) * 4);
  return { width: w, height: h, data } as unknown as ImageData;
};

/** 300x200 PSD: a grey photo, a group 'simple_warp' with a warped smart object 'bbox_change', and a flat one. */
export async function writeFixturePsd(file: string): Promise<void> {
  const green = await sharp({ create: { width: 100, height: 50, channels: 4, background: '#00c000' } })
    .png()
    .toBuffer();
  const mesh = Array.from({ length: 16 }, (_, i) => ({ x: ((i % 4) * 100) / 3, y: (Math.floor(i / 4) * 50) / 3 }));
  mesh[5] = { x: 40, y: 5 };
  const psd: Psd = {
    width: 300,
    height: 200,
    children: [
      { name: 'photo', left: 0, top: 0, imageData: rgba(300, 200, () => [200, 200, 200, 255]) },
      {
        name: 'simple_warp',
        children: [
          {
            name: 'bbox_change',
            left: 20,
            top: 20,
            imageData: rgba(100, 50, () => [0, 192, 0, 255]),
            placedLayer: {
              id: '20953ddb-9391-11ec-b4f1-c15674f50bc4',
              type: 'raster',
              width: 100,
              height: 50,
              transform: [20, 20, 120, 20, 120, 70, 20, 70],
              warp: { style: 'custom', customEnvelopeWarp: { meshPoints: mesh } },
            },
          },
        ],
      },
      {
        name: 'flat',
        left: 150,
        top: 100,
        imageData: rgba(100, 50, () => [0, 192, 0, 255]),
        placedLayer: {
          id: '20953ddb-9391-11ec-b4f1-c15674f50bc5',
          type: 'raster',
          width: 100,
          height: 50,
          transform: [150, 100, 250, 100, 250, 150, 150, 150],
        },
      },
    ],
    linkedFiles: [
      { id: '20953ddb-9391-11ec-b4f1-c15674f50bc4', name: 'green.png', data: new Uint8Array(green) },
      { id: '20953ddb-9391-11ec-b4f1-c15674f50bc5', name: 'green.png', data: new Uint8Array(green) },
    ],
  } as Psd;
  await writeFile(file, writePsdBuffer(psd, { useImageData: true } as never));
}

export async function writeFixtureTemplate(file: string, photo: string): Promise<void> {
  const template = {
    customTemplateId: 'cli',
    colorConfigList: [],
    styleList: [],
    prototypeGroupId: null,
    prototypeGroupName: '',
    sectionType: null,
    templateData: null,
    color: null,
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
          width: 100,
          height: 100,
          flatWidth: 1500,
          flatHeight: 1500,
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
          width: 200,
          height: 200,
          imageUrl: photo,
          shadingUrl: null,
          highlightUrl: null,
          layers: [
            {
              T: 'SmartObject',
              PS: null,
              OS: { w: 100, h: 100 },
              PPC: null,
              M: { kind: 'perspective', quad: [50, 50, 150, 50, 150, 150, 50, 150], nonAffine: [60, 50, 140, 50, 160, 150, 40, 150] },
              F: { kind: 'flat', flatId: 'front' },
              blend: 7,
              opacity: 1,
            },
          ],
        },
      },
    ],
  };
  await writeFile(file, JSON.stringify(template));
}
