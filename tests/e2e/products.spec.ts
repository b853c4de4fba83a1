/**
 * My products and My templates against the built app and the real server. The design dialog is
 * built separately, so products are saved through the API as a fresh merchant (exactly the calls
 * the designer makes: Myexclusive/add, uploads, editImages/addImagesEditList); the pages are then
 * driven like a merchant would: list, search, paging, details with every view and colour, copy,
 * batch delete with its confirmation, templates and the empty states.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { codeFromOutbox } from './outbox';
import { E2E_PORT } from './env';

const BASE = `http://127.0.0.1:${E2E_PORT}`;

interface Merchant {
  token: string;
  api: APIRequestContext;
}
interface CatalogVariant {
  id: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  cost: number;
}
interface CatalogProduct {
  id: number;
  title: string;
  options: { position: number; isColor: boolean; values: { name: string; hex: string | null }[] }[];
  variants: CatalogVariant[];
}

let main: Merchant;
let empty: Merchant;
let product: CatalogProduct;

async function register(email: string): Promise<Merchant> {
  const anon = await playwrightRequest.newContext({ baseURL: BASE });
  const sent = (await (await anon.post('/prod-api/api/user/sendEmailCode', { data: { email } })).json()) as { code: number; msg: string };
  expect(sent.code, sent.msg).toBe(200);
  const code = await codeFromOutbox(email);
  const res = (await (
    await anon.post('/prod-api/api/user/add', {
      data: { username: email, emailCode: code, password: 'secret123', confirmPassword: 'secret123' },
    })
  ).json()) as { code: number; msg: string; token: string };
  expect(res.code, res.msg).toBe(200);
  await anon.dispose();
  return {
    token: res.token,
    api: await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { authorization: `Bearer ${res.token}` } }),
  };
}

async function json<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<T & { code: number; msg: string }> {
  const body = (await (await res).json()) as T & { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
  return body;
}

async function save(m: Merchant, body: Record<string, unknown>): Promise<number> {
  const res = await json<{ data: { id: number } }>(
    m.api.post('/prod-api/api/Myexclusive/add', { data: { productfid: product.id, ...body } }),
  );
  return res.data.id;
}

async function uploadJpeg(m: Merchant, color: string, label: string): Promise<string> {
  const buffer = await sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
    .composite([{ input: Buffer.from(`<svg width="400" height="400"><text x="40" y="210" font-size="48">${label}</text></svg>`) }])
    .jpeg()
    .toBuffer();
  const res = await json<{ data: { url: string } }>(
    m.api.post('/prod-api/api/uploadsImg/uploadCustomizedNoPrefix', {
      multipart: { avatarfile: { name: `${label}.jpg`, mimeType: 'image/jpeg', buffer } },
    }),
  );
  return res.data.url;
}

/** The browser logged in as the merchant: the session cookie the login would have set. */
async function logIn(page: Page, m: Merchant) {
  await page.context().addCookies([
    { name: 'pod_token', value: m.token, url: BASE, httpOnly: true, sameSite: 'Lax' },
    { name: 'pod_login', value: '1', url: BASE, sameSite: 'Lax' },
  ]);
}

const colourOption = () => product.options.find((o) => o.isColor)!;
const colourOf = (v: CatalogVariant) => {
  const p = colourOption().position;
  return p === 1 ? v.option1 : p === 2 ? v.option2 : v.option3;
};
const grid = (page: Page, name: string) => page.getByRole('list', { name });
const tiles = (page: Page, name = 'My Products') => grid(page, name).getByRole('listitem');

test.beforeAll(async () => {
  const stamp = Date.now();
  main = await register(`myproducts${stamp}@example.com`);
  empty = await register(`noproducts${stamp}@example.com`);
  const list = await json<{ rows: { id: number; colors: unknown[] }[] }>(
    main.api.get('/prod-api/api/product/productsCatalogList', { params: { pageSize: 25 } }),
  );
  const pick = list.rows.find((r) => r.colors.length >= 2)!;
  product = (await json<{ data: CatalogProduct }>(main.api.get(`/prod-api/api/product/getInfo/${pick.id}`))).data;
});
test.afterAll(async () => {
  await main?.api.dispose();
  await empty?.api.dispose();
});

