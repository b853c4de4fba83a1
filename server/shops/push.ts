/**
 * Running one claimed push job: the store must still be the merchant's and connected, the
 * product still theirs; the connector creates or updates the product (the product link makes a
 * re-push an update), and the outcome is recorded. Store errors decide what happens next:
 * transient → retried with backoff (never sooner than the store's Retry-After); a revoked token
 * → the connection is marked uninstalled (code 10003's wording); a missing permission → marked
 * for re-authorisation (10004's wording); anything the store refused → failed with its message.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops, storeProductLinks } from './schema';
import { connectionOfShop, setConnectionStatus } from './connections';
import { connectorFor } from './connectors';
import { asShopError, ShopApiError } from './errors';
import { loadPushProduct } from './push-product';
import { failJob, finishJob, nextRunAfterFailure, retryJob, type PushJob } from './push-queue';
import { refreshIfExpiring, tokenRefresher, type TokenRefreshDeps } from './token-refresh';
import type { ProductLink, PushHooks } from './connector-types';
import { Messages } from '../../contract/envelope';
import { ShopMessages } from '../../contract/shops';

export interface PushDeps extends TokenRefreshDeps {
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };
}

type LinkRow = typeof storeProductLinks.$inferSelect;

async function linkOf(db: Db, shopId: number, myProductId: number): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(storeProductLinks)
    .where(and(eq(storeProductLinks.shopId, shopId), eq(storeProductLinks.myProductId, myProductId)));
  return row ?? null;
}

const asLink = (row: LinkRow): ProductLink => ({
  externalProductId: row.externalProductId,
  variantMap: (row.variantMap ?? {}) as Record<string, string>,
  imageMap: (row.imageMap ?? {}) as Record<string, string>,
});

async function saveLink(db: Db, shopId: number, myProductId: number, link: ProductLink, status: 'active' | 'draft'): Promise<void> {
  const set = {
    externalProductId: link.externalProductId,
    variantMap: link.variantMap,
    ...(link.imageMap ? { imageMap: link.imageMap } : {}),
    status,
    pushedAt: new Date(),
  };
  await db
    .insert(storeProductLinks)
    .values({ shopId, myProductId, ...set })
    .onConflictDoUpdate({ target: [storeProductLinks.shopId, storeProductLinks.myProductId], set });
}

/** Does the job's work; throws ShopApiError (or anything else) on failure. Returns the success note. */
async function perform(deps: PushDeps, job: PushJob): Promise<string> {
  const { db } = deps;
  const [shop] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, job.shopId), eq(shops.userId, job.userId)));
  if (!shop) throw new ShopApiError(ShopMessages.storeNotFound, 'permanent');
  let conn = await connectionOfShop(db, shop.id);
  if (!conn) throw new ShopApiError(ShopMessages.noStore, 'permanent');
  if (conn.status === 'uninstalled') throw new ShopApiError(Messages.storeNotInstalled, 'auth');
  if (conn.status === 'reauthorize') throw new ShopApiError(Messages.permissionsUpdated, 'scope');
  conn = await refreshIfExpiring(deps, conn);
  const connector = connectorFor(deps.config, deps.cipher, conn, tokenRefresher(deps, conn));
  const existing = await linkOf(db, shop.id, job.myProductId);

  if (job.action === 'downshelf') {
    if (!existing) throw new ShopApiError(ShopMessages.notPushed, 'permanent');
    await connector.setListed(asLink(existing), false);
    await db.update(storeProductLinks).set({ status: 'draft' }).where(eq(storeProductLinks.id, existing.id));
    return ShopMessages.downshelfDone;
  }

  const product = await loadPushProduct(db, job.userId, job.myProductId, deps.config.publicUrl);
  if (!product) throw new ShopApiError(ShopMessages.productNotFound, 'permanent');
  const hooks: PushHooks = { onCreated: (made) => saveLink(db, shop.id, job.myProductId, made, 'active') };
  let link: ProductLink;
  try {
    link = await connector.pushProduct(product, existing ? asLink(existing) : null, (job.options ?? {}) as Record<string, unknown>, hooks);
  } catch (err) {
    // The merchant deleted the product in their store: push it again as a new one.
    if (existing && err instanceof ShopApiError && err.kind === 'permanent' && /does not exist|not found|invalid.*id/i.test(err.message)) {
      await db.delete(storeProductLinks).where(eq(storeProductLinks.id, existing.id));
      link = await connector.pushProduct(product, null, (job.options ?? {}) as Record<string, unknown>, hooks);
    } else {
      throw err;
    }
  }
  await saveLink(db, shop.id, job.myProductId, link, 'active');
  return ShopMessages.pushDone;
}

export async function runJob(deps: PushDeps, job: PushJob, now: () => Date): Promise<'done' | 'retry' | 'failed'> {
  try {
    const note = await perform(deps, job);
    await finishJob(deps.db, job, note, now());
    deps.log.info({ jobId: job.id, shopId: job.shopId, myProductId: job.myProductId, action: job.action }, 'store push done');
    return 'done';
  } catch (raw) {
    const err = asShopError(raw);
    const unexpected = !(raw instanceof ShopApiError) && !(raw instanceof Error && /fetch failed|ECONN|socket|timeout/i.test(raw.message));
    if (unexpected) deps.log.error({ err: raw, jobId: job.id }, 'store push crashed');
    if (err.kind === 'auth' || err.kind === 'scope') {
      const conn = await connectionOfShop(deps.db, job.shopId);
      if (conn && conn.status === 'active')
        await setConnectionStatus(deps.db, conn.id, err.kind === 'auth' ? 'uninstalled' : 'reauthorize');
      await failJob(deps.db, job, err.kind === 'auth' ? Messages.storeNotInstalled : Messages.permissionsUpdated, now());
      deps.log.warn({ jobId: job.id, kind: err.kind, status: err.status }, 'store push refused by the store');
      return 'failed';
    }
    if (err.kind === 'transient' && job.attempts < job.maxAttempts) {
      const at = nextRunAfterFailure(job.attempts, err.retryAfterMs, now());
      await retryJob(deps.db, job, err.message, at, now());
      deps.log.info({ jobId: job.id, attempt: job.attempts, status: err.status, retryAt: at.toISOString() }, 'store push will be retried');
      return 'retry';
    }
    await failJob(deps.db, job, err.message, now());
    deps.log.warn({ jobId: job.id, kind: err.kind, status: err.status, msg: err.message }, 'store push failed');
    return 'failed';
  }
}
