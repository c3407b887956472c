import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { decodeBarcodePng } from '../apps/server/test/barcode-decoder.ts';
import { pdfPagePngs, pdfPageSizes } from '../apps/server/test/pdf-helpers.ts';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';
import { signUpOwner } from './till-journey.ts';

test.setTimeout(150_000);

test('the owner changes a price, finds the product in the labels to print, prints an A4 sheet and the barcode scans', async ({ page }) => {
  await signUpOwner(page);
  const api = page.request;
  expect((await api.patch('/api/business-settings', { data: { enabled_features: { price_labels: true } } })).status()).toBe(200);
  const created = await api.post('/api/products', { data: { name: 'Coffee beans 1kg', price: 1250, barcode: '4006381333931' } });
  expect(created.status()).toBe(201);
  const coffee = (await created.json()).product;

  await page.goto('/price-labels');
  await expect(page.getByRole('heading', { name: 'Price labels', level: 1 })).toBeVisible();
  await expect(page.getByText('Nothing waiting.', { exact: false })).toBeVisible();

  expect((await api.patch(`/api/products/${coffee.id}`, { data: { price: 1390 } })).status()).toBe(200);
  await page.reload();
  const queue = page.getByRole('list', { name: 'Price changes' });
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await expect(queue.getByRole('listitem')).toContainText('Coffee beans 1kg');
  await expect(queue.getByRole('listitem')).toContainText('$13.90');
  await queue.getByRole('button', { name: 'Add Coffee beans 1kg' }).click();
  await page.getByLabel('Copies of Coffee beans 1kg').fill('3');
  await expect(page.getByRole('button', { name: 'Print 3 labels' })).toBeEnabled();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, '.tmp/screenshots/price-labels', 'price-labels');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  const pdf = new Uint8Array(readFileSync((await download.path())!));
  const sizes = await pdfPageSizes(pdf);
  expect(sizes).toHaveLength(1);
  // A4 in points: 595.28 × 841.89.
  expect(Math.abs(sizes[0]!.width - 595.28)).toBeLessThan(0.01);
  expect(Math.abs(sizes[0]!.height - 841.89)).toBeLessThan(0.01);
  const [png] = await pdfPagePngs(pdf, 300);
  const decoded = await decodeBarcodePng(png!);
  expect(decoded).toEqual([
    { format: 'EAN13', text: '4006381333931' },
    { format: 'EAN13', text: '4006381333931' },
    { format: 'EAN13', text: '4006381333931' },
  ]);

  // Printed: the queue is empty again.
  await expect(page.getByText('Nothing waiting.', { exact: false })).toBeVisible();
});
