/**
 * Renders a library's pictures with sharp: every clip-art SVG to a transparent PNG plus a
 * 200 x 200 padded thumbnail, every background to a JPEG (texture applied on its raw pixels)
 * plus a square thumbnail. Files go to a temporary folder that is renamed into place with its
 * marker written last, so a crash mid-way never leaves a half set a later start would take for
 * complete; other builds (older versions, other seeds or sizes) and their resized copies go.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { catalogRoot } from '../../server/catalog/paths';
import { applyTexture } from './art/texture';
import type { BackgroundJob, ClipartJob, MaterialLibrary } from './build';
import {
  BACKGROUND_FOLDER,
  BACKGROUND_THUMB,
  CLIPART_FOLDER,
  CLIPART_THUMB,
  MARKER_FILE,
  MATERIALS_FOLDER,
  materialsBuildDir,
  materialsRoot,
} from '../../server/materials/paths';
import { BUILD_RE } from './build-id';

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** Runs tasks with at most `limit` in flight; sharp spreads each one over its own threads too. */
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

export function materialImagesReady(dataDir: string, build: string): boolean {
  return existsSync(path.join(materialsBuildDir(dataDir, build), MARKER_FILE));
}

async function renderClipart(job: ClipartJob, dir: string): Promise<void> {
  const [png, thumb] = await Promise.all([
    sharp(Buffer.from(job.svg)).png({ compressionLevel: 6 }).toBuffer(),
    // Drawn at thumbnail size, then padded to the square.
    sharp(Buffer.from(job.thumbSvg))
      .resize(CLIPART_THUMB, CLIPART_THUMB, { fit: 'contain', background: TRANSPARENT })
      .png({ compressionLevel: 6 })
      .toBuffer(),
  ]);
  await Promise.all([writeFile(path.join(dir, job.file), png), writeFile(path.join(dir, job.thumb), thumb)]);
}

async function renderBackground(job: BackgroundJob, dir: string): Promise<void> {
  let image: Sharp;
  if (job.texture) {
    const rgb = await sharp(Buffer.from(job.svg)).removeAlpha().raw().toBuffer();
    applyTexture(rgb, job.size, job.texture);
    image = sharp(rgb, { raw: { width: job.size, height: job.size, channels: 3 } });
  } else {
    image = sharp(Buffer.from(job.svg)).flatten({ background: '#FFFFFF' });
  }
  const jpeg = await image.jpeg({ quality: 86, mozjpeg: false }).toBuffer();
  const side = Math.min(BACKGROUND_THUMB, job.size);
  const thumb = await sharp(jpeg).resize(side, side, { fit: 'cover' }).jpeg({ quality: 82 }).toBuffer();
  await Promise.all([writeFile(path.join(dir, job.file), jpeg), writeFile(path.join(dir, job.thumb), thumb)]);
}

export async function generateMaterialImages(dataDir: string, lib: MaterialLibrary): Promise<{ files: number }> {
  const root = materialsRoot(dataDir);
  const finalDir = materialsBuildDir(dataDir, lib.build);
  const tmp = path.join(root, `.tmp-${lib.build}-${process.pid}-${Date.now()}`);
  const clipDir = path.join(tmp, CLIPART_FOLDER);
  const bgDir = path.join(tmp, BACKGROUND_FOLDER);
  await mkdir(clipDir, { recursive: true });
  await mkdir(bgDir, { recursive: true });
  try {
    // Backgrounds first: they are the biggest single pictures, so they do not end up alone at the tail.
    const tasks = [
      ...lib.backgroundArt.map((job) => () => renderBackground(job, bgDir)),
      ...lib.clipart.map((job) => () => renderClipart(job, clipDir)),
    ];
    // A couple more tasks than cores: texture maths runs on the JS thread while sharp works on its own
    // threads, and file writes wait on the disk (measured: 4.8 s with 4 in flight, 5.4 s with 2).
    await pool(tasks, availableParallelism() + 2);
    const files = (lib.clipart.length + lib.backgroundArt.length) * 2;
    await writeFile(
      path.join(tmp, MARKER_FILE),
      JSON.stringify({ build: lib.build, materials: lib.clipart.length, backgrounds: lib.backgroundArt.length, files }),
    );
    if (materialImagesReady(dataDir, lib.build)) {
      // Another process finished first: its set is complete and identical.
      await rm(tmp, { recursive: true, force: true });
      return { files };
    }
    await rm(finalDir, { recursive: true, force: true });
    await rename(tmp, finalDir);
    await pruneOtherBuilds(dataDir, lib.build);
    return { files };
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

/** Removes other material builds and their resized copies under the catalogue's .cache folder. */
async function pruneOtherBuilds(dataDir: string, keep: string): Promise<void> {
  const root = materialsRoot(dataDir);
  for (const name of await readdir(root)) {
    if (BUILD_RE.test(name) && name !== keep) await rm(path.join(root, name), { recursive: true, force: true });
  }
  const cache = path.join(catalogRoot(dataDir), '.cache');
  for (const variant of await readdir(cache).catch(() => [] as string[])) {
    const dir = path.join(cache, variant, MATERIALS_FOLDER);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (BUILD_RE.test(name) && name !== keep) await rm(path.join(dir, name), { recursive: true, force: true });
    }
  }
}
