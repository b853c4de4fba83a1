/** Steps of the design dialog that several specs take the same way. */
import { expect, type Locator } from '@playwright/test';

/**
 * In the "Select a product" step: waits for the options (they load after the dialog opens), then
 * ticks the first size and the first material where the product has them.
 */
export async function chooseFirstSizeAndMaterial(select: Locator): Promise<void> {
  await expect(select.getByRole('group', { name: /^Color/ })).toBeVisible();
  for (const option of ['Size', 'Material']) {
    const group = select.getByRole('group', { name: new RegExp(`^${option}`) });
    if (await group.count()) await group.getByRole('checkbox').first().check();
  }
}
