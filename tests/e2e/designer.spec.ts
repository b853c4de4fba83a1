/**
 * The product designer as a merchant, against the built app and the real server: log in → open a
 * t-shirt → add text and an uploaded image → see the front mockup change → choose two colours → set
 * prices → save → find it in My Products with its mockups → edit it and save again → delete it.
 */
import { expect, test, type Locator } from '@playwright/test';
import { logInAsDemo } from './merchants';
import sharp from 'sharp';

interface Card {
  id: number;
  url: string;
  title: string;
  colors: { name: string }[];
}

/** The front mockup's pixels, once it has drawn a revision newer than `after`. */
async function mockupPixels(mockup: Locator, after: number): Promise<{ revision: number; png: string }> {
  await expect.poll(async () => Number(await mockup.getAttribute('data-revision')), { timeout: 30_000 }).toBeGreaterThan(after);
  const revision = Number(await mockup.getAttribute('data-revision'));
  const png = await mockup.locator('canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  return { revision, png };
}

test('design a t-shirt, save it, find it in My Products, edit it, delete it', async ({ page }) => {
  test.setTimeout(240_000);
  await logInAsDemo(page);
  const list = await page.request.get('/prod-api/api/product/productsCatalogList', {
    params: { category: 'womens-clothing', subcategory: 't-shirt', pageSize: 25 },
  });
  const rows = ((await list.json()) as { rows: Card[] }).rows;
  const tee = rows.find((r) => r.colors.length >= 2);
  expect(tee, 'a t-shirt in two colours or more').toBeTruthy();
  const product = tee as Card;

  await page.goto(product.url);
  await page
    .getByRole('group', { name: /^Size:/ })
    .getByRole('radio')
    .first()
    .check();
  const material = page.getByRole('group', { name: /^Material:/ });
  if (await material.count()) await material.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Design', exact: true }).click();

  const select = page.getByRole('dialog', { name: 'Select a product' });
  await expect(select.getByRole('heading', { name: product.title })).toBeVisible();
  await select.getByRole('button', { name: 'Next' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create a product' });
  await expect(dialog).toBeVisible();
  const front = dialog.getByRole('button', { name: /^Front mockup/ });
  const first = await mockupPixels(front, -1);

  // Text: typing with nothing selected adds a text design.
  const text = dialog.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' });
  await expect(text).toHaveAttribute('placeholder', 'Start typing here');
  await text.fill('Hello from e2e');
  const withText = await mockupPixels(front, first.revision);
  expect(withText.png).not.toBe(first.png);
  // The right column keeps to its width: nothing in it scrolls sideways, and the layer row's Lock
  // button ends inside it (a mockup canvas's own width once pushed the row's buttons out of view).
  const right = dialog.getByRole('complementary', { name: 'Preview' });
  expect(await right.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const rightBox = (await right.boundingBox())!;
  const lockBox = (await dialog.getByRole('button', { name: 'Lock: Text: Hello from e2e' }).boundingBox())!;
  expect(lockBox.x + lockBox.width).toBeLessThanOrEqual(rightBox.x + rightBox.width);

  // An uploaded image lands on the front and in the mockup.
  await dialog.getByRole('tab', { name: 'Images' }).click();
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 220, g: 30, b: 60 } } })
    .png()
    .toBuffer();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'red-square.png', mimeType: 'image/png', buffer: png });
  const uploaded = page.getByRole('status').filter({ hasText: 'Uploaded successfully' });
  await expect(uploaded).toBeVisible({ timeout: 30_000 });
  // The toast is painted above the open dialog and its dimmed backdrop: its coloured left edge
  // shows on screen in its own colour (within 12 levels), not covered or darkened.
  const edge = await uploaded.evaluate((el) => getComputedStyle(el).borderLeftColor.match(/\d+/g)!.slice(0, 3).map(Number));
  const { data: edgePx, info: edgeInfo } = await sharp(await uploaded.screenshot())
    .extract({ left: 1, top: 12, width: 2, height: 8 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let c = 0; c < 3; c++) {
    let sum = 0;
    for (let i = 0; i < edgeInfo.width * edgeInfo.height; i++) sum += edgePx[i * edgeInfo.channels + c]!;
    expect(Math.abs(sum / (edgeInfo.width * edgeInfo.height) - edge[c]!)).toBeLessThanOrEqual(12);
  }
  await expect(dialog.getByRole('status').filter({ hasText: /Resolution:/ })).toBeVisible();
  const withImage = await mockupPixels(front, withText.revision);
  expect(withImage.png).not.toBe(withText.png);

  // The same file uploaded again is placed again, but My uploads keeps one copy of it.
  const myUploads = dialog.getByRole('list', { name: 'My uploads' });
  const sameName = myUploads.getByRole('button', { name: 'Add red-square.png to the design' });
  await expect(sameName).toHaveCount(1);
  const relisted = page.waitForResponse((r) => r.url().includes('/getShopCustomImagesList'));
  await dialog.locator('input[type=file]').setInputFiles({ name: 'red-square.png', mimeType: 'image/png', buffer: png });
  const library = (await (await relisted).json()) as { rows: { fileName: string }[] };
  expect(library.rows.filter((r) => r.fileName === 'red-square.png')).toHaveLength(1);
  await expect(dialog.getByRole('button', { name: /^Lock: Image: / })).toHaveCount(2);
  await expect(sameName).toHaveCount(1);
  // Undo takes the second placement off again.
  await dialog.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(dialog.getByRole('button', { name: /^Lock: Image: / })).toHaveCount(1);

  // A second colour to sell.
  const colours = dialog.getByRole('group', { name: /^Color/ });
  const unchecked = colours.getByRole('checkbox', { checked: false }).first();
  await unchecked.check();
  await expect(colours.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Next' }).click();

  const details = page.getByRole('dialog', { name: 'Price & details' });
  const title = `E2E tee ${Date.now()}`;
  await details.getByLabel('Title').fill(title);
  const prices = details.getByRole('textbox', { name: /^Price of / });
  const count = await prices.count();
  expect(count).toBeGreaterThanOrEqual(2);
  // The price filter keeps 5 integer digits and 2 decimals.
  await prices.first().fill('123456.789');
  await expect(prices.first()).toHaveValue('12345.78');
  for (let i = 0; i < count; i++) await prices.nth(i).fill('24.5');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByRole('heading', { name: 'Saved to My Products' })).toBeVisible({ timeout: 120_000 });
  // The confirmation shows what was saved: the first colour's mockups, each named by view and colour.
  const savedMockups = details.getByRole('list', { name: 'Saved mockups' }).getByRole('img');
  await expect(savedMockups.first()).toHaveAttribute('alt', /^\S.*, \S/);
  expect(await savedMockups.count()).toBeGreaterThan(0);
  await expect.poll(() => savedMockups.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await details.getByRole('button', { name: 'Done' }).click();

  // My Products lists it with its mockups.
  await page.goto('/my-products');
  const tile = page.getByRole('listitem').filter({ hasText: title });
  await expect(tile).toBeVisible();
  await expect(tile).toContainText('2 colours');
  await expect(tile).toContainText('$24.50');
  const cover = tile.locator('img').first();
  await expect(cover).toHaveAttribute('src', /\.jpg/);

  // Edit it: the design comes back, a change is saved again.
  await tile.getByRole('link', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit product' });
  const editText = edit.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' });
  await expect(edit.getByRole('button', { name: /^Front mockup/ })).toHaveAttribute('data-revision', /\d+/);
  await expect(
    edit.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Text: Hello from e2e', exact: true }),
  ).toBeVisible();
  await expect(editText).toHaveValue('');
  await editText.fill('Edited');
  await edit.getByRole('button', { name: 'Next' }).click();
  const editDetails = page.getByRole('dialog', { name: 'Price & details' });
  await expect(editDetails.getByLabel('Title')).toHaveValue(title);
  await editDetails.getByLabel('Title').fill(`${title} v2`);
  await editDetails.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editDetails.getByRole('heading', { name: 'Saved to My Products' })).toBeVisible({ timeout: 120_000 });
  await editDetails.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `${title} v2` })).toBeVisible();

  // The saved design holds both texts.
  const saved = await page.request.get('/prod-api/api/Myexclusive/list', { params: { keyword: `${title} v2` } });
  const id = ((await saved.json()) as { rows: { id: number }[] }).rows[0]!.id;
  const info = (await (await page.request.get(`/prod-api/api/Myexclusive/getInfo/${id}`)).json()) as {
    data: { editObj: string | null; images: unknown[] };
  };
  expect(info.data.editObj).toContain('Hello from e2e');
  expect(info.data.editObj).toContain('Edited');
  expect(info.data.images.length).toBeGreaterThanOrEqual(2);

  // Delete it.
  const v2 = page.getByRole('listitem').filter({ hasText: `${title} v2` });
  await v2.getByRole('checkbox', { name: `Select ${title} v2` }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `${title} v2` })).toHaveCount(0);
});

