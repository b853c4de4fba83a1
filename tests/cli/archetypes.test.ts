/**
 * Every archetype of the demo catalogue renders through the real engine (a template the engine
 * cannot render fails the build): the server generates a small catalogue, the harness page
 * loads each template and its pictures through the API, covers every flat with a red design and
 * renders every view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startServer, type TestServer } from '../server/harness';
import { ensureCatalog } from '../../demo/catalog/ensure';
import { catalogTemplates } from '../../server/catalog/schema';
import { openEngineHarness, type EngineHarness } from '../../scripts/engine-harness';

let s: TestServer;
let harness: EngineHarness;

beforeAll(async () => {
  s = await startServer();
  await ensureCatalog({ db: s.database.db, dataDir: s.config.dataDir }, { seed: 'archetype-render', productCount: 40, imageSize: 256 });
  harness = await openEngineHarness({ apiUrl: s.url });
  RED = `data:image/png;base64,${(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
}, 180_000);
afterAll(async () => {
  await harness?.close();
  await s?.close();
});

let RED = '';

describe('demo catalogue templates', () => {
  it('render every view of every archetype with the design on the product', async () => {
    const rows = await s.database.db.select().from(catalogTemplates);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    for (const row of rows) {
      const views = await harness.page.evaluate((args) => window.podRenderTemplate(args).catch((e: Error) => e.message), {
        template: row.template,
        size: 256,
        designUrl: RED,
      });
      if (typeof views === 'string') {
        failures.push(`${row.archetype}: ${views}`);
        continue;
      }
      for (const v of views) {
        const { data, info } = await sharp(Buffer.from(v.png, 'base64')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        let red = 0;
        for (let i = 0; i < data.length; i += 3) if (data[i]! > 120 && data[i + 1]! < 90 && data[i + 2]! < 90) red++;
        // The red design shows on the product: at least 0.5% of the view.
        if (red < info.width * info.height * 0.005) failures.push(`${row.archetype}/${v.viewId}: design not visible (${red} red px)`);
        if (Math.max(v.width, v.height) !== 256) failures.push(`${row.archetype}/${v.viewId}: size ${v.width}x${v.height}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
