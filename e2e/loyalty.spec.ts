import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { COFFEE, CROISSANT, cartLines, cartTotal, seedCatalogue, signUpOwner, tile } from './till-journey.ts';

/**
 * Issue 20, decisions 064 and 066: the owner turns loyalty on, sells a gift card at the till, then
 * a sale to a customer earns points, then a sale is paid partly by the gift card and partly by
 * the points; the back office shows the balances. The customers list filters by tag.
 */

mkdirSync('.tmp', { recursive: true });
/** The screen at the till's and a phone's size, for a person to look at (.tmp/loyalty-*.png, not committed). */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/loyalty-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `.tmp/loyalty-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function switchOn(page: Page, label: string) {
  const toggle = page.getByRole('switch', { name: label, exact: true });
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
}

async function attachCustomer(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add customer' }).click();
  await page.getByRole('combobox', { name: 'Find a customer by name, email or phone' }).fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByRole('button', { name: `Remove customer ${name}` })).toBeVisible();
}

test('loyalty at the till: a gift card sold, points earned, a sale paid by gift card and points; the back office shows the balances', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpOwner(page);
  await seedCatalogue(page);
  const customer = await page.request.post('/api/customers', { data: { name: 'Lena Loyal', tags: ['vip'] } });
  expect(customer.status(), await customer.text()).toBe(201);
  expect((await page.request.post('/api/customers', { data: { name: 'Bo Plain', tags: ['staff'] } })).status()).toBe(201);

  // The owner turns the loyalty program on (with customers and split payments) in Settings; the
  // retail template starts with it on, so it starts off here and the till shows nothing of it.
  expect((await page.request.patch('/api/business-settings', { data: { enabled_features: { loyalty_program: false } } })).status()).toBe(200);
  await page.goto('/pos');
  await expect(tile(page, CROISSANT.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sell a gift card' })).toHaveCount(0);
  await page.goto('/settings');
  for (const label of ['Loyalty program', 'Customer management', 'Split payments']) await switchOn(page, label);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  // 1. A gift card of 50.00 sold on its own, with a code made at the till, paid by card.
  await page.goto('/pos');
  await expect(tile(page, CROISSANT.name)).toBeVisible();
  await page.getByRole('button', { name: 'Sell a gift card' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell a gift card' });
  await sell.getByLabel('Amount on the card').fill('50');
  const code = (await sell.getByTestId('new-gift-card-code').textContent())!.replace(/\s/g, '');
  expect(code).toMatch(/^\d{16}$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shots(page, 'gift-card-sale');
  await sell.getByRole('button', { name: 'Add gift card $50.00' }).click();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText(`Gift card •••• ${code.slice(-4)}`);
  await expect(cartTotal(page)).toHaveText('$50.00');
  // No discount on the whole sale beside a gift card: the till says so rather than send it.
  await page.getByRole('button', { name: 'Discount' }).click();
  await expect(page.getByText('A sale that sells a gift card cannot take a discount on the whole sale.')).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  let pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Card', exact: true }).click();
  await pay.getByRole('button', { name: 'Card payment received' }).click();
  let done = page.getByRole('dialog', { name: 'Sale complete' });
  await expect(done.getByTestId('sold-gift-cards')).toContainText(code.replace(/(\d{4})(?=\d)/g, '$1 '));
  await done.getByRole('button', { name: /New sale/ }).click();

  // 2. Lena buys 4 bags of coffee (4 × 13.75 = 55.00 with tax): the cart shows her points and what the sale earns.
  for (let index = 0; index < 4; index++) await tile(page, COFFEE.name).click();
  await attachCustomer(page, 'Lena Loyal');
  const points = page.getByTestId('till-customer-points');
  await expect(points).toContainText('0 points');
  await expect(points).toContainText('Bronze');
  await expect(points).toContainText('This sale earns 55 points');
  await page.getByRole('button', { name: /^Pay/ }).click();
  pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Card', exact: true }).click();
  await pay.getByRole('button', { name: 'Card payment received' }).click();
  done = page.getByRole('dialog', { name: 'Sale complete' });
  await expect(done.getByTestId('sale-points')).toContainText('Earned 55 points');
  await expect(done.getByTestId('sale-points')).toContainText('Balance 55 points');
  await done.getByRole('button', { name: /New sale/ }).click();

  // 3. Coffee and a croissant (13.75 + 3.41 = 17.16): 55 points pay 0.55, the gift card the other 16.61.
  await tile(page, COFFEE.name).click();
  await tile(page, CROISSANT.name).click();
  await attachCustomer(page, 'Lena Loyal');
  await expect(points).toContainText('55 points');
  await expect(points).toContainText('worth $0.55');
  await shots(page, 'cart-customer-points');
  await page.getByRole('button', { name: /^Pay/ }).click();
  pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Redeem points' }).click();
  await expect(pay.getByText('Lena Loyal has 55 points')).toBeVisible();
  await pay.getByRole('button', { name: 'Redeem 55 points ($0.55)' }).click();
  await expect(pay.getByRole('list', { name: 'Payments' })).toContainText('55 points');
  await expect(pay.getByTestId('payment-remaining')).toHaveText('$16.61');
  await pay.getByRole('tab', { name: 'Gift card' }).click();
  // An unknown card is refused with a clear message before anything is sent.
  await pay.getByLabel('Gift card number').fill('4111 1111 1111 1111');
  await pay.getByRole('button', { name: 'Check balance' }).click();
  await expect(pay.getByText('No gift card has that code.')).toBeVisible();
  await pay.getByLabel('Gift card number').fill(code);
  await pay.getByRole('button', { name: 'Check balance' }).click();
  await expect(pay.getByText(`Card •••• ${code.slice(-4)} holds $50.00`)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shots(page, 'payment-gift-card-and-points');
  await pay.getByRole('button', { name: 'Take $16.61 from the gift card' }).click();
  done = page.getByRole('dialog', { name: 'Sale complete' });
  await expect(done.getByTestId('sale-points')).toContainText('Redeemed 55 points');
  await expect(done.getByTestId('sale-points')).toContainText('Earned 16 points');
  await expect(done.getByTestId('sale-points')).toContainText('Balance 16 points');
  // The receipt masks the card and prints the points.
  await done.getByRole('link', { name: 'Print receipt' }).click();
  const receipt = page.getByRole('article', { name: /^Receipt #/ });
  await expect(receipt.getByText(`Ref: •••• ${code.slice(-4)}`)).toBeVisible();
  await expect(receipt.getByText('Points balance: 16 points')).toBeVisible();
  await expect(receipt).not.toContainText(code);

  // The back office: Lena's drawer shows her 16 points; the gift card holds 50.00 − 16.61 = 33.39.
  // The list filters by tag; the filter is in the address and survives a reload.
  await page.goto('/customers');
  await expect(page.getByText('Bo Plain')).toBeVisible();
  const vip = page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'vip', exact: true });
  await vip.click();
  await expect(page).toHaveURL(/\/customers\?tag=vip$/);
  await expect(page.getByText('Bo Plain')).toHaveCount(0);
  await page.reload();
  await expect(vip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Bo Plain')).toHaveCount(0);
  await shots(page, 'customers-tag-filter');
  await page.getByRole('button', { name: /Lena Loyal/ }).click();
  await expect(page.getByTestId('customer-points')).toHaveText('16');
  await page.goto('/marketing?tab=loyalty');
  const row = page.getByRole('row').filter({ hasText: code.replace(/(\d{4})(?=\d)/g, '$1 ') });
  await expect(row.getByTestId('gift-card-balance')).toHaveText('$33.39');
  await row.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'Balance history' })).toContainText('16.61');
});
