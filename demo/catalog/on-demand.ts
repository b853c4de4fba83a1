/**
 * Photographs a product model (archetypes/models.ts) the first time one of its files is asked
 * for: '<build>/<archetype>/m<n>/<file>' for n from 1. The first start photographs model 0 only
 * (images.ts), so it stays as quick as one photo set per archetype, and a model's view costs one
 * photographer run (about a second at 1200 px) on its first request.
 *
 * The whole view is photographed at once (photo, cut-out, mask, shading, sheen, displacement,
 * surface, parts: the same files as model 0's views), into a private folder, and each file is
 * renamed into place with the photo last, so a photo on disk means the view is complete. The
 * photographer runs on a worker thread (photograph-worker.ts), so the server keeps answering.
 * Concurrent requests for files of one view wait for one run; two processes may both run it, and
 * as the photographer is deterministic they rename identical files. At most two views are
 * photographed at a time, so a page of new products queues instead of starving the server.
 */
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { archetypeByKey } from './archetypes';
import { MODEL_COUNT, modelArchetype } from './archetypes/models';
import type { ViewDrawing } from './archetypes/types';
import { viewFileNames } from './art/photo';
import type { PhotographJob, PhotographReply } from './photograph-worker';
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

// One worker thread for the whole process, started on the first model request and not keeping
// the process alive.
let worker: Worker | null = null;
let nextJob = 0;
const replies = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

function photographer(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./photograph-worker.mjs', import.meta.url));
  w.unref();
  w.on('message', (reply: PhotographReply) => {
    const waiter = replies.get(reply.id);
    replies.delete(reply.id);
    if (reply.ok) waiter?.resolve();
    else waiter?.reject(new Error(reply.error));
  });
  // A worker that dies fails what it had and is started afresh on the next request.
  const fail = (e: Error) => {
    if (worker === w) worker = null;
    for (const waiter of replies.values()) waiter.reject(e);
    replies.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`catalogue photographer stopped (${code})`)));
  worker = w;
  return w;
}

function photographInWorker(job: Omit<PhotographJob, 'id'>): Promise<void> {
  const id = ++nextJob;
  return new Promise<void>((resolve, reject) => {
    replies.set(id, { resolve, reject });
    photographer().postMessage({ ...job, id } satisfies PhotographJob);
  });
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

/**
 * The first model's file of the model file `rel` names (the same view and colour of the same
 * archetype, photographed at first start), or null for any other path: what a thumbnail shows
 * while its own model is photographed.
 */
export function modelStandIn(rel: string): string | null {
  const [build, archKey, folder, name, ...rest] = rel.split('/');
  if (rest.length > 0 || !build || !archKey || !folder || !name) return null;
  const model = Number(MODEL_RE.exec(folder)?.[1]);
  if (!(model >= 1 && model < MODEL_COUNT) || folder !== `m${model}` || !archetypeByKey(archKey)) return null;
  return `${build}/${archKey}/${name}`;
}

/**
 * Makes the files of the model view `rel` names (see server/catalog/files.ts CatalogProducer);
 * false when `rel` is no model file of the current build.
 */
export async function produceModelFile(dataDir: string, rel: string): Promise<boolean> {
  const [build, archKey, folder, name, ...rest] = rel.split('/');
  if (rest.length > 0 || !build || !archKey || !folder || !name) return false;
  const b = BUILD_RE.exec(build);
  const m = MODEL_RE.exec(folder);
  if (!b || !m || Number(b[1]) !== GENERATOR_VERSION) return false;
  const model = Number(m[1]);
  const arch = archetypeByKey(archKey);
  if (!arch || model < 1 || model >= MODEL_COUNT || folder !== `m${model}`) return false;
  // Only into a complete build: a model's folder lives inside it, and a build being made is not yet in place.
  if (!imagesReady(dataDir, build)) return false;
  const view = viewOf(modelArchetype(arch, model).views, name);
  if (!view) return false;
  const dir = path.join(buildDir(dataDir, build), archKey, folder);
  const key = path.join(dir, view.id);
  let job = running.get(key);
  if (!job) {
    job = (async () => {
      await mkdir(dir, { recursive: true });
      await limited(() => photograph(dataDir, archKey, model, view, Number(b[2]), dir));
    })().finally(() => running.delete(key));
    running.set(key, job);
  }
  await job;
  return true;
}
