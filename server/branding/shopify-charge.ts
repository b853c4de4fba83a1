/**
 * Paying a branding package on the merchant's Shopify bill: a one-time app charge
 * (appPurchaseOneTimeCreate) in the current store, which the merchant approves on Shopify's
 * confirmation page; Shopify then sends them back to the branding page, which asks again. Asking
 * again with the charge still open reads its status: ACTIVE settles the payment (once, through the
 * commerce payments' settle step), DECLINED or EXPIRED closes it so the next ask starts a new one,
 * PENDING answers the confirmation page again.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import type { ShopifyAppConfig } from '../shops/config';
import { currentShop } from '../shops/merchant-shops';
import { connectionOfShop } from '../shops/connections';
import { shopifyAdmin, throwUserErrors, type ShopifyAdmin } from '../shops/shopify/admin';
import type { TokenCipher } from '../shops/token-cipher';
import { ShopApiError } from '../shops/errors';
import { attachProviderRef, failPayment, settleProviderPayment, type PaymentRow, type SettleOutcome } from '../commerce/payments/payments';
import { brandPayments } from './schema';
import { openBrandPayment } from './payments';
import { packageOrThrow } from './customs';
import { Code, Messages } from '../../contract/envelope';
import { centsToDecimal, CommerceMessages, decimalToCents } from '../../contract/commerce';
import { ShopMessages } from '../../contract/shops';

export const BRAND_CHARGE_MUTATION = `mutation PodBrandCharge($name: String!, $price: MoneyInput!, $returnUrl: URL!, $test: Boolean) {
  appPurchaseOneTimeCreate(name: $name, price: $price, returnUrl: $returnUrl, test: $test) {
    appPurchaseOneTime { id status }
    confirmationUrl
    userErrors { field message }
  }
}`;

interface ChargeMutation {
  appPurchaseOneTimeCreate: {
    appPurchaseOneTime: { id: string; status: string } | null;
    confirmationUrl: string | null;
    userErrors: { field?: string[] | null; message: string }[];
  };
}

export const BRAND_CHARGE_QUERY = `query PodBrandChargeStatus($id: ID!) {
  node(id: $id) { ... on AppPurchaseOneTime { id status price { amount currencyCode } } }
}`;

interface ChargeQuery {
  node: { id: string; status: string; price: { amount: string; currencyCode: string } } | null;
}

export interface ShopifyChargeResult {
  paymentId: number;
  amount: number;
  /** created (waiting for the merchant's approval), succeeded, failed. */
  status: string;
  outcome?: SettleOutcome;
  confirmationUrl: string | null;
}

export interface ShopifyChargeDeps {
  db: Db;
  shopify: ShopifyAppConfig | null;
  cipher: TokenCipher;
  /** Where Shopify sends the merchant back to. */
  returnUrl: (packageId: number) => string;
}

async function adminOfCurrentStore(deps: ShopifyChargeDeps, userId: number): Promise<ShopifyAdmin> {
  if (!deps.shopify) throw new AppError(ShopMessages.notConfigured);
  const shop = await currentShop(deps.db, userId);
  const conn = shop ? await connectionOfShop(deps.db, shop.id) : null;
  if (!shop || !conn || conn.platform !== 'shopify' || conn.status !== 'active')
    throw new AppError(Messages.storeNotInstalled, Code.STORE_NOT_INSTALLED);
  return shopifyAdmin(deps.shopify, conn.domain, deps.cipher.decrypt(conn.accessTokenEnc));
}

const asAppError = (err: unknown): AppError =>
  err instanceof AppError
    ? err
    : new AppError(`Shopify: ${err instanceof ShopApiError || err instanceof Error ? err.message : String(err)}`);

export async function payBrandWithShopify(deps: ShopifyChargeDeps, userId: number, packageId: number): Promise<ShopifyChargeResult> {
  const pkg = packageOrThrow(packageId);
  const admin = await adminOfCurrentStore(deps, userId);
  let p: PaymentRow = await openBrandPayment(deps.db, userId, pkg.package_id, 'shopify', null);
  const [link] = await deps.db.select().from(brandPayments).where(eq(brandPayments.paymentId, p.id));
  const base = (row: PaymentRow, confirmationUrl: string | null) => ({
    paymentId: row.id,
    amount: row.amount,
    status: row.status,
    confirmationUrl,
  });

  if (p.providerRef) {
    const r = await admin.request<ChargeQuery>(BRAND_CHARGE_QUERY, { id: p.providerRef }).catch((err: unknown) => {
      throw asAppError(err);
    });
    const status = r.node?.status ?? 'EXPIRED';
    if (status === 'ACTIVE' || status === 'ACCEPTED') {
      const s = await settleProviderPayment(
        deps.db,
        p.id,
        {
          amountCents: decimalToCents(r.node?.price.amount ?? '') ?? -1,
          currency: r.node?.price.currencyCode ?? '',
          captureRef: p.providerRef,
        },
        'provider:shopify',
      );
      return { ...base(s.payment, null), outcome: s.outcome };
    }
    if (status === 'PENDING') return base(p, link?.confirmationUrl ?? null);
    // Declined or expired: this charge is over; a new one is made below.
    await failPayment(deps.db, p.id, `Shopify charge ${status}`);
    p = await openBrandPayment(deps.db, userId, pkg.package_id, 'shopify', null);
    if (p.providerRef) throw new AppError(CommerceMessages.paymentFailed);
  }

  const created = await admin
    .request<ChargeMutation>(BRAND_CHARGE_MUTATION, {
      name: `POD Studio branding: ${pkg.title}`,
      price: { amount: centsToDecimal(p.amount), currencyCode: 'USD' },
      returnUrl: deps.returnUrl(pkg.package_id),
      test: !!deps.shopify?.adminOrigin,
    })
    .catch((err: unknown) => {
      throw asAppError(err);
    });
  const payload = created.appPurchaseOneTimeCreate;
  try {
    throwUserErrors(payload.userErrors);
  } catch (err) {
    await failPayment(deps.db, p.id, err instanceof Error ? err.message : 'Shopify refused the charge');
    throw asAppError(err);
  }
  if (!payload.appPurchaseOneTime || !payload.confirmationUrl) throw new AppError(CommerceMessages.paymentFailed);
  p = await attachProviderRef(deps.db, p.id, payload.appPurchaseOneTime.id);
  await deps.db.update(brandPayments).set({ confirmationUrl: payload.confirmationUrl }).where(eq(brandPayments.paymentId, p.id));
  return base(p, payload.confirmationUrl);
}
