import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { scan, signUpOwner } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/store-counts';

/** Both viewports of the brief, for a person to look at; a phone never scrolls sideways. */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function ok(response: { status(): number; text(): Promise<string>; json(): Promise<unknown> }, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json() as Promise<Record<string, any>>;
}

/** Decision 049: stock control per store, and a count of one shelf of the second store. */
test('the owner puts a product on a shelf of the second store, counts that shelf, finds 1 missing and posts it there', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpOwner(page);
  await ok(await page.request.patch('/api/business-settings', { data: { enabled_features: { multi_store: true, inventory_management: true, inventory_adjustments: true } } }), 200);
  const oil = (await ok(await page.request.post('/api/products', { data: { name: 'Olive oil', price: 900, track_stock: true, initial_stock: 12, barcode: '5000112637922' } }), 201)).product.id as string;
  const harbour = (await ok(await page.request.post('/api/stores', { data: { name: 'Harbour Street' } }), 201)).store.id as string;

  // 1. Five units delivered to the harbour, adjusted on the product's stock page with the store picker.
  await page.goto(`/products/${oil}/stock`);
  const adjust = page.getByRole('form', { name: 'Adjust stock' });
  await adjust.getByLabel('Store').selectOption({ label: 'Harbour Street' });
  await adjust.getByRole('radio', { name: 'Add units' }).click();
  await adjust.getByLabel('Quantity').fill('5');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText('Stock of Olive oil in Harbour Street is now 5')).toBeVisible();
  const byStore = page.getByRole('table', { name: 'Stock by store' });
  await expect(byStore.getByRole('row', { name: /Harbour Street/ })).toContainText('5');
  // Its shelf in the harbour.
  await page.getByLabel('Shelf in Harbour Street').fill('A1');
  await page.getByLabel('Shelf in Harbour Street').press('Enter');
  await expect(page.getByText('Shelf in Harbour Street: A1')).toBeVisible();
  // The history of one store.
  await page.getByLabel('Store', { exact: true }).first().selectOption({ label: 'Harbour Street' });
  await expect(page.getByText('In stock in Harbour Street:')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'product-stock-by-store');

  // 2. A count of shelf A1 in the harbour: it expects the harbour's 5, the scanner counts 4.
  await page.goto('/products/stock-counts');
  const start = page.getByRole('form', { name: 'Start a count' });
  await start.getByLabel('Store to count').selectOption({ label: 'Harbour Street' });
  await start.getByLabel('What to count').selectOption({ label: 'One shelf' });
  await start.getByLabel('Shelf').fill('A1');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'start-shelf-count');
  await start.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByRole('heading', { name: /^Shelf A1: count of / })).toBeVisible();
  await expect(page.getByText('Expected 5')).toBeVisible();
  await expect(page.getByText('Shelf A1', { exact: false }).first()).toBeVisible();
  for (let i = 0; i < 4; i += 1) await scan(page, '5000112637922');
  await expect(page.getByLabel('Counted Olive oil')).toHaveValue('4');
  await expect(page.getByLabel('Difference for Olive oil')).toHaveText('-1');
  await screenshots(page, 'shelf-count');
  await page.getByRole('button', { name: 'Post count' }).click();
  await page.getByRole('button', { name: 'Post 1 difference' }).click();
  await expect(page.getByText('Count posted')).toBeVisible();

  // 3. The harbour lost one; the main store's 12 are untouched.
  await page.goto(`/products/${oil}/stock`);
  await expect(byStore.getByRole('row', { name: /Harbour Street/ })).toContainText('4');
  await expect(byStore.getByRole('row', { name: /Main store/ })).toContainText('12');
  await page.goto('/products/stock-counts');
  await expect(page.getByRole('row').filter({ hasText: 'Shelf A1' })).toContainText('Harbour Street');
  await screenshots(page, 'counts-list');

  // 4. Waste of the harbour, and the report filtered by store.
  await page.goto('/waste-tracking');
  const waste = page.getByRole('form', { name: 'Record waste' });
  await waste.getByLabel('Store').selectOption({ label: 'Harbour Street' });
  await waste.getByRole('searchbox', { name: 'Product' }).fill('oli');
  await waste.getByRole('button', { name: /Olive oil/ }).click();
  await waste.getByLabel('Quantity').fill('1');
  await waste.getByRole('button', { name: 'Record waste' }).click();
  await expect(page.getByText('Recorded 1 × Olive oil as waste')).toBeVisible();
  await page.getByLabel('Store', { exact: true }).last().selectOption({ label: 'Main store (main)' });
  await expect(page.getByText('No waste recorded in this period')).toBeVisible();
  await page.getByLabel('Store', { exact: true }).last().selectOption({ label: 'Harbour Street' });
  await expect(page.getByRole('table', { name: 'Waste by product' })).toContainText('Olive oil');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'waste-by-store');

  // 5. The catalogue exported from the harbour (decision 069): its stock column is the harbour's 3, not the 15 in all.
  await page.goto('/products');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exporting = page.getByRole('dialog', { name: 'Export products to CSV' });
  await exporting.getByLabel('Stock of').selectOption({ label: 'Harbour Street' });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'export-by-store');
  const download = page.waitForEvent('download');
  await exporting.getByRole('button', { name: 'Download CSV' }).click();
  const file = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = file.trim().split(/\r?\n/).map((line) => line.split(','));
  expect(rows.find((row) => row[0] === 'Olive oil')?.[header!.indexOf('stock')]).toBe('3');
  await expect(exporting).toBeHidden();
  void harbour;
});
