/**
 * Etsy listings for one shop. A push creates a draft listing (activating one costs the merchant
 * Etsy's listing fee, so publishing stays their choice in Etsy), records it at once (a retry
 * after a failure further on updates it instead of making a second), sets its inventory (one
 * Etsy product per variant, with price, SKU and processing time) and uploads the mockup
 * pictures by rank, replacing the picture at that rank on a re-push. Receipts become store
 * orders. The listing settings (taxonomy, shipping profile, readiness state) come from
 * etsy/pushEtsyProduct.
 */
import type { EtsyAppConfig } from '../config';
import type { PushProduct } from '../push-product';
import type { ProductLink, PushHooks, ShopConnector, ShopOrder } from '../connector-types';
import { etsyApi, type EtsyAuth } from './api';
import { ETSY_IMAGES_MAX, ETSY_QUANTITY, etsyDescription, etsyInventory, etsyTitle, orderFromReceipt, type EtsyReceipt } from './listing';
import { centsToDecimal } from '../../../contract/commerce';
import { ShopApiError, asShopError } from '../errors';
import { sniffImage } from '../../platform/image-sniff';

interface Listing {
  listing_id: number;
  state: string;
}
interface Inventory {
  products: { product_id: number; sku: string; is_deleted?: boolean }[];
}

/** Etsy refuses pictures over 20 MB; ours are rendered JPEGs far below that. */
const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Receipts per page (Etsy's maximum) and pages per pull. */
const RECEIPTS_PAGE = 100;
const RECEIPTS_PAGES_MAX = 20;

export interface EtsyListingSettings {
  taxonomyId: number;
  shippingProfileId: number;
  readinessStateId: number;
}

/** The listing settings a push carries; a push without them cannot make an Etsy listing. */
export function listingSettings(options: Record<string, unknown>): EtsyListingSettings {
  const n = (v: unknown) => ((typeof v === 'number' || typeof v === 'string') && /^\d{1,15}$/.test(String(v)) ? Number(v) : NaN);
  const s = {
    taxonomyId: n(options.taxonomyId),
    shippingProfileId: n(options.shippingProfileId),
    readinessStateId: n(options.readinessStateId),
  };
  if (!Object.values(s).every((x) => Number.isSafeInteger(x) && x > 0)) {
    throw new ShopApiError('Choose the Etsy category, shipping profile and processing time, then push again', 'permanent');
  }
  return s;
}

/** Our own rendered picture, fetched from its public address. */
async function downloadImage(url: string): Promise<{ body: Blob; name: string }> {
  if (!/^https?:\/\//i.test(url)) throw new ShopApiError(`The product picture is not reachable: ${url}`, 'permanent');
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw asShopError(err);
  }
  if (res.status >= 500)
    throw new ShopApiError(`The product picture could not be read (HTTP ${res.status}): ${url}`, 'transient', res.status);
  if (!res.ok) throw new ShopApiError(`The product picture could not be read (HTTP ${res.status}): ${url}`, 'permanent', res.status);
  const bytes = Buffer.from(await res.arrayBuffer());
  const mime = sniffImage(bytes.subarray(0, 16));
  if (!mime || bytes.length > IMAGE_MAX_BYTES)
    throw new ShopApiError(`The product picture is not an image Etsy accepts: ${url}`, 'permanent');
  const name = new URL(url).pathname.split('/').pop() || 'image.jpg';
  return { body: new Blob([bytes], { type: mime }), name };
}

export function etsyConnector(cfg: EtsyAppConfig, shopId: string, auth: EtsyAuth): ShopConnector {
  const api = etsyApi(cfg, auth);
  const listingPath = (id: string | number) => `/shops/${shopId}/listings/${id}`;
  return {
    async pushProduct(
      product: PushProduct,
      link: ProductLink | null,
      options: Record<string, unknown>,
      hooks?: PushHooks,
    ): Promise<ProductLink> {
      if (product.variants.length === 0) throw new ShopApiError('The product has no variants to sell', 'permanent');
      const settings = listingSettings(options);
      const title = etsyTitle(product.title);
      if (!title) throw new ShopApiError('The product needs a title before it can be listed on Etsy', 'permanent');
      const fields = {
        title,
        description: etsyDescription(product.bodyHtml, title),
        taxonomy_id: settings.taxonomyId,
        shipping_profile_id: settings.shippingProfileId,
      };
      let listingId: string;
      if (link) {
        listingId = link.externalProductId;
        await api.form<Listing>('PATCH', listingPath(listingId), fields);
      } else {
        const minPrice = Math.min(...product.variants.map((v) => v.priceCents));
        const created = await api.form<Listing>('POST', `/shops/${shopId}/listings`, {
          ...fields,
          quantity: ETSY_QUANTITY,
          price: centsToDecimal(minPrice),
          who_made: 'i_did',
          when_made: 'made_to_order',
          type: 'physical',
          readiness_state_id: settings.readinessStateId,
        });
        listingId = String(created.listing_id);
        await hooks?.onCreated?.({ externalProductId: listingId, variantMap: {} });
      }

      // Etsy replaces the products of a listing on every inventory update: map our variants again.
      const inventory = await api.send<Inventory>(
        'PUT',
        `/listings/${listingId}/inventory`,
        etsyInventory(product, settings.readinessStateId),
      );
      const variantMap: Record<string, string> = {};
      for (const v of product.variants) {
        const p = inventory.products.find((x) => x.sku === v.sku && !x.is_deleted);
        if (p) variantMap[String(v.id)] = String(p.product_id);
      }

      const images = product.images.slice(0, ETSY_IMAGES_MAX);
      for (const [i, img] of images.entries()) {
        const file = await downloadImage(img.url);
        const data = new FormData();
        data.set('image', file.body, file.name);
        data.set('rank', String(i + 1));
        data.set('overwrite', 'true');
        if (img.alt) data.set('alt_text', img.alt.slice(0, 250));
        await api.multipart(`${listingPath(listingId)}/images`, data);
      }
      return { externalProductId: listingId, variantMap };
    },

    async setListed(link: ProductLink, listed: boolean): Promise<void> {
      await api.form<Listing>('PATCH', listingPath(link.externalProductId), { state: listed ? 'active' : 'inactive' });
    },

    async pullOrders(since: Date | null): Promise<ShopOrder[]> {
      const out: ShopOrder[] = [];
      for (let page = 0; page < RECEIPTS_PAGES_MAX; page++) {
        const res = await api.get<{ count: number; results: EtsyReceipt[] }>(`/shops/${shopId}/receipts`, {
          limit: RECEIPTS_PAGE,
          offset: page * RECEIPTS_PAGE,
          sort_on: 'created',
          sort_order: 'asc',
          ...(since ? { min_created: Math.floor(since.getTime() / 1000) } : {}),
        });
        out.push(...res.results.map(orderFromReceipt));
        if (res.results.length < RECEIPTS_PAGE) break;
      }
      return out.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
  };
}
