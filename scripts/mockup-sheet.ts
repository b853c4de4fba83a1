/**
 * npm run mockup:sheet -- --out <dir> [--size <px>] [--only <archetype,archetype>] [--models <n>]
 *
 * The contact sheet: every archetype of the demo catalogue photographed (as the generator does),
 * its template rendered through the real engine with one sample design in its lightest and its
 * darkest colour, and each of its other models (archetypes/models.ts; the first --models, all by
 * default) in one of the two, each view checked for the print staying on the product (the pixels the design
 * changes must lie on the product's surface (its mask and what lies on it), grown by the displacement's reach and 2 px of
 * antialiasing). Writes one JPEG per archetype, colour and view, `sheet.jpg` (all of them in a
 * grid), `index.html` and `report.json`; exits 1 when a print leaves its product. The output is
 * for looking at, not for git.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type OverlayOptions } from 'sharp';
import { openEngineHarness } from './engine-harness.ts';
import { ARCHETYPES } from '../demo/catalog/archetypes/index.ts';
import { DISPLACEMENT_SHARE, photographView, viewFileNames } from '../demo/catalog/art/photo.ts';
import { paletteColor } from '../demo/catalog/art/palette.ts';
import { archetypeColors, buildTemplate, modelViewList } from '../demo/catalog/templates.ts';
import { MODEL_COUNT, modelArchetype, modelFolder } from '../demo/catalog/archetypes/models.ts';
import { fileUrl } from '../server/catalog/paths.ts';
import { printContainment } from '../tools/mockup-sheet/containment.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    size: { type: 'string' },
    only: { type: 'string' },
    models: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help || !values.out) {
  console.error('usage: npm run mockup:sheet -- --out <dir> [--size <px>] [--only <archetype,archetype>] [--models <n>]');
  process.exit(values.help ? 0 : 2);
}
const size = Number(values.size ?? 1200);
if (!(Number.isInteger(size) && size >= 128 && size <= 2400)) {
  console.error('--size must be a whole number of pixels from 128 to 2400');
  process.exit(2);
}
const models = Number(values.models ?? MODEL_COUNT);
if (!(Number.isInteger(models) && models >= 1 && models <= MODEL_COUNT)) {
  console.error(`--models must be a whole number from 1 to ${MODEL_COUNT}`);
  process.exit(2);
}
const only = values.only ? new Set(values.only.split(',')) : null;
const archetypes = ARCHETYPES.filter((a) => !only || only.has(a.key));
const out = path.resolve(values.out);
const files = path.join(out, 'files');
/** Share of a print's pixels allowed off the product (resampled edges of thin parts). */
const OUTSIDE_LIMIT = 0.002;
const TILE = 300;

/** A sample design that shows what a merchant would notice: colour, fine stripes, small and large text. */
function sampleDesignSvg(): string {
  const stripes = Array.from(
    { length: 12 },
    (_, i) => `<rect x="0" y="${i * 66}" width="800" height="22" fill="#E4572E" opacity="0.85"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <rect width="800" height="800" fill="#2E86AB"/>${stripes}
    <circle cx="400" cy="400" r="230" fill="#F3C13A"/>
    <text x="400" y="430" font-family="DejaVu Sans" font-weight="bold" font-size="110" text-anchor="middle" fill="#1B1B3A">SAMPLE</text>
    <text x="400" y="520" font-family="DejaVu Sans" font-size="34" text-anchor="middle" fill="#1B1B3A">12 pt text stays legible</text>
  </svg>`;
}

const luminance = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return 0.3 * (n >> 16) + 0.59 * ((n >> 8) & 255) + 0.11 * (n & 255);
};

interface Row {
  archetype: string;
  model: number;
  colour: string;
  view: string;
  file: string;
  changed: number;
  outside: number;
  pass: boolean;
}

