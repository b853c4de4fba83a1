/**
 * npm run mockup -- --template <template.json|file.psd> [--design <image>] --out <png> [--layers-out <dir>] [--composite-out <png>] [--size <px>]
 *
 * Renders through the real engine in headless Chromium. With several views, the first goes to
 * --out and the others next to it as <out>-<viewId>.png. With a PSD and --layers-out, one PNG per
 * smart-object layer at document size, named by its group path (simple_warp/bbox_change.png);
 * a PSD's --out is the whole document (every layer, the design in its smart objects) scaled to
 * --size, and --composite-out the same at document size. --save-template <dir> bakes a PSD into a
 * product template (template.json and its PNGs in <dir>), which --template <dir>/template.json
 * then renders with any --design.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openEngineHarness } from './engine-harness.ts';

const { values } = parseArgs({
  options: {
    template: { type: 'string' },
    design: { type: 'string' },
    out: { type: 'string' },
    'layers-out': { type: 'string' },
    'composite-out': { type: 'string' },
    'save-template': { type: 'string' },
    size: { type: 'string' },
    help: { type: 'boolean' },
  },
});
const usage =
  'usage: npm run mockup -- --template <template.json|file.psd> [--design <image>] --out <png> [--layers-out <dir>] [--composite-out <png>] [--save-template <dir>] [--size <px>]';
if (values.help || !values.template || (!values.out && !values['layers-out'] && !values['composite-out'] && !values['save-template'])) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}
const size = values.size ? Number(values.size) : undefined;
if (size !== undefined && !(Number.isInteger(size) && size > 0 && size <= 16384)) {
  console.error('--size must be a whole number of pixels between 1 and 16384');
  process.exit(2);
}
for (const flag of ['composite-out', 'save-template'] as const) {
  if (values[flag] && !/\.ps[db]$/i.test(values.template)) {
    console.error(`--${flag} needs a PSD template`);
    process.exit(2);
  }
}

const harness = await openEngineHarness();
try {
  const isPsd = /\.ps[db]$/i.test(values.template);
  harness.serveDir(path.dirname(path.resolve(values.template)));
  const input = await harness.serve(path.basename(values.template), values.template);
  const design = values.design ? await harness.serve(`design-${path.basename(values.design)}`, values.design) : undefined;
  const started = Date.now();
  const result = await harness.page.evaluate((args) => window.podMockup(args), {
    ...(isPsd ? { psd: input } : { template: input }),
    ...(design ? { design } : {}),
    ...(size ? { size } : {}),
    layers: Boolean(values['layers-out']),
    composite: Boolean(values['composite-out']),
    viewsOut: Boolean(values.out),
    saveTemplate: Boolean(values['save-template']),
  });
  for (const note of result.notes) console.warn(`note: ${note}`);
  if (values.out) {
    const out = values.out;
    for (const [i, v] of result.views.entries()) {
      const file = i === 0 ? out : out.replace(/(\.png)?$/i, `-${v.viewId.replace(/[^\w.-]+/g, '_')}.png`);
      await mkdir(path.dirname(path.resolve(file)), { recursive: true });
      await writeFile(file, Buffer.from(v.png, 'base64'));
      console.log(`wrote ${file}`);
    }
  }
  if (values['layers-out']) {
    for (const l of result.layers) {
      const file = path.join(
        values['layers-out'],
        `${l.name
          .split('/')
          .map((p) => p.replace(/[^\w.-]+/g, '_'))
          .join('/')}.png`,
      );
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, Buffer.from(l.png, 'base64'));
      console.log(`wrote ${file}`);
    }
  }
  if (values['composite-out']) {
    if (!result.composite) throw new Error('the composite was not rendered');
    await mkdir(path.dirname(path.resolve(values['composite-out'])), { recursive: true });
    await writeFile(values['composite-out'], Buffer.from(result.composite, 'base64'));
    console.log(`wrote ${values['composite-out']}`);
  }
  if (values['save-template']) {
    if (!result.template) throw new Error('the template was not baked');
    const dir = values['save-template'];
    await mkdir(dir, { recursive: true });
    for (const img of result.template.images) await writeFile(path.join(dir, img.name), Buffer.from(img.png, 'base64'));
    await writeFile(path.join(dir, 'template.json'), result.template.json);
    for (const note of result.template.notes) console.warn(`template note: ${note}`);
    console.log(`wrote ${path.join(dir, 'template.json')} and ${result.template.images.length} image(s)`);
  }
  console.log(`rendered ${result.views.length} view(s) in ${Date.now() - started} ms`);
} catch (err) {
  console.error(`mockup failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  process.exitCode = 1;
} finally {
  await harness.close();
}
