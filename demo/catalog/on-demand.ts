/**
 * Photographs a catalogue view the first time one of its files is asked for:
 * '<build>/<archetype>/m<n>/<file>' for a product model n from 1 (archetypes/models.ts), and
 * '<build>/<archetype>/<file>' for the drawing's (model 0's) views after its first. The first
 * start photographs each archetype's first view of model 0 only (images.ts): what the home page
 * and the catalogue's lists show, and what every other picture's thumbnail stands in with while it
 * is made. Each other view costs one photographer run (about a second at 1200 px) on its first
 * request.
 *
 * The whole view is photographed at once (photo, cut-out, mask, shading, sheen, displacement,
 * surface, parts: the same files as the first start's views), into a private folder, and each
 * file is renamed into place with the photo last, so a photo on disk means the view is complete.
 * The photographer runs on a worker thread (photograph-worker.ts), so the server keeps answering.
 * Concurrent requests for files of one view wait for one run; two processes may both run it, and
 * as the photographer is deterministic they rename identical files. At most two views are
 * photographed at a time, so a page of new products queues instead of starving the server.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { archetypeByKey } from './archetypes';
import { MODEL_COUNT, modelArchetype } from './archetypes/models';
import type { ViewDrawing } from './archetypes/types';
import { viewFileNames } from './art/photo';
import { PhotographerThread } from './photographer-thread';
import type { PhotographJob } from './photograph-worker';
import { imagesReady } from './images';
import { GENERATOR_VERSION, TINT_NAME_RE, buildDir, catalogRoot } from '../../server/catalog/paths';

const BUILD_RE = /^v(\d+)-(\d+)$/;
const MODEL_RE = /^m(\d+)$/;

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

const running = new Map<string, Promise<void>>();
let active = 0;
const waiting: (() => void)[] = [];
const LIMIT = Math.max(1, Math.min(2, availableParallelism()));

async function limited<T>(job: () => Promise<T>): Promise<T> {
  if (active >= LIMIT) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  try {
    return await job();
  } finally {
    active -= 1;
    waiting.shift()?.();
  }
}

/** The view of the model a file name belongs to: one of its files or a colour version of its photo. */
function viewOf(views: readonly ViewDrawing[], name: string): ViewDrawing | undefined {
  const tint = TINT_NAME_RE.exec(name)?.[1];
  return views.find((v) => v.id === tint || Object.values(viewFileNames(v)).includes(name));
}

/** A private folder older than this was left by a process that stopped mid-run. */
const STALE_MS = 60 * 60 * 1000;
let swept = false;

/** Once per process: removes private folders an earlier process left behind (a crash mid-run). */
async function sweepStale(dataDir: string): Promise<void> {
  if (swept) return;
  swept = true;
  const root = catalogRoot(dataDir);
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith('.model-')) continue;
    const info = await stat(path.join(root, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(path.join(root, name), { recursive: true, force: true });
  }
}

// One worker thread for the whole process, started on the first request and not keeping the
// process alive; one that died is replaced on the next request.
let worker: PhotographerThread | null = null;

function photographInWorker(job: Omit<PhotographJob, 'id'>): Promise<void> {
  if (!worker?.alive) worker = new PhotographerThread({ background: true });
  return worker.photograph(job);
}

