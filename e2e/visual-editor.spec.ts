import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { viewportShots } from './api-helpers.ts';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner, signUpSuperAdmin } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/visual-editor';
/** A super admin of its own (playwright.config.ts lists it). */
const ROOT = 'visual-root@e2e.example';
const TODAY = { product_name: 'Till', sign_in_welcome: 'Welcome back. Sign in to open your till and back office.', primary_color: '#171717' };

test.setTimeout(180_000);

test('the super admin sets the sign-in welcome text and colour; a signed-out visitor sees them', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signUpSuperAdmin(admin, ROOT, 'Platform Looks', 'Vera Root');
  try {
    await admin.goto('/superadmin/visual-editor');
    await expect(admin.getByRole('heading', { name: 'Visual editor', level: 1 })).toBeVisible();
    const form = admin.getByRole('form', { name: 'Platform look' });
    await form.getByLabel('Sign-in welcome text').fill('Good morning, shopkeepers.');
    await form.getByLabel('Product name').fill('Shopfront');
    // A light colour is explained at once and refused.
    await form.getByLabel('Brand colour', { exact: true }).fill('#ffcc00');
    await expect(form.getByText(/White text on #ffcc00 has a contrast of 1\.\d\d:1; choose a darker colour/)).toBeVisible();
    await form.getByLabel('Brand colour', { exact: true }).fill('#1d4ed8');
    await expect(form.getByText('White text on it: 6.70:1 (at least 4.5:1 needed).')).toBeVisible();
    const preview = admin.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('Sign in to Shopfront')).toBeVisible();
    await expect(preview.getByText('Good morning, shopkeepers.')).toBeVisible();
    await expect(preview.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await viewportShots(admin, SHOTS, 'visual-editor');
    await form.getByRole('button', { name: 'Save look' }).click();
    await expect(admin.getByText('The look is saved; the sign-in page shows it now')).toBeVisible();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/auth');
    await expect(visitor.getByRole('heading', { name: 'Sign in to Shopfront', level: 1 })).toBeVisible();
    await expect(visitor.getByText('Good morning, shopkeepers.')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Sign in', exact: true })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await viewportShots(visitor, SHOTS, 'sign-in');
  } finally {
    // Specs share one server: the look goes back to today's.
    const reset = await admin.request.put('/api/super-admin/branding', { data: TODAY });
    expect(reset.ok()).toBe(true);
  }
});

test("an owner sets a receipt footer and sees it on the receipt; the app paints in the business's colour", async ({ page }) => {
  await signUpOwner(page, 'Branded Deli');
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Branding' });
  await form.getByLabel('Brand colour', { exact: true }).fill('#7c2d12');
  await form.getByLabel('Receipt header').fill('Branded Deli Ltd\nVAT GB 123 4567');
  await form.getByLabel('Receipt footer').fill('Thanks for shopping local!\nReturns within 30 days');
  await expect(page.getByRole('region', { name: 'Branding preview' }).getByText('Returns within 30 days')).toBeVisible();
  await form.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Branding saved')).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('button', { name: 'Save branding' })).toHaveCSS('background-color', 'rgb(124, 45, 18)');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await form.scrollIntoViewIfNeeded();
  await viewportShots(page, SHOTS, 'settings-branding');

  const product = await page.request.post('/api/products', { data: { name: 'Sourdough loaf', price: 450 } });
  expect(product.ok()).toBe(true);
  const { product: loaf } = (await product.json()) as { product: { id: string } };
  const sale = await page.request.post('/api/checkout', {
    data: { idempotency_key: randomUUID(), lines: [{ product_id: loaf.id, quantity: 1 }], payments: [{ method: 'cash', amount: 450, tendered: 500 }], expected_total: 450 },
  });
  expect(sale.status()).toBe(201);
  const { order } = (await sale.json()) as { order: { id: string } };
  await page.goto(`/orders/${order.id}/receipt`);
  const receipt = page.getByRole('article', { name: 'Receipt #1' });
  await expect(receipt.getByText('VAT GB 123 4567')).toBeVisible();
  await expect(receipt.getByText('Thanks for shopping local!')).toBeVisible();
  await expect(receipt.getByText('Returns within 30 days')).toBeVisible();
  await viewportShots(page, SHOTS, 'receipt');
});
