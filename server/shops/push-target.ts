/**
 * What the shop routes share: the runtime they are built with (the token cipher), the shop a
 * push goes to, and the merchant's own product being pushed.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/envelope';
import { myProducts } from '../products/schema';
import { findUserById } from '../accounts/users';
import { Code, Messages } from '../../contract/envelope';
import { canQueuePush, needsTokenUpgrade, ShopMessages, ShopType } from '../../contract/shops';
import { connectionOfShop } from './connections';
import { currentShop, type ShopRow } from './merchant-shops';
import type { TokenCipher } from './token-cipher';

/** Built once per app by the shop routes and handed to each platform's routes. */
export interface ShopsRuntime {
  cipher: TokenCipher;
}

/**
 * The store a push goes to: the caller's current one, connected and able to take it.
 * Refusals carry the product's codes: 10003 not installed, 10004 permissions changed.
 */
export async function pushTarget(ctx: AppContext, userId: number, platform: 'queue' | 'etsy'): Promise<ShopRow> {
  const shop = await currentShop(ctx.db, userId);
  if (!shop) throw new AppError(ShopMessages.noStore);
  const user = await findUserById(ctx.db, userId);
  if (user && needsTokenUpgrade({ apiType: user.apiType, type: shop.type })) throw new AppError(ShopMessages.upgradePrompt, Code.WARN);
  if (platform === 'queue') {
    if (shop.type === ShopType.ETSY) throw new AppError(ShopMessages.etsyPushOnly);
    if (!canQueuePush(shop.type)) throw new AppError(ShopMessages.storeTypeCannotPush);
  } else if (shop.type !== ShopType.ETSY) {
    throw new AppError(ShopMessages.storeTypeCannotPush);
  }
  const conn = await connectionOfShop(ctx.db, shop.id);
  if (!conn || conn.status === 'uninstalled') throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
  if (conn.status === 'reauthorize') throw new AppError(Messages.permissionsUpdated, Code.PERMISSIONS_UPDATED);
  return shop;
}

export async function ownProductTitle(ctx: AppContext, userId: number, myProductId: number): Promise<string> {
  const [p] = await ctx.db
    .select({ title: myProducts.title })
    .from(myProducts)
    .where(and(eq(myProducts.id, myProductId), eq(myProducts.userId, userId), eq(myProducts.isTemplate, false)));
  if (!p) throw new AppError(ShopMessages.productNotFound);
  return p.title;
}
