/**
 * What a thumbnail shows while its view is photographed (demo/catalog/on-demand.ts): always a
 * picture of the same product that is on disk, of the same kind (a photo for a photo, a colour
 * version for a colour version), and nothing for paths that are no view of a current build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewStandIn } from '../../../demo/catalog/on-demand.ts';
import { buildDir, buildId } from '../../../server/catalog/paths.ts';

const build = buildId(320);
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pod-stand-in-'));
  await mkdir(path.join(buildDir(dataDir, build), 'mug'), { recursive: true });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('stand-ins for views not yet photographed', () => {
  it("show the drawing's first view, the same kind of file, for its later views", () => {
    expect(viewStandIn(`${build}/mug/right.jpg`, dataDir)).toBe(`${build}/mug/left.jpg`);
    expect(viewStandIn(`${build}/mug/right-mask.png`, dataDir)).toBe(`${build}/mug/left-mask.png`);
    expect(viewStandIn(`${build}/mug/right-C8102E.jpg`, dataDir)).toBe(`${build}/mug/left-C8102E.jpg`);
    expect(viewStandIn(`${build}/hoodie/back-shading.png`, dataDir)).toBe(`${build}/hoodie/front-shading.png`);
  });

  it("show a model's view as the drawing's same view once that is photographed, its first view before", async () => {
    expect(viewStandIn(`${build}/mug/m2/right.jpg`, dataDir)).toBe(`${build}/mug/left.jpg`);
    expect(viewStandIn(`${build}/mug/m2/left-FFFFFF.jpg`, dataDir)).toBe(`${build}/mug/left-FFFFFF.jpg`);
    await writeFile(path.join(buildDir(dataDir, build), 'mug', 'right.jpg'), 'a photo');
    expect(viewStandIn(`${build}/mug/m2/right.jpg`, dataDir)).toBe(`${build}/mug/right.jpg`);
  });

  it('are none for the first view itself, outlines, icons, unknown models, views and builds', () => {
    for (const rel of [
      `${build}/mug/left.jpg`,
      `${build}/mug/flat-left.png`,
      `${build}/icons/mugs.png`,
      `${build}/mug/m0/left.jpg`,
      `${build}/mug/m5/left.jpg`,
      `${build}/mug/side.jpg`,
      `${build}/no-such-thing/left.jpg`,
      'v1-320/mug/right.jpg',
      `${build}/mug/m1/extra/right.jpg`,
    ]) {
      expect(viewStandIn(rel, dataDir), rel).toBeNull();
    }
  });
});
