/**
 * Worker for the bulk baselines, with the render worker's shape (Comlink, Blobs out): the
 * Canvas2D mockup as JPEG, and the floor: a bare JPEG encode of a 1200x1200 2D canvas.
 */
import * as Comlink from 'comlink';
import type { MockupRequest } from '@pod-studio/engine';
import { Canvas2DMockup } from './canvas2d.ts';

const canvas2d = new Canvas2DMockup();
const encodeCanvases = new Map<string, OffscreenCanvas>();

export const baselineWorkerApi = {
  async canvas2dJpeg(req: MockupRequest, quality = 0.92): Promise<Blob> {
    const canvas = await canvas2d.render(req);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  },
  /** JPEG of a canvas already holding the photo at `size`: only the encode is timed per job. */
  async encodeJpeg(photoUrl: string, size: number, quality = 0.92): Promise<Blob> {
    let canvas = encodeCanvases.get(`${photoUrl}|${size}`);
    if (!canvas) {
      canvas = new OffscreenCanvas(size, size);
      canvas.getContext('2d')!.drawImage((await canvas2d.loader.load(photoUrl)) as ImageBitmap, 0, 0, size, size);
      encodeCanvases.set(`${photoUrl}|${size}`, canvas);
    }
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  },
};

export type BaselineWorkerApi = typeof baselineWorkerApi;

Comlink.expose(baselineWorkerApi);
