// The page `npm run render` (scripts/render.ts) opens in headless Chromium: the built engine
// package (engine/dist, served at /engine/dist/) with no bundler, one render worker per page.
// Node hands it one job at a time through window.podRender and gets the encoded image back.
// Pictures load in the worker, so template and design URLs are made absolute first (withAbsoluteUrls).
import { imageDesign, templateDesign, unwrap, validateSkuDesign, validateTemplate, withAbsoluteUrls } from '/engine/dist/model.js';
import { webglIsSoftware } from '/engine/dist/pool.js';
import { createEngineWorker } from '/engine/dist/worker.js';

const worker = createEngineWorker({ name: 'pod-render-farm' });

async function fetchJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${decodeURIComponent(new URL(url).pathname.split('/').pop())}: ${res.status} ${res.statusText}`);
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`Data error: not JSON (${err.message})`);
  }
}

async function imageSize(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`design image: ${res.status} ${res.statusText}`);
  const bitmap = await createImageBitmap(await res.blob()).catch(() => {
    throw new Error('design image: not a picture the browser can decode');
  });
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

async function toBase64(blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

async function pngOf(bitmap) {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d').drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/png' });
}

/**
 * One job: { template: {url}, design?: {kind: 'image' | 'json', url}, viewId?, color?, size?,
 * format: 'jpeg' | 'png', quality? } → { base64, width, height, viewId }.
 */
window.podRender = async (job) => {
  const templateUrl = new URL(job.template.url, location.href).href;
  const template = unwrap(validateTemplate(withAbsoluteUrls(await fetchJson(templateUrl), templateUrl)));
  let design;
  if (job.design?.kind === 'json') {
    const designUrl = new URL(job.design.url, location.href).href;
    design = unwrap(validateSkuDesign(withAbsoluteUrls(await fetchJson(designUrl), designUrl)));
  } else if (job.design?.kind === 'image') {
    const url = new URL(job.design.url, location.href).href;
    design = imageDesign(template, { url, ...(await imageSize(url)) }, { color: job.color ?? '#FFFFFF' });
  } else {
    design = templateDesign(template, job.color ?? '#FFFFFF');
  }
  const viewId = job.viewId ?? String(template.viewList[0]?.viewId ?? '');
  const request = {
    template,
    design,
    viewId,
    ...(job.color ? { color: job.color } : {}),
    ...(job.size ? { size: job.size } : {}),
  };
  const blob =
    job.format === 'png'
      ? await pngOf(await worker.api.renderMockup(request))
      : await worker.api.renderMockupJpeg(request, job.quality ?? 0.92);
  const bitmap = await createImageBitmap(blob);
  const out = { base64: await toBase64(blob), width: bitmap.width, height: bitmap.height, viewId };
  bitmap.close();
  return out;
};
/** What the CLI sizes its page count by: WebGL emulated on the CPU or on a GPU. */
window.podRenderInfo = () => ({ softwareWebGL: webglIsSoftware() });
window.podRenderReady = true;
