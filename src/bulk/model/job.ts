/**
 * A bulk job: the products picked, the designs put on them, and how far each product has got
 * (its mockups rendered and uploaded, then saved as the merchant's product). The job is plain
 * data so it can be kept in IndexedDB after every step and picked up again after a reload or a
 * crash: a product that was mid-render starts over, everything finished stays finished. Pure.
 */
import type { ViewImageInput } from '../../../contract/products';
import type { Adjust, AreaPlacement } from './placement';
import type { BackgroundSource, DesignSource } from './design';

export type ItemState = 'pending' | 'rendering' | 'rendered' | 'failed' | 'saved';

export interface BulkItem {
  /** Unique within the job; with the job id it is the product's request key on save. */
  key: string;
  productId: number;
  productTitle: string;
  /** Picked values per product option (the catalogue's order); an empty list picks all. */
  selection: string[][];
  /** A title given for this product (a spreadsheet row), else the job's title template. */
  title: string | null;
  /** Selling price of every variant in cents (a spreadsheet row), else the account's rule. */
  priceCents: number | null;
  /** This product's own designs (a spreadsheet row), else the job's. */
  designs: DesignSource[] | null;
  adjust: Adjust;
  state: ItemState;
  error: string | null;
  images: ViewImageInput[];
  /** Mockups done and to do of the render in progress or last run. */
  done: number;
  total: number;
  savedId: number | null;
}

export type BulkKind = 'design' | 'background' | 'sheet';

export interface BulkJob {
  id: string;
  /** The merchant the job belongs to: another account in the same browser never sees it. */
  userId: number;
  kind: BulkKind;
  createdAt: number;
  designName: string;
  /** The title of each saved product, from its placeholders. */
  titleTemplate: string;
  /** Which colours a product without its own picks is made in: its first, or all of them. */
  colours: 'first' | 'all';
  designs: DesignSource[];
  background: BackgroundSource | null;
  areas: Record<string, AreaPlacement>;
  items: BulkItem[];
  /** Rows of a spreadsheet that could not become products: row number and why. */
  rejected: { row: number; msg: string }[];
}

export function newItem(key: string, productId: number, productTitle: string, rest: Partial<BulkItem> = {}): BulkItem {
  return {
    key,
    productId,
    productTitle,
    selection: [],
    title: null,
    priceCents: null,
    designs: null,
    adjust: { scalePct: 100, offsetXPct: 0, offsetYPct: 0 },
    state: 'pending',
    error: null,
    images: [],
    done: 0,
    total: 0,
    savedId: null,
    ...rest,
  };
}

/**
 * The option values a product is made in: the item's own picks where it has them; otherwise
 * every value, except the colour option under `colours: 'first'`, which takes its first colour.
 */
export function selectionFor(
  options: readonly { isColor: boolean; values: readonly { name: string }[] }[],
  picks: readonly (readonly string[])[],
  colours: BulkJob['colours'],
): string[][] {
  return options.map((o, i) => {
    const own = (picks[i] ?? []).filter((v) => o.values.some((x) => x.name === v));
    if (own.length > 0) return own;
    const all = o.values.map((v) => v.name);
    return o.isColor && colours === 'first' ? all.slice(0, 1) : all;
  });
}

/** The job as it is picked up after a reload: a render that was cut off starts over. */
export function resumable(job: BulkJob): BulkJob {
  return {
    ...job,
    items: job.items.map((it) => (it.state === 'rendering' ? { ...it, state: 'pending', done: 0, images: [] } : it)),
  };
}

/** Products still to render. */
export const toRender = (job: BulkJob): BulkItem[] => job.items.filter((it) => it.state === 'pending');
/** Products rendered and not saved yet. */
export const toSave = (job: BulkJob): BulkItem[] => job.items.filter((it) => it.state === 'rendered');

/** Failed products go back in the queue. */
export function retryFailed(job: BulkJob): BulkJob {
  return {
    ...job,
    items: job.items.map((it) => (it.state === 'failed' ? { ...it, state: 'pending', error: null, done: 0, images: [] } : it)),
  };
}

export interface JobProgress {
  /** Products whose mockups are all done (rendered or saved). */
  finished: number;
  failed: number;
  total: number;
  /** Mockups done and in all, over every product. */
  mockupsDone: number;
  mockupsTotal: number;
}

/** Takes the job as the page's read-only snapshot holds it. */
export function progressOf(job: { readonly items: readonly Pick<BulkItem, 'state' | 'done' | 'total'>[] }): JobProgress {
  let finished = 0;
  let failed = 0;
  let mockupsDone = 0;
  let mockupsTotal = 0;
  for (const it of job.items) {
    if (it.state === 'rendered' || it.state === 'saved') finished++;
    if (it.state === 'failed') failed++;
    mockupsDone += it.state === 'rendered' || it.state === 'saved' ? it.total : it.done;
    mockupsTotal += it.total;
  }
  return { finished, failed, total: job.items.length, mockupsDone, mockupsTotal };
}

/**
 * Seconds left from the pace so far: products still to render times the mean time a product
 * took in this run; null until one has finished.
 */
export function secondsLeft(productsLeft: number, finishedThisRun: number, elapsedMs: number): number | null {
  if (finishedThisRun === 0) return null;
  return Math.ceil(((elapsedMs / finishedThisRun) * productsLeft) / 1000);
}

/** "1 min 5 s", "40 s". */
export function formatSeconds(s: number): string {
  const m = Math.floor(s / 60);
  return m > 0 ? `${m} min ${s % 60} s` : `${s} s`;
}
