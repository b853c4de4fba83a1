/**
 * Generates the image set of a build: every archetype view photographed once (photo, cut-out,
 * mask, shading, highlight, sheen, displacement, surface, parts), each flat's outline, and the
 * category icons. Files are written to a temporary folder and renamed into place with their
 * marker last, so a crash mid-way never leaves a half set that a later start would take for
 * complete.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ARCHETYPES, archetypeByKey } from './archetypes';
import { polygon, type Shape } from './art/path';
import { photographView } from './art/photo';
import { flatOutlineSvg, iconSvg } from './art/svg';
import { iconArchetype } from './build';
import { MARKER_FILE, buildDir, catalogRoot, flatOutlineName, iconName } from '../../server/catalog/paths';
import { CATEGORIES } from '../../server/catalog/taxonomy';
import { flatPixels } from './templates';

const ICON_SIZE = 128;

/** Runs tasks with at most `limit` in flight; sharp already spreads each task over threads. */
async function pool(tasks: readonly (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

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
  const tasks: (() => Promise<unknown>)[] = [];
  for (const arch of ARCHETYPES) {
    const dir = path.join(tmp, arch.key);
    await mkdir(dir, { recursive: true });
    for (const view of arch.views) {
      tasks.push(async () => {
        const names = await photographView(view, size, dir);
        files += Object.values(names).filter(Boolean).length;
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
  // Photography is the long pole: start it first, and keep the CPUs busy but not oversubscribed.
  await pool(tasks, Math.max(2, availableParallelism()));
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
