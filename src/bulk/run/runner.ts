/**
 * Runs the merchant's bulk job: every mockup of every product through the render pool (sized to
 * the machine), uploads included, with progress, cancel and retry; then saves the rendered
 * products with batchAdd. The job is written to IndexedDB whenever a product finishes, so after
 * a reload `openJob` picks it up where it stopped and the render goes on.
 */
import { proxy } from 'valtio';
import { designDocument, type CustomTemplate, type SkuDesign } from '@pod-studio/engine/model';
import { BULK_SAVE_MAX, fillTemplate } from '../../../contract/bulk';
import type { ViewImageInput } from '../../../contract/products';
import { RenderPool, keyedJob, type JobRun } from '../../../workers/pool';
import { designerApi } from '../../api/designer';
import { bulkApi, type BatchAddEntry } from '../../api/bulk';
import { chosenColours, chosenVariants } from '../../designer/model/options';
import { viewImageJobs, type PendingViewImage } from '../../designer/save/view-jobs';
import { saveBody } from '../../designer/save/body';
import { planEditObj } from '../../designer/save/edit-obj';
import { bulkDesign } from '../model/design';
import { resumable, retryFailed, selectionFor, toRender, toSave, type BulkItem, type BulkJob } from '../model/job';
import { clearJob, loadJob, storeJob } from '../store/job-store';
import { loadProduct, type LoadedProduct } from './products';
import { eachLimited } from './limited';

export const bulk = proxy({
  job: null as BulkJob | null,
  running: false,
  saving: false,
  /** When the running render started, and how many products it has finished: the time left comes from these. */
  runStartedAt: 0,
  finishedThisRun: 0,
  message: '',
});

let pool: RenderPool | null = null;
let abort: AbortController | null = null;
let previewTurn: Promise<unknown> = Promise.resolve();

const persist = async () => {
  if (bulk.job) await storeJob(bulk.job);
};

/** The merchant's unfinished job, if this browser holds one; a render cut off mid-way goes back in the queue. */
export async function openJob(userId: number): Promise<BulkJob | null> {
  const job = await loadJob(userId);
  bulk.job = job ? resumable(job) : null;
  return bulk.job;
}

export async function startJob(job: BulkJob): Promise<void> {
  bulk.job = job;
  await persist();
  await render();
}

export async function discardJob(): Promise<void> {
  cancelRender();
  const userId = bulk.job?.userId;
  bulk.job = null;
  if (userId !== undefined) await clearJob(userId);
}

export function cancelRender(): void {
  abort?.abort();
}

export async function retryFailedItems(): Promise<void> {
  if (!bulk.job) return;
  bulk.job = retryFailed(bulk.job);
  await persist();
  await render();
}

interface Prepared {
  item: BulkItem;
  loaded: LoadedProduct;
  jobs: JobRun<PendingViewImage>[];
}

/** A product's document: its own designs (a spreadsheet row) or the job's, placed by the job's settings. */
function designOf(job: BulkJob, item: BulkItem, template: CustomTemplate): SkuDesign {
  return bulkDesign({
    template,
    designs: item.designs ?? job.designs,
    areas: job.areas,
    adjust: item.adjust,
    background: job.background,
    id: item.key,
  });
}

function prepare(job: BulkJob, item: BulkItem, loaded: LoadedProduct): Prepared {
  const { product, rows, template } = loaded;
  const selection = selectionFor(product.options, item.selection, job.colours);
  const design = designOf(job, item, template);
  const jobs = viewImageJobs({
    product,
    rows,
    template,
    design,
    variants: chosenVariants(product.options, product.variants, selection),
    colours: chosenColours(product.options, selection),
  });
  return { item, loaded, jobs };
}

/** Renders every product still pending; resolves when all are done, failed or the render was cancelled. */
export async function render(): Promise<void> {
  const job = bulk.job;
  if (!job || bulk.running) return;
  const pending = toRender(job);
  if (pending.length === 0) return;
  bulk.running = true;
  bulk.runStartedAt = performance.now();
  bulk.finishedThisRun = 0;
  bulk.message = '';
  abort = new AbortController();
  const signal = abort.signal;
  pool ??= new RenderPool();
  try {
    const prepared: Prepared[] = [];
    await eachLimited(pending, 4, async (item) => {
      if (signal.aborted) return;
      try {
        prepared.push(prepare(job, item, await loadProduct(item.productId)));
      } catch (err) {
        item.state = 'failed';
        item.error = err instanceof Error ? err.message : 'Data error';
      }
    });
    // One queue over every product keeps every worker busy; each product's mockups keep their order.
    const runs: JobRun<void>[] = [];
    // A job ends with its render; its upload runs on, and finishes the product when it is the last.
    const uploads: Promise<void>[] = [];
    for (const p of prepared) {
      const { item } = p;
      const images: ViewImageInput[] = new Array(p.jobs.length);
      let left = p.jobs.length;
      item.state = 'rendering';
      item.done = 0;
      item.total = p.jobs.length;
      item.error = null;
      p.jobs.forEach((run, i) => {
        const fail = async (err: unknown) => {
          item.state = 'failed';
          item.error = err instanceof Error ? err.message : 'Data error';
          await persist();
        };
        const job = async (api: Parameters<typeof run>[0]) => {
          if (item.state === 'failed') return;
          let pending: PendingViewImage;
          try {
            pending = await run(api);
          } catch (err) {
            await fail(err);
            return;
          }
          uploads.push(
            pending.image
              .then(async (image) => {
                if (item.state === 'failed') return;
                images[i] = image;
                item.done += 1;
                if (--left === 0) {
                  item.images = images;
                  item.state = 'rendered';
                  bulk.finishedThisRun += 1;
                  await persist();
                }
              }, fail)
              // Like a job's own errors (the pool keeps them in results this run does not read):
              // a job store that fails to persist leaves the product to be rendered again.
              .catch(() => {}),
          );
        };
        // The view the job renders stays its key: the pool sends it to the worker that drew it.
        runs.push(run.key === undefined ? job : keyedJob(run.key, job));
      });
    }
    await persist();
    await pool.run(runs, { signal });
    await Promise.all(uploads);
  } finally {
    // Products cut off by a cancel go back to the queue.
    for (const it of job.items) if (it.state === 'rendering') Object.assign(it, { state: 'pending', done: 0, images: [] });
    bulk.running = false;
    abort = null;
    await persist();
  }
}

