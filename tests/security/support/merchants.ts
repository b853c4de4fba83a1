/**
 * A merchant with one of everything a merchant owns, made through the API the way the app makes
 * it (where an API exists): a connected Shopify store, an uploaded picture, a saved product and a
 * template with a view image, an address, cart lines, a pending and a paid order, a received
 * coupon, a queued push, a message, a service chat message with a picture, a price rule, a
 * profile, a tax number, a shipping default, an IOSS number, a download and a paid branding
 * package in use (so its orders carry branded items). Every text the
 * merchant typed carries the merchant's marker, a random word, so an answer that discloses any
 * of it to someone else is caught by looking for the marker.
 */
import { randomBytes } from 'node:crypto';
import { createUser } from '../../../server/accounts/users';
import { createSession } from '../../../server/accounts/session';
import { creditOnce } from '../../../server/commerce/ledger';
import { recordMessage } from '../../../server/notifications/service';
import { MessageType } from '../../../contract/account';
import { RecordType } from '../../../contract/commerce';
import type { SecurityServer } from './security-server';
import { tinyPng } from './pictures';
import { inputsOf, type Route } from './route-table';
import { requestOf, send, type Input } from './probe';

/** The kinds of record a merchant owns, by the id the API names them with. */
export const ID_KINDS = [
  'user',
  'shop',
  'myProduct',
  'template',
  'productImage',
  'productVariant',
  'upload',
  'address',
  'cartItem',
  'pendingOrder',
  'paidOrder',
  'payment',
  'couponReceipt',
  'pushJob',
  'message',
  'serviceMessage',
  'serviceFile',
  'shopLogistics',
  'brandPackage',
  'photo',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

export interface Merchant {
  label: string;
  id: number;
  email: string;
  token: string;
  /** A random word in every text the merchant typed. */
  marker: string;
  shopDomain: string;
  ids: Record<IdKind, number>;
  shareCode: string;
  /** The catalogue product and variant the merchant's things are made from (public ids). */
  catalog: { product: number; variant: number };
  /** The merchant's uploaded picture. */
  uploadUrl: string;
  /** What nobody else may ever be shown: the marker, stored file names, order numbers, the session token. */
  secrets: string[];
  /** Calls a route by URL pattern (see `routeCaller`). */
  call: ReturnType<typeof routeCaller>;
}

type Res<T> = T & { code: number; msg: string };

/**
 * Calls a route by its URL pattern with named values, each put where the route declares it (path,
 * query or body) and with the method the route table gives: the fixture keeps working when a
 * route changes its method or moves a field (`read` picks the GET of a URL that has several).
 */
export function routeCaller(env: SecurityServer, token: string) {
  return async <T = Record<string, unknown>>(url: string, values: Record<string, unknown> = {}, kind: 'read' | 'write' = 'write') => {
    const candidates = env.routes.api.filter((r) => r.url === `/prod-api${url}` && r.method !== 'HEAD');
    const route: Route | undefined = candidates.find((r) => (kind === 'read') === (r.method === 'GET')) ?? candidates[0];
    if (!route) throw new Error(`no route ${url} in the route table`);
    const declared = inputsOf(route);
    const input: Input = { params: {}, query: {}, body: route.method === 'GET' ? undefined : {} };
    for (const [name, value] of Object.entries(values)) {
      const field = declared.find((f) => f.name === name || f.schema['x-aliases']?.includes(name));
      if (field?.where === 'path') input.params[name] = String(value);
      else if (field?.where === 'query') input.query[name] = Array.isArray(value) ? value.map(String) : String(value);
      else if (input.body) (input.body as Record<string, unknown>)[name] = value;
      else input.query[name] = String(value);
    }
    const answer = await send(env.s.url, { ...requestOf(route, input), token });
    return JSON.parse(answer.text) as Res<T>;
  };
}

function must<T>(step: string, res: Res<T>): Res<T> {
  if (res.code !== 200) throw new Error(`fixture step "${step}" failed: ${res.code} ${res.msg}`);
  return res;
}

export async function createMerchant(env: SecurityServer, label: string): Promise<Merchant> {
  const { s, catalog, shopify } = env;
  const marker = `${label.toLowerCase()}${randomBytes(6).toString('hex')}`;
  const email = `${marker}@security.test`;
  const user = await createUser(s.database.db, email, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  const call = routeCaller(env, token);

  await s.database.db.transaction((tx) =>
    creditOnce(tx, {
      userId: user.id,
      type: RecordType.PREPAYMENT,
      amount: 500_000,
      balanceChange: 500_000,
      grantKey: `security-${marker}`,
    }),
  );
  must('profile', await call('/api/shops/update', { displayname: `${marker} Owner`, gender: 1 }));
  must('tax number', await call('/api/shops/updateTaxNumber', { taxNumber: `TAX-${marker}` }));
  must('price rule', await call('/api/shops/priceRule', { mode: 'markup', markupCents: 777 }));
  // Shipping & IOSS: a shipping default and an IOSS number.
  const shipping = must(
    'shipping default',
    await call<{ data: { id: number } }>('/api/shops/setShopLogistics', { countryCode: 'DE', shipFrom: 'CN', logisticsId: 2 }),
  );
  must('ioss', await call('/api/shops/updateIOSSparam', { iossNumber: 'IM2761234567' }));

  // A Shopify store, connected through the real install flow against the stand-in.
  const shopDomain = `${marker}-store.myshopify.com`;
  const start = must('install', await call<{ data: { url: string } }>('/api/shopifyauthShopify', { shop: `${marker}-store` }));
  const callback = new URL(await shopify.approve(start.data.url));
  const bound = must(
    'bind shop',
    await call<{ data: { shopId: number } }>('/api/shopifyOAuth/bindShop', Object.fromEntries(callback.searchParams)),
  );

  // An uploaded picture, named with the marker.
  const form = new FormData();
  form.append('avatarfile', new Blob([new Uint8Array(tinyPng(8, 8))], { type: 'image/png' }), `${marker}.png`);
  form.append('imgName', `${marker}.png`);
  const uploaded = (await (
    await fetch(`${s.url}/prod-api/api/uploadsImg/uploadCustomized`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Res<{ data: { id: number; url: string; originalUrl: string } }>;
  must('upload', uploaded);
  // The picture in the photo library, with an edit (crop and adjustment) kept.
  const photo = must(
    'photo',
    await call<{ data: { id: number } }>('/api/editImages/addImagesPhoto', { url: uploaded.data.originalUrl, fileName: `${marker}.png` }),
  );
  must(
    'photo edit',
    await call('/api/editImages/updateSImagesPhoto', {
      id: photo.data.id,
      editObj: { crop: { x: 0, y: 0, width: 1, height: 1 }, adjust: { brightness: 12 } },
    }),
  );

  // A saved product and a template on a catalogue product with several variants, shipped from CN.
  const product = catalog.products.find((p) => p.shipFrom === 'CN' && catalog.variants.filter((v) => v.productId === p.id).length >= 3);
  if (!product) throw new Error('the catalogue has no CN product with three variants');
  const variants = catalog.variants.filter((v) => v.productId === product.id).sort((a, b) => a.position - b.position);
  const design = JSON.stringify({ id: 'sku-1', flatDesignList: [], BGDesignList: [], color: '#FFFFFF', note: `${marker} design` });
  const saved = must(
    'save product',
    await call<{ data: { id: number } }>('/api/Myexclusive/add', {
      productfid: product.id,
      editObj: design,
      title: `${marker} tee`,
      bodyHtml: `<p>${marker} description</p>`,
    }),
  );
  const template = must(
    'save template',
    await call<{ data: { id: number } }>('/api/Myexclusive/add', {
      productfid: product.id,
      editObj: design,
      title: `${marker} template`,
      isTemplate: 1,
    }),
  );
  const image = must(
    'view image',
    await call<{ data: { id: number } }>('/api/editImages/add', {
      productId: saved.data.id,
      url: uploaded.data.url,
      viewId: 'front',
      viewName: `${marker} front`,
      colorValue: '#FFFFFF',
      colorName: 'White',
    }),
  );
  const detail = must(
    'read product',
    await call<{ data: { variants: { id: number }[] } }>('/api/Myexclusive/getInfo/:id', { id: saved.data.id }, 'read'),
  );

  // A branding package (Starter_Pack) with the uploaded picture as its artwork, paid from the
  // balance and in use, so the orders below carry its branded items.
  const art = uploaded.data.url;
  must(
    'brand save',
    await call('/api/brandSupport/savePackageInfo', {
      package_id: 1,
      logo: art,
      diao_pai: art,
      biao_qian: art,
      ka_pian_pic: art,
      skype: `${marker}.skype`,
      diao_pai_info: `${marker} hang tag`,
    }),
  );
  must('brand submit', await call('/api/brandSupport/submitPackageInfo', { package_id: 1 }));
  must('brand pay', await call('/api/brandSupport/payment_brand', { package_id: 1, method: 'balance' }));
  const brand = must('brand enable', await call<{ data: { id: number } }>('/api/brandSupport/switchIsUse', { package_id: 1, is_use: 1 }));

  // An address, cart lines, a pending and a paid order.
  const address = must(
    'address',
    await call<{ data: { id: number } }>('/api/shipAddress/addShipAddress', {
      first_name: marker,
      last_name: 'Private',
      address1: `${marker} Street 1`,
      city: 'Springfield',
      zip: '12345',
      country_code: 'US',
      phone: '5550100',
    }),
  );
  const line = async (n: number) =>
    must(
      `cart line ${n}`,
      await call<{ data: { id: number } }>('/api/shipTrolley/addShipTrolley', {
        productid: product.id,
        variantsid: variants[n]!.id,
        quantity: 1,
        anotherName: `${marker} line ${n}`,
      }),
    ).data.id;
  const kept = await line(0);
  const order = async (n: number) =>
    must(
      `order ${n}`,
      await call<{ data: { id: number; orderNo: string } }>('/api/order/shoppingCartOrder', {
        ids: [await line(n)],
        addressId: address.data.id,
      }),
    ).data;
  const pending = await order(1);
  const paid = await order(2);
  const payment = must('pay', await call<{ data: { paymentId: number } }>('/api/order/payOrder', { orderId: paid.id }));

  // A received coupon, a queued push, a message, the share code.
  const receivable = must('coupons', await call<{ rows: { id: number; received?: boolean }[] }>('/api/coupons/getCouponsList', {}, 'read'));
  const coupon = receivable.rows.find((c) => !c.received) ?? receivable.rows[0];
  if (!coupon) throw new Error('no coupon to receive');
  const receipt = must(
    'receive coupon',
    await call<{ data: { id: number } }>('/api/shopCouponReceive/addShopCouponReceive', { couponId: coupon.id }),
  );
  const job = must('queue push', await call<{ data: { id: number } }>('/api/sendProductShopify/addQueque/:id', { id: saved.data.id }));
  await recordMessage(s.database.db, user.id, { type: MessageType.NOTICE, title: `${marker} notice`, content: `${marker} message body` });
  const messages = must(
    'messages',
    await call<{ rows: { id: number; title: string }[] }>('/api/sMessgaeShop/list', { pageNum: 1, pageSize: 25 }, 'read'),
  );
  const message = messages.rows.find((m) => m.title.includes(marker));
  if (!message) throw new Error('message missing');
  const share = must('share info', await call<{ data: { shareCode: string } }>('/api/user/shareInfo', {}, 'read'));
  // A service chat message with a picture, both carrying the marker.
  const chatForm = new FormData();
  chatForm.append('file', new Blob([new Uint8Array(tinyPng(8, 8))], { type: 'image/png' }), `${marker}-chat.png`);
  const chatFile = must(
    'chat picture',
    (await (
      await fetch(`${s.url}/prod-api/api/shops/uploadServiceFile`, {
        method: 'POST',
        body: chatForm,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as Res<{ data: { id: number } }>,
  );
  const chat = must(
    'chat message',
    await call<{ data: { id: number } }>('/api/shops/updateService', {
      message: `${marker} chat question`,
      attachmentId: chatFile.data.id,
    }),
  );
  // A download (an export kept for common/download): its name is the merchant's alone.
  const download = must('export', await call<{ data: { fileName: string } }>('/api/shops/exportHonglilist'));

  const storedName = /([A-Za-z0-9]{32})/.exec(uploaded.data.originalUrl)?.[1];
  return {
    label,
    id: user.id,
    email,
    token,
    marker,
    shopDomain,
    shareCode: share.data.shareCode,
    catalog: { product: product.id, variant: variants[0]!.id },
    uploadUrl: uploaded.data.url,
    ids: {
      user: user.id,
      shop: bound.data.shopId,
      myProduct: saved.data.id,
      template: template.data.id,
      productImage: image.data.id,
      productVariant: detail.data.variants[0]!.id,
      upload: uploaded.data.id,
      address: address.data.id,
      cartItem: kept,
      pendingOrder: pending.id,
      paidOrder: paid.id,
      payment: payment.data.paymentId,
      couponReceipt: receipt.data.id,
      pushJob: job.data.id,
      message: message.id,
      serviceMessage: chat.data.id,
      serviceFile: chatFile.data.id,
      shopLogistics: shipping.data.id,
      brandPackage: brand.data.id,
      photo: photo.data.id,
    },
    secrets: [marker, ...(storedName ? [storedName] : []), pending.orderNo, paid.orderNo, token, download.data.fileName],
    call,
  };
}