test('empty lists point to the catalogue', async ({ page }) => {
  await logIn(page, empty);
  await page.goto('/my-products');
  await expect(page.getByRole('heading', { name: 'My Products', level: 1 })).toBeVisible();
  await expect(page.getByText('You have not saved any products yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Browse the catalogue to design one' }).click();
  await expect(page).toHaveURL(/\/all-products$/);

  await page.goto('/my-templates');
  await expect(page.getByText('You have not saved any templates yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the catalogue to design one' })).toHaveAttribute('href', '/all-products');
});

test('search and paging through My products, kept in the address', async ({ page }) => {
  const names = Array.from({ length: 7 }, (_, i) => `Pager Tee ${i + 1}`);
  for (const title of names) await save(main, { title });
  await save(main, { title: 'Unrelated Mug' });
  await logIn(page, main);
  await page.goto('/my-products');
  await expect(tiles(page).first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search products' }).fill('pager tee');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/keyword=pager\+tee/);
  // Newest first: 7 … 1, 15 to a page.
  await expect(tiles(page)).toHaveCount(7);
  await expect(tiles(page).first().getByRole('heading')).toHaveText('Pager Tee 7');
  await expect(page.getByText('Unrelated Mug')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Items per page' }).selectOption('5');
  await expect(tiles(page)).toHaveCount(5);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(tiles(page)).toHaveCount(2);
  await expect(tiles(page).getByRole('heading')).toHaveText(['Pager Tee 2', 'Pager Tee 1']);

  await page.reload();
  await expect(tiles(page)).toHaveCount(2);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('pager tee');

  await page.getByRole('searchbox', { name: 'Search products' }).fill('no such thing');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No products match “no such thing”.')).toBeVisible();
});

test("details show every view in every colour with the variants' prices; copy makes a new product", async ({ page }) => {
  const colours = colourOption().values.slice(0, 2);
  const variants = product.variants.filter((v) => colours.some((c) => c.name === colourOf(v)));
  const id = await save(main, {
    title: 'Gallery Hoodie',
    bodyHtml: '<p>Warm and <strong>soft</strong>.</p><script>alert(1)</script>',
    colorIds: colours.map((c) => ({ id: c.name, color: c.hex })),
    variants: variants.map((v, i) => ({ variantId: v.id, price: 2000 + i })),
  });
  const list = [];
  for (const c of colours) {
    for (const view of ['Front', 'Back']) {
      list.push({
        url: await uploadJpeg(main, c.hex!, `${view}-${c.name}`),
        viewId: view.toLowerCase(),
        viewName: view,
        colorValue: c.hex,
        colorName: c.name,
        variantIds: variants.filter((v) => colourOf(v) === c.name).map((v) => v.id),
      });
    }
  }
  await json(main.api.post('/prod-api/api/editImages/addImagesEditList', { data: { productId: id, list } }));

  await logIn(page, main);
  await page.goto('/my-products?keyword=gallery');
  const tile = tiles(page).filter({ hasText: 'Gallery Hoodie' });
  await expect(tile.locator('img[src*="/prod-api/storage/"]')).toBeVisible();
  await tile.getByRole('link', { name: 'Gallery Hoodie', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/my-products/details/${id}$`));
  await expect(page.getByRole('heading', { name: 'Gallery Hoodie', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Gallery Hoodie/);

  for (const c of colours) {
    const section = page.getByRole('region', { name: c.name, exact: true });
    await expect(section.getByRole('heading', { name: c.name })).toBeVisible();
    await expect(section.getByRole('img', { name: `Front – ${c.name}` })).toBeVisible();
    await expect(section.getByRole('img', { name: `Back – ${c.name}` })).toBeVisible();
  }
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(variants.length + 1);
  await expect(rows.nth(1)).toContainText('$20.00');
  await expect(page.getByRole('region', { name: 'Description' })).toContainText('Warm and soft.');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/my-products/details/${id}?edit=${id}`);

  // A view opens large in the image viewer.
  await page.getByRole('button', { name: `View larger: Back – ${colours[0]!.name}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // "Order a sample" asks which variant before anything goes into the cart.
  await page.getByRole('button', { name: 'Order a sample' }).click();
  const sample = page.getByRole('dialog', { name: 'Order a sample' });
  const choices = sample.getByRole('radio');
  await expect(choices).toHaveCount(variants.length);
  await expect(choices.first()).toBeChecked();
  await choices.nth(1).check();
  const pick = sample.locator('.sample-choice').nth(1);
  const pickTitle = ((await pick.locator('span').first().textContent()) ?? '').trim();
  await sample.getByRole('button', { name: `Add ${pickTitle} to cart` }).click();
  await expect(sample).toBeHidden();
  const cart = await json<{ data: { shipTrolleyItemList: { myProductId: number | null; variantsid: number }[] }[] }>(
    main.api.get('/prod-api/api/shipTrolley/getShipTrolleyList'),
  );
  const lines = cart.data.flatMap((g) => g.shipTrolleyItemList).filter((l) => l.myProductId === id);
  expect(lines.map((l) => l.variantsid)).toEqual([variants[1]!.id]);

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('heading', { name: 'Gallery Hoodie (Copy)', level: 1 })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/details/${id}$`));
  await expect(page.getByRole('img', { name: `Front – ${colours[1]!.name}` })).toBeVisible();
  await page.getByRole('link', { name: '‹ Back to My Products' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('gallery');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(tiles(page).getByRole('heading')).toHaveText(['Gallery Hoodie (Copy)', 'Gallery Hoodie']);
});

test('batch delete asks first, and Cancel deletes nothing', async ({ page }) => {
  for (const title of ['Bin Cap A', 'Bin Cap B', 'Bin Cap C']) await save(main, { title });
  await logIn(page, main);
  await page.goto('/my-products?keyword=bin%20cap');
  await expect(tiles(page)).toHaveCount(3);
  const del = page.getByRole('button', { name: 'Delete selected' });
  await expect(del).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select Bin Cap A' }).check();
  await page.getByRole('checkbox', { name: 'Select Bin Cap C' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();

  await del.click();
  const dialog = page.getByRole('dialog', { name: 'Message' });
  await expect(dialog).toContainText('Are you sure you want to delete the selected products?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(tiles(page)).toHaveCount(3);

  await del.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(tiles(page).getByRole('heading')).toHaveText(['Bin Cap B']);
  await page.reload();
  await expect(tiles(page).getByRole('heading')).toHaveText(['Bin Cap B']);
});

test('templates: list, details, the "use this template" hook, and select all + delete from the keyboard', async ({ page }) => {
  const id = await save(main, {
    title: 'Holiday Template',
    isTemplate: 1,
    editObj: { id: 'sku', flatDesignList: [], BGDesignList: [], color: '#FFFFFF', styleId: null },
  });
  await save(main, { title: 'Holiday Product' });
  await logIn(page, main);
  await page.goto('/my-templates');
  await expect(tiles(page, 'My Templates').getByRole('heading')).toHaveText(['Holiday Template']);
  await expect(page.getByRole('link', { name: 'Use template Holiday Template' })).toHaveAttribute('href', `/my-templates?template=${id}`);

  await tiles(page, 'My Templates').getByRole('link', { name: 'Holiday Template', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/my-templates/details/${id}$`));
  await expect(page.getByRole('heading', { name: 'Holiday Template', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Use this template' })).toHaveAttribute('href', `/my-templates?template=${id}`);
  await expect(page.getByText('No mockups have been rendered for this design yet.')).toBeVisible();

  // A template's address under My products moves to My templates; another merchant's is not found.
  await page.goto(`/my-products/details/${id}`);
  await expect(page).toHaveURL(new RegExp(`/my-templates/details/${id}$`));
  const other = await page.context().browser()!.newContext({ baseURL: BASE });
  const otherPage = await other.newPage();
  await logIn(otherPage, empty);
  await otherPage.goto(`/my-templates/details/${id}`);
  await expect(otherPage.getByRole('heading', { name: 'The template does not exist' })).toBeVisible();
  await other.close();

  await page.goto('/my-templates');
  await page.getByRole('checkbox', { name: 'Select all' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(page.getByText('You have not saved any templates yet.')).toBeVisible();
  // The product with the same name was not touched.
  await page.goto('/my-products?keyword=holiday');
  await expect(tiles(page).getByRole('heading')).toHaveText(['Holiday Product']);
});