await rm(out, { recursive: true, force: true });
await mkdir(files, { recursive: true });
await writeFile(path.join(out, 'design.png'), await sharp(Buffer.from(sampleDesignSvg())).png().toBuffer());
const harness = await openEngineHarness();
const rows: Row[] = [];
try {
  harness.serveDir(files);
  const design = await harness.serve('design.png', path.join(out, 'design.png'));
  for (const arch of archetypes) {
    for (let model = 0; model < models; model += 1) {
      const drawn = modelArchetype(arch, model);
      const folder = modelFolder(model);
      const dir = folder ? path.join(files, arch.key, folder) : path.join(files, arch.key);
      await mkdir(dir, { recursive: true });
      for (const v of drawn.views) await photographView(v, size, dir);
      // The generator's template (with the model's views, as the server gives a product of that
      // model), its pictures served from the sheet's folder.
      const prefix = fileUrl('sheet', '');
      const built = { ...buildTemplate(arch, 1, 'sheet', size), viewList: modelViewList(arch, model, 'sheet', size) };
      const template = JSON.parse(JSON.stringify(built).replaceAll(prefix, '/__file/'));
      const colours = archetypeColors(arch).map((k) => paletteColor(k));
      const sorted = [...colours].sort((a, b) => luminance(b.hex) - luminance(a.hex));
      const both = [...new Map([sorted[0]!, sorted[sorted.length - 1]!].map((c) => [c.hex, c])).values()];
      // Model 0 in both colours; each other model in one, light and dark by turns.
      const picks = model === 0 ? both : [both[model % both.length]!];
      for (const colour of picks) {
        const render = (designUrl?: string) =>
          harness.page.evaluate((args) => window.podRenderTemplate(args), {
            template,
            size,
            color: colour.hex,
            ...(designUrl ? { designUrl } : {}),
          });
        const [withDesign, blank] = [await render(design), await render()];
        for (const [i, view] of withDesign.entries()) {
          const a = await sharp(Buffer.from(view.png, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
          const b = await sharp(Buffer.from(blank[i]!.png, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
          const drawing = drawn.views.find((d) => d.id === view.viewId)!;
          const mask = await sharp(path.join(dir, viewFileNames(drawing).surface))
            .extractChannel(0)
            .raw()
            .toBuffer({ resolveWithObject: true });
          const grow = Math.ceil(size * DISPLACEMENT_SHARE) + 2;
          const c = printContainment(
            { width: a.info.width, height: a.info.height, data: a.data },
            { width: b.info.width, height: b.info.height, data: b.data },
            { width: mask.info.width, height: mask.info.height, data: mask.data },
            grow,
          );
          const file = `${arch.key}${folder ? `-${folder}` : ''}-${colour.key}-${view.viewId}.jpg`;
          await writeFile(
            path.join(out, file),
            await sharp(Buffer.from(view.png, 'base64')).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer(),
          );
          const pass = c.changed > 0 && c.outside <= c.changed * OUTSIDE_LIMIT;
          rows.push({ archetype: arch.key, model, colour: colour.name, view: view.viewId, file, ...c, pass });
          console.error(`${pass ? 'pass' : 'FAIL'}  ${file}  changed ${c.changed}  off the product ${c.outside}`);
        }
      }
    }
  }
} finally {
  await harness.close();
}

// One grid: a row per archetype, its colours and views side by side.
// One grid line per archetype: model 0's colours and views, then each other model's views.
const byArch = [...new Set(rows.map((r) => r.archetype))];
const cols = Math.max(...byArch.map((a) => rows.filter((r) => r.archetype === a).length));
const tiles: OverlayOptions[] = [];
for (const [y, a] of byArch.entries()) {
  for (const [x, r] of rows.filter((row) => row.archetype === a).entries()) {
    tiles.push({
      input: await sharp(await readFile(path.join(out, r.file)))
        .resize(TILE, TILE, { fit: 'contain', background: '#ffffff' })
        .toBuffer(),
      left: x * TILE,
      top: y * TILE,
    });
  }
}
await sharp({ create: { width: cols * TILE, height: byArch.length * TILE, channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .jpeg({ quality: 85 })
  .toFile(path.join(out, 'sheet.jpg'));
const html = `<!doctype html><meta charset="utf-8"><title>Mockup contact sheet</title>
<style>body{font:14px system-ui;margin:16px}figure{display:inline-block;margin:4px;width:${TILE}px}img{width:100%}figcaption{font-size:12px}.fail{outline:3px solid #c00}</style>
<h1>Mockup contact sheet (${size} px)</h1>
${rows.map((r) => `<figure class="${r.pass ? '' : 'fail'}"><a href="${r.file}"><img src="${r.file}" alt="${r.archetype} model ${r.model} ${r.colour} ${r.view}"></a><figcaption>${r.archetype} · model ${r.model} · ${r.colour} · ${r.view}${r.pass ? '' : ' · print off the product'}</figcaption></figure>`).join('\n')}`;
await writeFile(path.join(out, 'index.html'), html);
await writeFile(path.join(out, 'report.json'), JSON.stringify({ size, rows }, null, 1));
const failed = rows.filter((r) => !r.pass);
console.log(`${rows.length - failed.length} of ${rows.length} views keep the print on the product; sheet: ${path.join(out, 'index.html')}`);
process.exit(failed.length ? 1 : 0);