/** The save entry of a rendered product. */
async function entryFor(job: BulkJob, item: BulkItem): Promise<BatchAddEntry> {
  const { product, template } = await loadProduct(item.productId);
  const selection = selectionFor(product.options, item.selection, job.colours);
  const design = designOf(job, item, template);
  const plan = planEditObj(designDocument(template, design));
  let editObj: string | null = plan.json;
  let editObjUrl: string | null = null;
  if (plan.kind === 'file') {
    const up = await designerApi.uploadFile(new Blob([plan.json], { type: 'application/json' }), 'design.json');
    if (up.code !== 200 || !up.data?.url) throw new Error(up.msg || 'Upload failed');
    editObj = null;
    editObjUrl = up.data.url;
  }
  const colours = chosenColours(product.options, selection);
  const variants = chosenVariants(product.options, product.variants, selection);
  const title =
    item.title ??
    fillTemplate(job.titleTemplate, { product: product.title, colour: colours.map((c) => c.name).join(', '), design: job.designName });
  const body = saveBody({
    id: null,
    productfid: product.id,
    customType: product.customType,
    template,
    editObj,
    editObjUrl,
    options: product.options,
    selection,
    colours,
    title: title || product.title,
    bodyHtml: product.bodyHtml,
    prices: [],
    isTemplate: false,
    sourceTemplateId: null,
  });
  // Without a price of its own every variant is priced by the account's rule on the server.
  body.variants = variants.map((v) => (item.priceCents === null ? { variantId: v.id } : { variantId: v.id, price: item.priceCents }));
  return { ...body, images: item.images, requestKey: `${job.id}:${item.key}` };
}

/**
 * Saves every rendered product, BULK_SAVE_MAX per call; resolves with the ids of every saved
 * product of the job, or null when a call failed (what was saved stays saved; saving again goes on).
 */
export async function saveRendered(): Promise<number[] | null> {
  const job = bulk.job;
  if (!job || bulk.saving) return null;
  bulk.saving = true;
  bulk.message = '';
  try {
    const items = toSave(job);
    for (let i = 0; i < items.length; i += BULK_SAVE_MAX) {
      const chunk = items.slice(i, i + BULK_SAVE_MAX);
      const entries: BatchAddEntry[] = [];
      for (const it of chunk) entries.push(await entryFor(job, it));
      const res = await bulkApi.batchAdd(entries);
      if (res.code !== 200 || !res.data) {
        bulk.message = res.msg || 'Data error';
        return null;
      }
      for (const r of res.data.results) {
        const it = chunk[r.index];
        if (!it) continue;
        if (r.id !== undefined) Object.assign(it, { state: 'saved', savedId: r.id, error: null });
        else Object.assign(it, { state: 'failed', error: r.msg ?? 'Data error' });
      }
      await persist();
    }
    return job.items.flatMap((it) => (it.savedId !== null ? [it.savedId] : []));
  } catch (err) {
    bulk.message = err instanceof Error ? err.message : 'Data error';
    return null;
  } finally {
    bulk.saving = false;
  }
}

/** Stops the pool's workers (when the bulk pages close). */
export function stopPool(): void {
  cancelRender();
  pool?.terminate();
  pool = null;
}

/** The first view of a product in its first colour with the setup as it is, for the preview before the render. */
export async function previewMockup(
  productId: number,
  setup: Pick<BulkJob, 'designs' | 'areas' | 'background'>,
  adjust: BulkItem['adjust'],
  size = 360,
): Promise<ImageBitmap> {
  const { template } = await loadProduct(productId);
  const design = bulkDesign({ template, designs: setup.designs, areas: setup.areas, adjust, background: setup.background });
  const viewId = template.viewList[0]?.viewId;
  if (!viewId) throw new Error('Data error');
  // One preview at a time: previews of different products share view ids, and a worker's newer
  // render of a view stops the older one still drawing it.
  const turn = previewTurn.then(async () => {
    pool ??= new RenderPool();
    const [result] = await pool.run([(api) => api.renderMockup({ template, design, viewId, color: design.color, size })]);
    if (!result?.ok) throw new Error(result?.error ?? 'Data error');
    return result.value;
  });
  previewTurn = turn.catch(() => undefined);
  return turn;
}
