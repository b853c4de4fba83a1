/**
 * Generates the image set of a build at first start: each archetype's first view photographed
 * (photo, cut-out, mask, shading, sheen, displacement, surface, parts), each flat's outline, and
 * the category icons. The other views, and every product model's, are photographed when first
 * asked for (on-demand.ts), into this set. Files are written to a temporary folder and renamed
 * into place with their marker last, so a crash mid-way never leaves a half set that a later
 * start would take for complete.
 *
 * The photographs are made on worker threads (photograph-worker.ts), one per core (two here):
 * their height fields and lighting are typed-array work on the thread that runs them, which on
 * the main thread held the first start to one core while the database rows waited for it too.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ARCHETYPES, archetypeByKey } from './archetypes';
import type { Archetype, ViewDrawing } from './archetypes/types';
import { polygon, type Shape } from './art/path';
import { viewFileNames } from './art/photo';
import { flatOutlineSvg, iconSvg } from './art/svg';
import { iconArchetype } from './build';
import { MARKER_FILE, buildDir, catalogRoot, flatOutlineName, iconName } from '../../server/catalog/paths';
import { CATEGORIES } from '../../server/catalog/taxonomy';
import { flatPixels } from './templates';
import { PhotographerThread } from './photographer-thread';

const ICON_SIZE = 128;

/**
 * Runs tasks with at most `limit` in flight, each given the number of the lane (0 to limit - 1)
 * that runs it; sharp already spreads each task over threads.
 */
async function pool(tasks: readonly ((lane: number) => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  const lane = async (n: number) => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      if (task) await task(n);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, (_, n) => lane(n)));
}

/**
 * The views the first start photographs: each archetype's first, which the home page and the
 * catalogue's lists show and every other picture's thumbnail stands in with until it is made.
 */
export function firstStartViews(arch: Archetype): readonly ViewDrawing[] {
  return arch.views.slice(0, 1);
}

/** Photographer threads at first start: one per core, up to four (each holds a view's maps, ~0.2 GB at 1200 px). */
const PHOTOGRAPHERS = Math.max(1, Math.min(4, availableParallelism()));

function star(): Shape {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? 420 : 180;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push([500 + r * Math.cos(a), 520 + r * Math.sin(a)]);
  }
  return [polygon(points)];
}

function iconShape(categorySlug: string, subSlug?: string): Shape {
  const key = iconArchetype(categorySlug, subSlug);
  const view = key ? archetypeByKey(key)?.views[0] : undefined;
  return view ? view.body : star();
}

async function renderPng(svg: string, file: string): Promise<void> {
  await writeFile(file, await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer());
}

export function imagesReady(dataDir: string, build: string): boolean {
  return existsSync(path.join(buildDir(dataDir, build), MARKER_FILE));
}

export async function generateImages(dataDir: string, build: string, size: number): Promise<{ files: number }> {
  const finalDir = buildDir(dataDir, build);
  const tmp = path.join(catalogRoot(dataDir), `.tmp-${build}-${process.pid}-${Date.now()}`);
  await mkdir(path.join(tmp, 'icons'), { recursive: true });
  let files = 0;
  const photos: ((lane: number) => Promise<unknown>)[] = [];
  const tasks: (() => Promise<unknown>)[] = [];
  let threads: PhotographerThread[] = [];
  for (const arch of ARCHETYPES) {
    const dir = path.join(tmp, arch.key);
    await mkdir(dir, { recursive: true });
    for (const view of firstStartViews(arch)) {
      photos.push(async (lane) => {
        await threads[lane]!.photograph({ archKey: arch.key, model: 0, viewId: view.id, size, dir });
        files += Object.values(viewFileNames(view)).filter(Boolean).length;
      });
    }
    for (const flat of arch.flats) {
      tasks.push(async () => {
        const { width, height } = flatPixels(flat);
        await renderPng(flatOutlineSvg(flat.outline, width, height), path.join(dir, flatOutlineName(flat.flatId)));
        files += 1;
      });
    }
  }
  for (const c of CATEGORIES) {
    tasks.push(async () => {
      await renderPng(iconSvg(iconShape(c.slug), ICON_SIZE), path.join(tmp, 'icons', iconName(c.slug)));
      files += 1;
    });
    for (const s of c.subcategories) {
      tasks.push(async () => {
        await renderPng(iconSvg(iconShape(c.slug, s.slug), ICON_SIZE), path.join(tmp, 'icons', iconName(`${c.slug}--${s.slug}`)));
        files += 1;
      });
    }
  }
  // Photography is the long pole, one view per thread at a time; outlines and icons are small
  // sharp jobs beside it.
  threads = Array.from({ length: PHOTOGRAPHERS }, () => new PhotographerThread({ background: false }));
  try {
    await Promise.all([pool(photos, threads.length), pool(tasks, 2)]);
  } finally {
    await Promise.all(threads.map((t) => t.stop()));
  }
  await writeFile(path.join(tmp, MARKER_FILE), JSON.stringify({ build, size, files, archetypes: ARCHETYPES.length }));
  if (imagesReady(dataDir, build)) {
    // Another process finished first: its set is complete and identical.
    await rm(tmp, { recursive: true, force: true });
    return { files };
  }
  await rm(finalDir, { recursive: true, force: true });
  await rename(tmp, finalDir);
  await pruneOtherBuilds(dataDir, build);
  return { files };
}

const BUILD_RE = /^v\d+-\d+$/;

/**
 * Removes the pictures of other builds (an older generator version or another size) and their
 * resized copies: the database now points at this build only, so nothing links to them.
 */
async function pruneOtherBuilds(dataDir: string, keep: string): Promise<void> {
  const root = catalogRoot(dataDir);
  for (const name of await readdir(root)) {
    if (BUILD_RE.test(name) && name !== keep) await rm(path.join(root, name), { recursive: true, force: true });
  }
  const cache = path.join(root, '.cache');
  for (const variant of await readdir(cache).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(cache, variant)).catch(() => [] as string[])) {
      if (BUILD_RE.test(name) && name !== keep) await rm(path.join(cache, variant, name), { recursive: true, force: true });
    }
  }
}
