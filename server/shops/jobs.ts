/**
 * The shops' background jobs: an in-process loop that claims due push jobs one at a time and runs
 * them, gives back jobs of runners that died, and now and then pulls recent orders from connected
 * shops (for shops whose webhooks did not reach us), and runs the other domains' periodic tasks
 * (`periodic`, e.g. the buyer picture sweep) on the same loop. server/main.ts starts one runner;
 * tests start as many as they like. close() stops the loop and waits for the job in hand.
 */
import type { BlobStorage } from '../platform/blob-storage/types';
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { storeConnections } from './schema';
import type { ShopsConfig } from './config';
import { createTokenCipher, loadTokenKey, type TokenCipher } from './token-cipher';
import { claimNext, requeueStale } from './push-queue';
import { runJob, type PushDeps } from './push';
import { recordPushOutcome } from './push-outcome';
import { connectorFor } from './connectors';
import { importShopOrder } from './order-import';
import { refreshIfExpiring, tokenRefresher } from './token-refresh';
import { setNotice } from './notices';

export interface ShopJobs {
  id: string;
  /** Runs at most one due job; true when one ran. */
  tick(now?: Date): Promise<boolean>;
  /** Runs due jobs until none is left (tests, and a quick catch-up). */
  drain(now?: Date): Promise<number>;
  /** Pulls new orders from every connected store once. */
  pullOrders(): Promise<number>;
  close(): Promise<void>;
}

/** Work another domain wants done now and then on this loop (first run on the loop's first turn). */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

export interface ShopJobsOptions {
  db: Db;
  config: ShopsConfig;
  dataDir: string;
  log: PushDeps['log'];
  /** Idle wait between polls of the queue (ms). */
  pollMs?: number;
  /** false: no loop, only tick()/drain() when called (tests). */
  loop?: boolean;
  cipher?: TokenCipher;
  /** Reads designs saved as files when a pulled order line carries a buyer's personalisation. */
  blobs?: BlobStorage;
  /** Run by the loop every `everyMs` (never when `loop` is false). */
  periodic?: readonly PeriodicTask[];
}

export function shopTokenCipher(config: ShopsConfig, dataDir: string): TokenCipher {
  return createTokenCipher(loadTokenKey(config.tokenKey, dataDir));
}

export function startShopJobs(opts: ShopJobsOptions): ShopJobs {
  const id = `worker-${randomUUID().slice(0, 8)}`;
  const deps: PushDeps = {
    db: opts.db,
    config: opts.config,
    cipher: opts.cipher ?? shopTokenCipher(opts.config, opts.dataDir),
    log: opts.log,
  };
  const pollMs = opts.pollMs ?? 2000;
  let stopped = false;
  let wake: (() => void) | null = null;
  let lastStaleCheck = 0;
  let lastPull = Date.now();
  const periodic = (opts.periodic ?? []).map((task) => ({ task, last: 0 }));

  const tick = async (at?: Date): Promise<boolean> => {
    const now = () => at ?? new Date();
    if (now().getTime() - lastStaleCheck > 60_000) {
      lastStaleCheck = now().getTime();
      await requeueStale(deps.db, now());
    }
    const job = await claimNext(deps.db, id, now());
    if (!job) return false;
    await runJob(deps, job, now);
    await recordPushOutcome(deps.db, job.id); // a finished push becomes a "product complete" message
    return true;
  };

  const pullOrders = async (): Promise<number> => {
    let imported = 0;
    const conns = await deps.db
      .select()
      .from(storeConnections)
      .where(and(eq(storeConnections.status, 'active'), isNotNull(storeConnections.shopId)));
    for (const c of conns) {
      try {
        const fresh = await refreshIfExpiring(deps, c);
        const since = c.ordersPulledAt ?? c.createdAt;
        const list = await connectorFor(deps.config, deps.cipher, fresh, tokenRefresher(deps, fresh)).pullOrders(since, {
          notice: (code, message) => setNotice(deps.db, c.id, code, message),
        });
        let newest = since;
        for (const o of list) {
          const r = await importShopOrder(deps.db, c.shopId!, o, 'pull', opts.blobs);
          if (r.status === 'imported') imported += 1;
          if (o.createdAt > newest) newest = o.createdAt;
        }
        await deps.db.update(storeConnections).set({ ordersPulledAt: newest }).where(eq(storeConnections.id, c.id));
      } catch (err) {
        deps.log.warn({ connectionId: c.id, err: err instanceof Error ? err.message : String(err) }, 'store order pull failed');
      }
    }
    return imported;
  };

  const loop = async () => {
    while (!stopped) {
      let worked = false;
      try {
        worked = await tick();
        if (opts.config.orderPullMs > 0 && Date.now() - lastPull >= opts.config.orderPullMs) {
          lastPull = Date.now();
          await pullOrders();
        }
      } catch (err) {
        deps.log.error({ err }, 'shop jobs tick failed');
      }
      for (const p of periodic) {
        if (stopped || Date.now() - p.last < p.task.everyMs) continue;
        p.last = Date.now();
        try {
          await p.task.run(new Date());
        } catch (err) {
          deps.log.error({ err, task: p.task.name }, 'periodic task failed');
        }
      }
      if (!worked && !stopped) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        wake = null;
      }
    }
  };
  const running = opts.loop === false ? Promise.resolve() : loop();

  return {
    id,
    tick,
    async drain(at?: Date) {
      let n = 0;
      while (await tick(at)) n += 1;
      return n;
    },
    pullOrders,
    async close() {
      stopped = true;
      wake?.();
      await running;
    },
  };
}
