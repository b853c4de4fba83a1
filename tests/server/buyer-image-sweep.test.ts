/**
 * The buyer picture sweep on a real database (PGlite) and real files: pictures uploaded through
 * the widget's upload call, some made old; the sweep deletes the old ones no order line names,
 * keeps the old one an order took and every recent one, and the server's job loop runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { startServer, type TestServer } from './harness';
import { createUser } from '../../server/accounts/users';
import { orderItems, orders } from '../../server/commerce/schema';
import { buyerImages, orderItemPersonalizations } from '../../server/personalization/schema';
import { createBlobStorage } from '../../server/platform/blob-storage';
import { keyFromUrl } from '../../server/products/blob-refs';
import { startShopJobs } from '../../server/shops/jobs';
import {
  BUYER_IMAGE_RETENTION_DAYS,
  BUYER_IMAGE_RETENTION_MS,
  buyerImageSweepTask,
  chooseBuyerImageSweep,
  sweepBuyerImages,
} from '../../server/personalization/buyer-image-sweep';

let s: TestServer;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  s = await startServer({ STORE_ORDER_PULL_MS: '0' });
});
afterAll(async () => {
  await s?.close();
});

async function upload(colour: string): Promise<{ url: string; key: string; file: string }> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), 'me.png');
  const res = (await (await fetch(`${s.url}/prod-api/api/personalizer/uploadImage`, { method: 'POST', body: form })).json()) as {
    code: number;
    msg: string;
    data: { url: string };
  };
  expect(res.code, res.msg).toBe(200);
  const key = keyFromUrl(createBlobStorage(s.config), res.data.url)!;
  return { url: res.data.url, key, file: path.join(s.config.dataDir, 'files', key) };
}

const onDisk = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function ageBy(key: string, ms: number): Promise<void> {
  await s.database.db
    .update(buyerImages)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(buyerImages.key, key));
}

/** An imported store order whose one line's buyer values name `url` as the buyer's photo. */
async function orderNaming(url: string): Promise<void> {
  const db = s.database.db;
  const user = await createUser(db, `sweep-${Date.now()}@personal.test`, 'secret123');
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `SW${Date.now()}`,
      userId: user.id,
      status: 'processing',
      countryCode: 'US',
      shipCountryId: 1,
      address: {},
      subtotal: 0,
      shippingCost: 0,
      total: 0,
    })
    .returning();
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order!.id,
      productId: 1,
      variantId: 1,
      title: 'Photo Mug',
      variantTitle: 'White',
      shipFrom: 'CN',
      unitCost: 0,
      quantity: 1,
      lineTotal: 0,
    })
    .returning();
  await db.insert(orderItemPersonalizations).values({
    orderItemId: item!.id,
    orderId: order!.id,
    userId: user.id,
    productId: 1,
    design: {},
    values: { name: { text: 'Ann' }, photo: { image: { url, width: 40, height: 40 } } },
    lines: [{ label: 'Your photo', value: 'uploaded picture' }],
  });
}

describe('choosing what to sweep', () => {
  it('takes only pictures past the retention period, and keeps those an order names', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    const chosen = chooseBuyerImageSweep(
      [
        { key: '/buyer-images/a.png', createdAt: at(BUYER_IMAGE_RETENTION_DAYS + 1) },
        { key: '/buyer-images/b.png', createdAt: at(BUYER_IMAGE_RETENTION_DAYS + 5) },
        { key: '/buyer-images/c.png', createdAt: at(BUYER_IMAGE_RETENTION_DAYS - 1) },
        { key: '/buyer-images/d.png', createdAt: at(0) },
      ],
      new Set(['/buyer-images/b.png', '/buyer-images/d.png']),
      now,
    );
    expect(chosen).toEqual({ remove: ['/buyer-images/a.png'], settled: ['/buyer-images/b.png'] });
    expect(BUYER_IMAGE_RETENTION_MS).toBe(30 * DAY);
  });
});

describe('the buyer picture sweep', () => {
  it('deletes old pictures no order names, keeps the one an order took and the recent one', async () => {
    const abandoned = await upload('#ff0000');
    const bought = await upload('#00ff00');
    const recent = await upload('#0000ff');
    for (const p of [abandoned, bought, recent]) expect(await onDisk(p.file)).toBe(true);
    await ageBy(abandoned.key, 31 * DAY);
    await ageBy(bought.key, 40 * DAY);
    await ageBy(recent.key, 2 * DAY);
    await orderNaming(bought.url);

    const swept = await sweepBuyerImages(s.database.db, createBlobStorage(s.config));
    expect(swept).toEqual({ remove: [abandoned.key], settled: [bought.key] });
    expect(await onDisk(abandoned.file)).toBe(false);
    expect(await onDisk(bought.file)).toBe(true);
    expect(await onDisk(recent.file)).toBe(true);
    // The bought one now belongs to its order: no longer a candidate; the recent one still is.
    const left = await s.database.db
      .select({ key: buyerImages.key })
      .from(buyerImages)
      .where(inArray(buyerImages.key, [abandoned.key, bought.key, recent.key]));
    expect(left.map((r) => r.key)).toEqual([recent.key]);
    // The order still reads its picture.
    expect((await fetch(`${s.url}${bought.url}`)).status).toBe(200);
    expect((await fetch(`${s.url}${abandoned.url}`)).status).toBe(404);

    // A second sweep finds nothing more to do.
    expect(await sweepBuyerImages(s.database.db, createBlobStorage(s.config))).toEqual({ remove: [], settled: [] });
  });

  it("runs on the server's job loop", async () => {
    const old = await upload('#ffff00');
    await ageBy(old.key, 45 * DAY);
    const info: object[] = [];
    const log = { info: (o: object) => info.push(o), warn() {}, error() {} };
    const jobs = startShopJobs({
      db: s.database.db,
      config: s.config.shops,
      dataDir: s.config.dataDir,
      log,
      pollMs: 20,
      periodic: [buyerImageSweepTask(s.database.db, createBlobStorage(s.config), log)],
    });
    try {
      await expect.poll(() => onDisk(old.file), { timeout: 10_000 }).toBe(false);
      expect(info).toContainEqual({ removed: 1, keptForOrders: 0 });
    } finally {
      await jobs.close();
    }
  });
});
