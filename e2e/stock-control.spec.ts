import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { scan, signUpOwner } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/stock-control';

/** Both viewports of the brief, for a person to look at; a phone never scrolls sideways. */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function product(page: Page, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/products', { data: { track_stock: true, ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: { id: string } }).product.id;
}

test('the owner adjusts stock, records waste and sees it in the report, counts 1 missing and posts it, and sees the history', async ({ page }) => {
  // Four pages, each at two sizes, on a shared machine.
  test.setTimeout(240_000);
  await signUpOwner(page);
  const yoghurt = await product(page, { name: 'Greek yoghurt', price: 250, cost: 80, initial_stock: 12 });
  await product(page, { name: 'Sourdough loaf', price: 400, cost: 150, initial_stock: 3, barcode: '5000112637922' });

  // 1. An adjustment with a reason, from the product's stock page (reached from the products list's stock dialog).
  await page.goto(`/products/${yoghurt}/stock`);
  await expect(page.getByRole('heading', { name: 'Stock of Greek yoghurt', level: 1 })).toBeVisible();
  const adjust = page.getByRole('form', { name: 'Adjust stock' });
  await adjust.getByRole('radio', { name: 'Add units' }).click();
  await adjust.getByLabel('Quantity').fill('6');
  await adjust.getByLabel('Reason').selectOption('received');
  await adjust.getByLabel('Note (optional)').fill('Extra crate from the market');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText('Stock of Greek yoghurt is now 18')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Extra crate from the market' })).toContainText('18');

  // 2. Waste, and the report with the cost lost (2 × 0.80).
  await page.goto('/waste-tracking');
  await expect(page.getByRole('heading', { name: 'Waste', level: 1 })).toBeVisible();
  await expect(page.getByText('No waste recorded in this period')).toBeVisible();
  await screenshots(page, 'waste-empty');
  const waste = page.getByRole('form', { name: 'Record waste' });
  await waste.getByRole('searchbox', { name: 'Product' }).fill('yog');
  await waste.getByRole('button', { name: /Greek yoghurt/ }).click();
  await waste.getByLabel('Quantity').fill('2');
  await waste.getByLabel('Reason').selectOption('expired');
  await waste.getByRole('button', { name: 'Record waste' }).click();
  await expect(page.getByText('Recorded 2 × Greek yoghurt as waste')).toBeVisible();
  await expect(page.getByTestId('waste-cost-total')).toHaveText('$1.60');
  await expect(page.getByRole('table', { name: 'Waste by reason' })).toContainText('Expired');
  await expect(page.getByRole('table', { name: 'Waste by product' })).toContainText('Greek yoghurt');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^waste-.*\.csv$/);
  await screenshots(page, 'waste-report');

  // 3. A full count: the yoghurt typed on a phone-sized input, the loaf scanned three times; one yoghurt is missing.
  await page.goto('/products');
  await page.getByRole('link', { name: 'Stock counts' }).click();
  await expect(page.getByRole('heading', { name: 'Stock counts', level: 1 })).toBeVisible();
  await expect(page.getByText('No count yet')).toBeVisible();
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByRole('heading', { name: /^Count of / })).toBeVisible();
  await page.getByLabel('Counted Greek yoghurt').fill('15');
  await page.getByLabel('Counted Greek yoghurt').press('Enter');
  await expect(page.getByLabel('Difference for Greek yoghurt')).toHaveText('-1');
  await page.getByRole('heading', { name: /^Count of / }).click();
  for (let i = 0; i < 3; i += 1) await scan(page, '5000112637922');
  await expect(page.getByLabel('Counted Sourdough loaf')).toHaveValue('3');
  await expect(page.getByLabel('Difference for Sourdough loaf')).toHaveText('Matches');
  await screenshots(page, 'count-in-progress');
  await page.getByRole('button', { name: 'Post count' }).click();
  await page.getByRole('button', { name: 'Post 1 difference' }).click();
  await expect(page.getByText('Count posted')).toBeVisible();
  await expect(page.getByText('Posted', { exact: true })).toBeVisible();
  await page.goto('/products/stock-counts');
  await expect(page.getByRole('row').filter({ hasText: 'Everything' })).toContainText('Posted');
  await screenshots(page, 'counts-list');

  // 4. The history: every movement with the stock after it and who made it.
  await page.goto(`/products/${yoghurt}/stock`);
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('Stock count');
  await expect(rows.nth(1)).toContainText('15');
  await expect(rows.nth(2)).toContainText('Waste');
  await expect(rows.nth(2)).toContainText('16');
  await expect(rows.nth(3)).toContainText('Adjustment');
  await expect(rows.nth(3)).toContainText('Received: Extra crate from the market');
  await expect(rows.nth(4)).toContainText('Opening stock');
  await expect(rows.nth(1)).toContainText('Business owner');
  await screenshots(page, 'stock-history');
});
