/**
 * Saved products ("My products") in the cart and at checkout, over real HTTP on a real database:
 * a merchant adds variants of their own saved product beside a catalogue sample; the line shows
 * the saved title and costs the live catalogue cost; only the variants the saved product sells
 * are accepted; another merchant's product and templates are refused; the order keeps the saved
 * title; a saved product deleted after adding makes its line unavailable and the checkout refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import type { CatalogOptions, CatalogRows } from '../../demo/catalog/build';
import { seedCatalog, variantsOfIn } from './fixtures';
import type { ProductRow, VariantRow } from '../../demo/catalog/products';
import { createUser } from '../../server/accounts/users';
import { createSession } from '../../server/accounts/session';
import { CommerceMessages, type CartGroup, type CartItem } from '../../contract/commerce';

const OPTIONS: CatalogOptions = { seed: 'commerce-my-products-test', productCount: 40, imageSize: 256 };

let s: TestServer;
let rows: CatalogRows;

beforeAll(async () => {
  s = await startServer();
  rows = await seedCatalog(s, OPTIONS);
});
afterAll(async () => {
  await s?.close();
});

type Res<T = Record<string, unknown>> = T & { code: number; msg: string };
interface Merchant {
  id: number;
  call<T = Record<string, unknown>>(method: string, p: string, body?: unknown): Promise<Res<T>>;
}

let n = 0;
async function merchant(): Promise<Merchant> {
  const user = await createUser(s.database.db, `mp${++n}-${Date.now()}@commerce.test`, 'secret123');
  const { token } = await createSession(s.database.db, user.id);
  return { id: user.id, call: (method, p, body) => s.api(method, p, body, token) as never };
}

const variantsOf = (p: ProductRow): VariantRow[] => variantsOfIn(rows, p);
const cnProduct = (nth: number): ProductRow => rows.products.filter((p) => p.shipFrom === 'CN' && variantsOf(p).length >= 4)[nth]!;

async function saveProduct(m: Merchant, p: ProductRow, variants: VariantRow[], extra: Record<string, unknown> = {}): Promise<number> {
  const res = await m.call<{ data: { id: number } }>('POST', '/api/Myexclusive/add', {
    productfid: p.id,
    title: `My ${p.title}`,
    variants: variants.map((v) => ({ variantId: v.id, price: v.cost * 2 })),
    ...extra,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
}

const cartOf = async (m: Merchant) => m.call<{ data: CartGroup[]; total: number }>('GET', '/api/shipTrolley/getShipTrolleyList');
const itemsOf = (groups: CartGroup[]): CartItem[] => groups.flatMap((g) => g.shipTrolleyItemList);

describe('saved products in the cart', () => {
  it('adds variants of a saved product beside a sample; the line has the saved title and the live catalogue cost', async () => {
    const m = await merchant();
    const p = cnProduct(0);
    const [v1, v2, v3, v4] = variantsOf(p);
    const saved = await saveProduct(m, p, [v1!, v2!, v3!]);
    const added = await m.call<{ data: { ids: number[] } }>('POST', '/api/shipTrolley/addShipTrolleyVariants', {
      productid: p.id,
      myProductId: saved,
      variants: [
        { variantsid: v1!.id, quantity: 2 },
        { variantsid: v2!.id, quantity: 1 },
      ],
    });
    expect(added.code, added.msg).toBe(200);
    const sample = cnProduct(1);
    const sampleLine = await m.call<{ data: { id: number } }>('POST', '/api/shipTrolley/addShipTrolley', {
      productid: sample.id,
      quantity: 1,
    });
    expect(sampleLine.code).toBe(200);

    const cart = await cartOf(m);
    expect(cart.total).toBe(3);
    const items = itemsOf(cart.data);
    const mine = items.filter((i) => i.myProductId === saved);
    expect(mine.map((i) => [i.variantsid, i.quantity, i.cost, i.title, i.available])).toEqual([
      [v1!.id, 2, v1!.cost, `My ${p.title}`, true],
      [v2!.id, 1, v2!.cost, `My ${p.title}`, true],
    ]);
    expect(items.find((i) => i.id === sampleLine.data.id)).toMatchObject({
      myProductId: null,
      title: sample.title,
      cost: variantsOf(sample)[0]!.cost,
    });

    // A variant the saved product does not sell is refused, and nothing is added.
    const refused = await m.call('POST', '/api/shipTrolley/addShipTrolley', {
      productid: p.id,
      myProductId: saved,
      variantsid: v4!.id,
      quantity: 1,
    });
    expect(refused).toMatchObject({ code: 10000, msg: `${CommerceMessages.variantNotFound} (variantsid ${v4!.id})` });
    // Nor can a line switch to such a variant.
    const switched = await m.call('POST', '/api/shipTrolley/editVariants', { id: mine[0]!.id, variantsid: v4!.id });
    expect(switched.code).toBe(10000);
    // Switching within the saved product works.
    expect((await m.call('POST', '/api/shipTrolley/editVariants', { id: mine[1]!.id, variantsid: v3!.id })).code).toBe(200);
    const after = itemsOf((await cartOf(m)).data);
    expect(after).toHaveLength(3);
    expect(after.find((i) => i.id === mine[1]!.id)).toMatchObject({ variantsid: v3!.id, cost: v3!.cost });
    expect(after.find((i) => i.id === mine[0]!.id)).toMatchObject({ variantsid: v1!.id });
  });

  it("refuses another merchant's saved product, a template, and a product id that is not the saved product's", async () => {
    const owner = await merchant();
    const other = await merchant();
    const p = cnProduct(2);
    const [v1] = variantsOf(p);
    const saved = await saveProduct(owner, p, [v1!]);
    const template = await saveProduct(owner, p, [v1!], { isTemplate: true });
    const theirs = await other.call('POST', '/api/shipTrolley/addShipTrolley', { productid: p.id, myProductId: saved, quantity: 1 });
    expect(theirs).toMatchObject({ code: 10000, msg: `${CommerceMessages.productNotFound} (my product ${saved})` });
    const tpl = await owner.call('POST', '/api/shipTrolley/addShipTrolley', { productid: p.id, myProductId: template, quantity: 1 });
    expect(tpl.code).toBe(10000);
    const wrongParent = await owner.call('POST', '/api/shipTrolley/addShipTrolley', {
      productid: cnProduct(3).id,
      myProductId: saved,
      quantity: 1,
    });
    expect(wrongParent.code).toBe(10000);
    expect((await cartOf(other)).total).toBe(0);
    expect((await cartOf(owner)).total).toBe(0);
  });

  it('orders a saved product under its own title; a saved product deleted meanwhile makes its line unavailable', async () => {
    const m = await merchant();
    await m.call('POST', '/api/shipAddress/addShipAddress', { first_name: 'Ada', address1: '1 Main St', country_code: 'US' });
    const p = cnProduct(4);
    const [v1, v2] = variantsOf(p);
    const saved = await saveProduct(m, p, [v1!, v2!]);
    const added = await m.call<{ data: { ids: number[] } }>('POST', '/api/shipTrolley/addShipTrolleyVariants', {
      productid: p.id,
      myProductId: saved,
      variants: [
        { variantsid: v1!.id, quantity: 1 },
        { variantsid: v2!.id, quantity: 3 },
      ],
    });
    const order = await m.call<{
      data: { id: number; subtotal: number; items: { title: string; myProductId: number | null; variantsid: number; cost: number }[] };
    }>('POST', '/api/order/shoppingCartOrder', { ids: added.data.ids });
    expect(order.code, order.msg).toBe(200);
    expect(order.data.subtotal).toBe(v1!.cost + v2!.cost * 3);
    expect(order.data.items.map((i) => [i.title, i.myProductId, i.variantsid, i.cost])).toEqual([
      [`My ${p.title}`, saved, v1!.id, v1!.cost],
      [`My ${p.title}`, saved, v2!.id, v2!.cost],
    ]);

    const again = await m.call<{ data: { id: number } }>('POST', '/api/shipTrolley/addShipTrolley', {
      productid: p.id,
      myProductId: saved,
      variantsid: v1!.id,
      quantity: 1,
    });
    expect((await m.call('DELETE', `/api/Myexclusive/delete/${saved}`)).code).toBe(200);
    const line = itemsOf((await cartOf(m)).data).find((i) => i.id === again.data.id);
    expect(line).toMatchObject({ available: false });
    const refused = await m.call('POST', '/api/order/shoppingCartOrder', { ids: [again.data.id] });
    expect(refused).toMatchObject({ code: 10000, msg: CommerceMessages.itemUnavailable });
    expect((await cartOf(m)).total).toBe(1);
  });
});
