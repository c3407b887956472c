import { expect, test } from '@playwright/test';
import { viewportShots } from './api-helpers.ts';
import { seriousA11yViolations } from './axe.ts';
import { addStaff, CASHIER, cartLines, cartTotal, openDrawer, pairTill, signInOnTill, signUpOwner, tile } from './till-journey.ts';

/** Issue 20 item 5 (decision 050): a promotion the owner adds is applied by the till, kept by checkout and printed on the receipt. */

const SCREENS = '.tmp/screens/promotions';

test('the owner adds 20% off drinks; the cashier rings up a drink with the discount and the receipt shows it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signUpOwner(page, 'Promo Bar');
  await addStaff(page);
  const settings = await page.request.patch('/api/business-settings', { data: { enabled_features: { promotions_pricing: true } } });
  expect(settings.status(), await settings.text()).toBe(200);
  const drinks = await page.request.post('/api/categories', { data: { name: 'Drinks' } });
  const { category } = (await drinks.json()) as { category: { id: string } };
  expect((await page.request.post('/api/products', { data: { name: 'Lemonade', price: 300, category_id: category.id } })).status()).toBe(201);
  expect((await page.request.post('/api/products', { data: { name: 'Sandwich', price: 500 } })).status()).toBe(201);

  // The owner adds the promotion on the Marketing page.
  await page.goto('/marketing?tab=promotions');
  await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a promotion' });
  await form.getByLabel('Name', { exact: true }).fill('20% off drinks');
  await form.getByLabel('Product or category').selectOption({ label: 'Drinks' });
  await form.getByLabel('Kind', { exact: true }).selectOption('percent_off');
  await form.getByLabel('Percentage off').fill('20');
  await form.getByRole('button', { name: 'Add promotion' }).click();
  const row = page.getByRole('table', { name: 'Promotions' }).getByRole('row', { name: /20% off drinks/ });
  await expect(row).toContainText('20% off · Drinks');
  await expect(row).toContainText('On');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await viewportShots(page, SCREENS, 'marketing');

  // The cashier rings up a lemonade and a sandwich: only the drink takes 20 % off.
  const till = await pairTill(page, browser);
  await signInOnTill(till, CASHIER.full_name, CASHIER.pin);
  await openDrawer(till, '100');
  await tile(till, 'Lemonade').click();
  await tile(till, 'Sandwich').click();
  await expect(cartLines(till)).toHaveCount(2);
  await expect(cartLines(till).first().getByTestId('line-promotion')).toHaveText('20% off drinks: −$0.60');
  await expect(cartLines(till).nth(1).getByTestId('line-promotion')).toHaveCount(0);
  await expect(cartTotal(till)).toHaveText('$7.40');
  await viewportShots(till, SCREENS, 'till');

  await till.keyboard.press('F9');
  const pay = till.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Card', exact: true }).click();
  await pay.getByLabel('Amount').fill('7.40');
  await pay.getByRole('button', { name: 'Card payment received' }).click();
  const done = till.getByRole('dialog', { name: 'Sale complete' });
  await expect(done).toContainText('Order #1');

  await done.getByRole('link', { name: 'Print receipt' }).click();
  const receipt = till.getByRole('article', { name: 'Receipt #1' });
  const receiptRow = (label: string) => receipt.getByText(label, { exact: true }).locator('..');
  await expect(receiptRow('1 x Lemonade')).toContainText('$3.00');
  await expect(receiptRow('20% off drinks')).toContainText('0.60');
  await expect(receiptRow('TOTAL')).toContainText('$7.40');
  expect(await seriousA11yViolations(till)).toEqual([]);
  await viewportShots(till, SCREENS, 'receipt');

  // The owner edits the promotion on the page: a weekday happy hour at 25 %, days Monday first.
  await page.goto('/marketing?tab=promotions');
  await page.getByRole('button', { name: 'Edit 20% off drinks' }).click();
  const edit = page.getByRole('form', { name: 'Edit promotion' });
  await expect(edit.getByLabel('Percentage off')).toHaveValue('20');
  await expect(edit.getByRole('group', { name: 'Days (none: every day)' }).locator('label')).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  await edit.getByLabel('Name', { exact: true }).fill('25% off drinks');
  await edit.getByLabel('Percentage off').fill('25');
  for (const day of ['Sun', 'Mon', 'Tue']) await edit.getByLabel(day, { exact: true }).check();
  await viewportShots(page, SCREENS, 'edit-promotion');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved 25% off drinks')).toBeVisible();
  const edited = page.getByRole('table', { name: 'Promotions' }).getByRole('row', { name: /25% off drinks/ });
  await expect(edited).toContainText('25% off · Drinks');
  await expect(edited).toContainText('Mon, Tue, Sun');
  await expect(page.getByRole('form', { name: 'Add a promotion' })).toBeVisible();
});