async function photograph(dataDir: string, archKey: string, model: number, view: ViewDrawing, size: number, dir: string): Promise<void> {
  const names = viewFileNames(view);
  if (await exists(path.join(dir, names.photo))) return;
  await sweepStale(dataDir);
  // A dot-folder: no URL can name it (segments never start with '.').
  const tmp = await mkdtemp(path.join(catalogRoot(dataDir), '.model-'));
  try {
    await photographInWorker({ archKey, model, viewId: view.id, size, dir: tmp });
    const files = Object.values(names).filter((n): n is string => n !== null && n !== names.photo);
    await Promise.all(files.map((n) => rename(path.join(tmp, n), path.join(dir, n))));
    await rename(path.join(tmp, names.photo), path.join(dir, names.photo));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** A view's file in the build: which archetype, model and view, under which name. */
interface ViewFile {
  build: string;
  size: number;
  archKey: string;
  model: number;
  /** The model's folder ('m<n>'), or null for model 0's files in the archetype's folder. */
  folder: string | null;
  view: ViewDrawing;
  name: string;
}

/** The view file `rel` names ('<build>/<archetype>/[m<n>/]<file>') in this generator's builds, or null. */
function parseViewFile(rel: string): ViewFile | null {
  const segments = rel.split('/');
  if (segments.length !== 3 && segments.length !== 4) return null;
  const [build, archKey] = segments as [string, string];
  const name = segments.at(-1) as string;
  const folder = segments.length === 4 ? (segments[2] as string) : null;
  const b = BUILD_RE.exec(build);
  if (!b || Number(b[1]) !== GENERATOR_VERSION) return null;
  const model = folder === null ? 0 : Number(MODEL_RE.exec(folder)?.[1]);
  const arch = archetypeByKey(archKey);
  if (!arch || !(model >= 0 && model < MODEL_COUNT) || (folder !== null && (model < 1 || folder !== `m${model}`))) return null;
  const view = viewOf(modelArchetype(arch, model).views, name);
  return view ? { build, size: Number(b[2]), archKey, model, folder, view, name } : null;
}

/** The same kind of file (photo, mask, colour version...) of another view of the archetype, or null. */
function sameKindOf(from: ViewDrawing, name: string, to: ViewDrawing): string | null {
  const tint = TINT_NAME_RE.exec(name);
  if (tint?.[1] === from.id) return name.replace(from.id, to.id);
  const mine = viewFileNames(from);
  const theirs = viewFileNames(to);
  const kind = (Object.keys(mine) as (keyof typeof mine)[]).find((k) => mine[k] === name);
  return kind ? theirs[kind] : null;
}

/**
 * A file made at first start that shows the same product, for the thumbnail of a view file `rel`
 * names that is not made yet, or null: another model's file shows the drawing's same view (the
 * same view and colour of the same archetype) when that is made, else the drawing's first view,
 * which the first start always makes; a later view of the drawing shows its first view.
 */
export function viewStandIn(rel: string, dataDir: string): string | null {
  const file = parseViewFile(rel);
  const arch = file ? archetypeByKey(file.archKey) : undefined;
  const first = arch?.views[0];
  if (!file || !arch || !first) return null;
  const base = `${file.build}/${file.archKey}`;
  if (file.model > 0) {
    const own = arch.views.find((v) => v.id === file.view.id);
    if (own && existsSync(path.join(buildDir(dataDir, file.build), file.archKey, viewFileNames(own).photo))) return `${base}/${file.name}`;
  }
  if (file.model === 0 && file.view.id === first.id) return null;
  const shown = sameKindOf(file.view, file.name, first);
  return shown ? `${base}/${shown}` : null;
}

/**
 * Makes the files of the view `rel` names (see server/catalog/files.ts CatalogProducer): a
 * product model's, or one of the drawing's views the first start left for later; false when
 * `rel` names no view file of the current build.
 */
export async function produceViewFile(dataDir: string, rel: string): Promise<boolean> {
  const file = parseViewFile(rel);
  // Only into a complete build: a view's files live inside it, and a build being made is not yet in place.
  if (!file || !imagesReady(dataDir, file.build)) return false;
  const archDir = path.join(buildDir(dataDir, file.build), file.archKey);
  const dir = file.folder ? path.join(archDir, file.folder) : archDir;
  const key = path.join(dir, file.view.id);
  let job = running.get(key);
  if (!job) {
    job = (async () => {
      await mkdir(dir, { recursive: true });
      await limited(() => photograph(dataDir, file.archKey, file.model, file.view, file.size, dir));
    })().finally(() => running.delete(key));
    running.set(key, job);
  }
  await job;
  return true;
}
