import { expect, test } from '@playwright/test';
import { findChromium } from '../scripts/chromium.mjs';
import { barcodeCameraVideo } from './fake-camera.ts';
import { pageShots } from './page-shots.ts';
import { signUpOwner } from './till-journey.ts';

// Chromium's fake camera shows the loaf's EAN-13 (issue 14 item 8); the page reads it from the video frames itself.
const LOAF = '5000112637922';
test.use({
  launchOptions: {
    executablePath: findChromium() ?? undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${barcodeCameraVideo(LOAF)}`,
    ],
  },
});

test('with a phone camera instead of a scanner, a count and the label screen read a barcode; a code held in view counts once', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpOwner(page);
  const created = await page.request.post('/api/products', { data: { name: 'Sourdough loaf', price: 400, track_stock: true, initial_stock: 3, barcode: LOAF } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/products/stock-counts');
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByRole('heading', { name: /^Count of / })).toBeVisible();
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  const camera = page.getByRole('dialog', { name: 'Count with the camera' });
  await expect(camera.getByText(`Scanned ${LOAF}`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Counted Sourdough loaf')).toHaveValue('1');
  // The same loaf stays in the picture: still one.
  await page.waitForTimeout(1500);
  await expect(page.getByLabel('Counted Sourdough loaf')).toHaveValue('1');
  await pageShots(page, '.tmp/screenshots/camera', 'count-camera');
  await camera.getByRole('button', { name: 'Done' }).click();
  await expect(camera).toBeHidden();

  expect((await page.request.patch('/api/business-settings', { data: { enabled_features: { price_labels: true } } })).status()).toBe(200);
  await page.goto('/price-labels');
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(page.getByRole('dialog', { name: 'Find a product by its barcode' })).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('searchbox', { name: 'Product' })).toHaveValue(LOAF);
  await expect(page.getByRole('list', { name: 'Matching products' })).toContainText('Sourdough loaf');
});