test('leaving with unsaved changes asks first, and a reload restores the draft', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsDemo(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Custom made for you/ }).click();
  const select = page.getByRole('dialog', { name: 'Select a product' });
  await select.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a product' })).toBeVisible();
  await select
    .getByRole('button', { name: /T-Shirt|Tee/i })
    .first()
    .click();
  const size = select.getByRole('group', { name: /^Size/ });
  await select.getByRole('button', { name: 'Next' }).click();
  await expect(
    select
      .getByRole('alert')
      .filter({ hasText: /^Please select / })
      .first(),
  ).toBeVisible();
  for (const group of await select.getByRole('group').all()) {
    if ((await group.getByRole('checkbox', { checked: true }).count()) === 0) await group.getByRole('checkbox').first().check();
  }
  await expect(size.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await select.getByRole('button', { name: 'Next' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create a product' });
  const text = dialog.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' });
  await text.fill('Keep me');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const ask = page.getByRole('dialog', { name: 'Message' });
  await expect(ask).toContainText('You have unsaved changes.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(text).toHaveValue('Keep me');
  // Escape goes the same way as Close: it asks first while there are unsaved changes.
  await text.press('Escape');
  await expect(ask).toContainText('You have unsaved changes.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();
  // Undo removes the typing, redo brings it back.
  const tools = dialog.getByRole('toolbar', { name: 'Stage tools' });
  const undo = tools.getByRole('button', { name: 'Undo' });
  const layer = dialog.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Text: Keep me', exact: true });
  await expect(layer).toBeVisible();
  await undo.click();
  await expect(text).toHaveValue('');
  await expect(layer).toHaveCount(0);
  await expect(undo).toBeDisabled();
  await tools.getByRole('button', { name: 'Redo' }).click();
  await expect(layer).toBeVisible();

  // The draft is in IndexedDB: a reload reopens the designer on it.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => {
              // The draft as last written (edits are written 400 ms after they stop): it must hold the text.
              const store = open.result.transaction('keyval').objectStore('keyval');
              const req = store.getAllKeys();
              req.onsuccess = () => {
                const key = req.result.find((k) => String(k).startsWith('pod.designer.draft:product:'));
                if (key === undefined) return resolve(false);
                const value = store.get(key);
                value.onsuccess = () => resolve(JSON.stringify(value.result).includes('Keep me'));
                value.onerror = () => resolve(false);
              };
              req.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);
  await page.reload();
  const restored = page.getByRole('dialog', { name: 'Create a product' });
  const restoredFront = restored.getByRole('button', { name: /^Front mockup/ });
  const beforeNudge = await mockupPixels(restoredFront, -1);
  const row = restored.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Text: Keep me', exact: true });
  await row.click();
  await expect(restored.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' })).toHaveValue('Keep me');
  // A layer picked in the list moves with the arrow keys, as on the stage, and keeps the focus.
  for (let i = 0; i < 4; i++) await row.press('Shift+ArrowRight');
  await expect(row).toBeFocused();
  const afterNudge = await mockupPixels(restoredFront, beforeNudge.revision);
  expect(afterNudge.png).not.toBe(beforeNudge.png);
  // Grown past the safe area, the stage says which element may be cut off.
  const warning = restored.getByRole('status').filter({ hasText: 'Outside the safe area' });
  await expect(warning).toHaveCount(0);
  for (let i = 0; i < 24; i++) await row.press('+');
  await expect(warning).toContainText('Text: Keep me');

  // Leaving without saving discards the draft.
  await restored.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Leave' }).click();
  await expect(restored).toBeHidden();
  await expect(page).not.toHaveURL(/design=/);
});
