import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import {
  addStaff,
  CASHIER,
  cartLines,
  cartTotal,
  COFFEE,
  CROISSANT,
  MANAGER,
  MILK,
  openDrawer,
  openTill,
  openUserMenuItem,
  pairTill,
  scan,
  screenshots,
  searchBox,
  seedCatalogue,
  signInOnTill,
  signUpOwner,
  stockOnProductsPage,
  tile,
} from './till-journey.ts';

test('the owner pairs a till; a cashier signs in by PIN and lands on the till, scans, reloads, pays and locks; the till alone is refused; a manager refunds one line from the till; End Shift returns to the PIN pad', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signUpOwner(page);
  await seedCatalogue(page);
  await addStaff(page);
  // The owner sees ten bags of coffee beans in stock.
  await page.goto('/products');
  await expect(stockOnProductsPage(page, COFFEE.name)).toHaveText('10');

  const till = await pairTill(page, browser);
  expect((await till.context().cookies()).some((cookie) => cookie.name.startsWith('better-auth'))).toBe(false);

  // The cashier signs in on the PIN pad and lands on the till: name, four digits, Sign in.
  await signInOnTill(till, CASHIER.full_name, CASHIER.pin);
  await expect(till.getByText('Scan a barcode or tap a product to start a sale.')).toBeVisible();
  await expect(tile(till, CROISSANT.name)).toBeVisible();
  // The drawer is counted before the first cash sale (issue 12).
  await openDrawer(till, '100');

  // nothing has focus: the scanner still adds the product
  await scan(till, COFFEE.barcode);
  await expect(cartLines(till)).toHaveCount(1);
  await expect(cartLines(till).first()).toContainText(COFFEE.name);

  // the search box has focus: the scan adds the product and leaves nothing behind in the box
  await searchBox(till).click();
  await scan(till, MILK.barcode);
  await expect(cartLines(till)).toHaveCount(2);
  await expect(cartLines(till).nth(1)).toContainText(MILK.name);
  await expect(searchBox(till)).toHaveValue('');

  // The tab is reloaded: the sale is still there.
  await till.reload();
  await expect(cartLines(till)).toHaveCount(2);
  await screenshots(till, 'till-cashier');

  await tile(till, CROISSANT.name).click();
  await expect(cartLines(till)).toHaveCount(3);
  // 12.50 + 2.40 + 3.10 = 18.00, plus 10 % tax
  await expect(cartTotal(till)).toHaveText('$19.80');

  await till.keyboard.press('F9');
  const pay = till.getByRole('dialog', { name: 'Take payment' });
  await expect(pay).toBeVisible();
  await pay.getByRole('tab', { name: 'Card', exact: true }).click();
  await pay.getByLabel('Amount').fill('10');
  await pay.getByLabel('Reference (optional)').fill('4242');
  await pay.getByRole('button', { name: 'Card payment received' }).click();
  await expect(pay.getByTestId('payment-remaining')).toHaveText('$9.80');

  await pay.getByRole('tab', { name: 'Cash' }).click();
  await pay.getByLabel('Cash received').fill('20');
  await expect(pay.getByText('Change $10.20')).toBeVisible();
  await pay.getByRole('button', { name: 'Take cash' }).click();

  const done = till.getByRole('dialog', { name: 'Sale complete' });
  await expect(done.getByTestId('change-due')).toHaveText('$10.20');
  await expect(done).toContainText('Order #1');

  // The receipt: the order number, the three lines, both payments and the change.
  await done.getByRole('link', { name: 'Print receipt' }).click();
  await expect(till).toHaveURL(/\/orders\/[0-9a-f-]{36}\/receipt$/);
  const orderId = /\/orders\/([0-9a-f-]{36})\/receipt$/.exec(till.url())![1]!;
  await expect(till.getByRole('heading', { name: 'Receipt #1', level: 1 })).toBeVisible();
  const receipt = till.getByRole('article', { name: 'Receipt #1' });
  const receiptRow = (label: string) => receipt.getByText(label, { exact: true }).locator('..');
  await expect(receiptRow(`1 x ${COFFEE.name}`)).toContainText('$12.50');
  await expect(receiptRow(`1 x ${MILK.name}`)).toContainText('$2.40');
  await expect(receiptRow(`1 x ${CROISSANT.name}`)).toContainText('$3.10');
  await expect(receiptRow('TOTAL')).toContainText('$19.80');
  await expect(receiptRow('Card')).toContainText('$10.00');
  await expect(receipt.getByText('Ref: 4242')).toBeVisible();
  await expect(receiptRow('Cash tendered')).toContainText('$20.00');
  await expect(receiptRow('Change')).toContainText('$10.20');
  await expect(receipt.getByText(`Served by: ${CASHIER.full_name}`)).toBeVisible();

  // The cashier's menu lists only what opens for a cashier: Orders, no Settings.
  await till.getByRole('button', { name: 'User menu' }).click();
  await expect(till.getByRole('menuitem', { name: 'Settings', exact: true })).toHaveCount(0);
  await till.keyboard.press('Escape');

  // The sale is in /orders.
  await openUserMenuItem(till, 'Orders');
  await expect(till).toHaveURL(/\/orders$/);
  const table = till.getByRole('table', { name: 'Orders, newest first' });
  const row = table.getByRole('row').filter({ has: till.getByRole('link', { name: '#1', exact: true }) });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$19.80');
  await expect(row).toContainText(/Card, Cash|Cash, Card/);
  await expect(row).toContainText(CASHIER.full_name);

  // The cashier may open it and reprint its receipt, but is not offered a refund.
  await row.getByRole('link', { name: '#1', exact: true }).click();
  await expect(till).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(till.getByRole('heading', { name: 'Sale #1', level: 1 })).toBeVisible();
  await expect(till.getByText('Sold by', { exact: true }).locator('..')).toContainText(CASHIER.full_name);
  await expect(till.getByRole('link', { name: 'Print receipt' })).toBeVisible();
  await expect(till.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await till.keyboard.press('r'); // the refund shortcut does nothing either
  await expect(till.getByRole('dialog')).toHaveCount(0);
  // and the server says no to the cashier's session as well
  const cashierToken = await till.evaluate(() => (JSON.parse(localStorage.getItem('till.employee-session') ?? '{}') as { token?: string }).token);
  expect(cashierToken).toBeTruthy();
  const refundBody = { idempotency_key: randomUUID(), reason: 'Try', method: 'cash' };
  const refused = await till.request.post(`/api/orders/${orderId}/refunds`, { data: refundBody, headers: { 'x-employee-session': cashierToken! } });
  expect(refused.status()).toBe(403);

  // Lock: the device shows its PIN pad.
  await till.getByRole('button', { name: /^Lock/ }).click();
  await expect(till).toHaveURL(/\/pos-terminal$/);
  await expect(till.getByRole('heading', { name: 'Who is signing in?' })).toBeVisible();

  // With the device's credential alone, business routes refuse: never the owner.
  for (const [method, path] of [
    ['GET', '/api/orders'],
    ['GET', '/api/business-settings'],
    ['GET', '/api/products'],
    ['GET', '/api/employees'],
    ['POST', `/api/orders/${orderId}/refunds`],
  ] as const) {
    const res = await till.request.fetch(path, { method, ...(method === 'POST' ? { data: refundBody } : {}) });
    expect([401, 403], `${method} ${path}`).toContain(res.status());
  }

  // A manager signs in and refunds one line from the till's Orders entry.
  await signInOnTill(till, MANAGER.full_name, MANAGER.pin);
  await till.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
  await expect(till).toHaveURL(/\/orders$/);
  await table.getByRole('link', { name: '#1', exact: true }).click();
  await expect(till.getByRole('heading', { name: 'Sale #1', level: 1 })).toBeVisible();
  await till.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = till.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Refund Sale #1' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Chosen items' })).toBeChecked();
  await dialog.getByRole('button', { name: `One more ${COFFEE.name}` }).click();
  await expect(dialog.getByRole('checkbox', { name: `Restock ${COFFEE.name}` })).toBeChecked();
  await dialog.getByRole('button', { name: 'Damaged' }).click();
  // one coffee and its 10 % tax
  await dialog.getByRole('button', { name: 'Refund $13.75' }).click();
  await expect(dialog.getByRole('heading', { name: 'Refund done' })).toBeVisible();
  // The card took $10.00 of the sale, so it gives back no more than that; the rest is cash.
  await expect(dialog).toContainText('$10.00 back to the card. $3.75 back in cash.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(till.getByText('Partially refunded').first()).toBeVisible();
  await expect(till.getByRole('region', { name: 'Refunds' }).getByText(`1 × ${COFFEE.name}`)).toBeVisible();
  await expect(till.getByRole('region', { name: 'History' }).getByText(new RegExp(`^${MANAGER.full_name} ·`))).toBeVisible();
  await expect(till.getByRole('button', { name: 'Refund', exact: true })).toBeVisible(); // two lines are left to refund

  // End Shift asks first, then returns to the PIN pad, never the back office.
  await openUserMenuItem(till, 'End Shift');
  const confirm = till.getByRole('dialog', { name: 'End your shift?' });
  await expect(confirm).toBeVisible();
  await screenshots(till, 'end-shift-confirm');
  await confirm.getByRole('button', { name: 'End shift' }).click();
  await expect(till).toHaveURL(/\/pos-terminal$/);
  await expect(till.getByRole('heading', { name: 'Who is signing in?' })).toBeVisible();
  await till.goto('/dashboard');
  await expect(till).toHaveURL(/\/pos-terminal$/);
  await till.goto('/settings');
  await expect(till).toHaveURL(/\/pos-terminal$/);

  // The coffee is back on the shelf, as the owner sees at the back office.
  await page.goto('/products');
  await expect(stockOnProductsPage(page, COFFEE.name)).toHaveText('10');
  await till.context().close();
});

test('typing slowly in the search box is a search, not a scan; Enter adds the only match', async ({ page }) => {
  await openTill(page);
  await searchBox(page).click();
  await page.keyboard.type('croiss', { delay: 120 });
  await expect(page.getByText('Results for “croiss” in all categories')).toBeVisible();
  await expect(tile(page, CROISSANT.name)).toBeVisible();
  await expect(tile(page, COFFEE.name)).toHaveCount(0);
  await expect(cartLines(page)).toHaveCount(0);

  await page.keyboard.press('Enter');
  await expect(cartLines(page)).toHaveCount(1);
  await expect(searchBox(page)).toHaveValue('');

  // keyboard: + on the selected line (outside a text field), F2 back to the search box
  await searchBox(page).blur();
  await page.keyboard.press('+');
  await expect(cartLines(page).first()).toContainText('2 × $3.10');
  await page.keyboard.press('F2');
  await expect(searchBox(page)).toBeFocused();

  // the category tab shows only its products
  await page.getByRole('tab', { name: 'Bakery' }).click();
  await expect(tile(page, CROISSANT.name)).toBeVisible();
  await expect(tile(page, MILK.name)).toHaveCount(0);
});

test('a payment whose answer is lost is retried with the same idempotency key and charged once', async ({ page }) => {
  await openTill(page);
  await scan(page, COFFEE.barcode);
  await expect(cartTotal(page)).toHaveText('$13.75');

  const keys: string[] = [];
  await page.route('**/api/checkout', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotency_key: string }).idempotency_key);
    if (keys.length === 1) {
      // the server takes the sale, but its answer never reaches the till
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await page.getByRole('button', { name: /^Pay/ }).first().click();
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('button', { name: /Exact/ }).click();
  await expect(pay.getByText('The sale was not confirmed')).toBeVisible();
  await pay.getByRole('button', { name: 'Retry' }).click();

  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await expect(done).toContainText('Order #1');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const orders = await (await page.request.get('/api/orders?status=paid')).json();
  expect(orders.orders).toHaveLength(1);
});

test('park a sale, resume and pay it; void another parked sale with a reason', async ({ page }) => {
  await openTill(page);
  await scan(page, MILK.barcode);
  await scan(page, MILK.barcode);
  await expect(cartLines(page).first()).toContainText('2 × $2.40');
  await page.keyboard.press('F8');
  await expect(page.getByText('Sale parked ($5.28)')).toBeVisible();
  await expect(cartLines(page)).toHaveCount(0);

  await tile(page, CROISSANT.name).click();
  await page.getByRole('button', { name: /^Park( F8)?$/ }).click();
  await expect(page.getByRole('button', { name: 'Parked sales: 2' })).toBeVisible();

  // F8 with an empty cart lists the parked sales
  await page.keyboard.press('F8');
  const parked = page.getByRole('dialog', { name: 'Parked sales' });
  const rows = parked.getByRole('list', { name: 'Parked sales' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const milkSale = rows.filter({ hasText: '$5.28' });
  await milkSale.getByRole('button', { name: 'Resume' }).click();
  await expect(parked).toBeHidden();
  await expect(cartLines(page).first()).toContainText(MILK.name);
  await expect(cartTotal(page)).toHaveText('$5.28');

  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('button', { name: /Exact/ }).click();
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await expect(done).toContainText('Order #1');
  await expect(done.getByTestId('change-due')).toHaveText('$0.00');
  await done.getByRole('button', { name: /New sale/ }).click();

  await page.getByRole('button', { name: 'Parked sales: 1' }).click();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'Void' }).click();
  await parked.getByRole('button', { name: 'Void sale' }).click();
  await expect(parked.getByText('Give a reason: it is kept with the sale.')).toBeVisible();
  await parked.getByRole('button', { name: 'Customer left' }).click();
  await parked.getByRole('button', { name: 'Void sale' }).click();
  await expect(parked.getByText('No parked sales.')).toBeVisible();
});

test('discounts on a line and on the sale are priced as the server prices them', async ({ page }) => {
  await openTill(page);
  await scan(page, COFFEE.barcode);
  await scan(page, MILK.barcode);
  await page.getByRole('button', { name: `Edit ${COFFEE.name}` }).click();
  const line = page.getByRole('dialog', { name: COFFEE.name });
  await line.getByRole('button', { name: 'Amount' }).click();
  await line.getByLabel('Discount amount').fill('1');
  await line.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Discount' }).click();
  await page.getByRole('dialog', { name: 'Discount on the sale' }).getByRole('button', { name: '10%' }).click();
  await page.getByRole('dialog', { name: 'Discount on the sale' }).getByRole('button', { name: 'Apply' }).click();
  // 12.50 − 1.00 + 2.40 = 13.90; −10 % = 12.51 (shared 10.35 + 2.16); tax per line 1.035 → 1.04, 0.216 → 0.22
  await expect(cartTotal(page)).toHaveText('$13.77');

  await page.keyboard.press('F9');
  await page.getByRole('dialog', { name: 'Take payment' }).getByRole('button', { name: /Exact/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sale complete' })).toContainText('$13.77 paid by cash');
});

test('a price changed on the server: the till shows the new total and the cashier confirms it', async ({ page }) => {
  await openTill(page);
  await scan(page, COFFEE.barcode);
  await expect(cartTotal(page)).toHaveText('$13.75');
  const found = await (await page.request.get(`/api/pos/products/by-barcode/${COFFEE.barcode}`)).json();
  const patched = await page.request.patch(`/api/products/${found.product.id}`, { data: { price: 1500 } });
  expect(patched.ok()).toBe(true);

  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('button', { name: /Exact/ }).click();
  await expect(pay.getByText('Prices changed — total is now $16.50')).toBeVisible();
  await pay.getByRole('button', { name: 'Charge $16.50' }).click();
  await expect(pay.getByTestId('payment-remaining')).toHaveText('$16.50');
  await pay.getByRole('button', { name: /Exact/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sale complete' })).toContainText('$16.50 paid by cash');
});

test('not enough stock: the till names the product and nothing is charged', async ({ page }) => {
  await openTill(page);
  const { tax_rates: taxRates } = await (await page.request.get('/api/tax-rates')).json();
  const created = await page.request.post('/api/products', {
    data: { name: 'Truffle jar', barcode: '7612345678904', price: 900, tax_rate_id: taxRates[0].id, track_stock: true, initial_stock: 1 },
  });
  expect(created.ok()).toBe(true);
  await scan(page, '7612345678904');
  await scan(page, '7612345678904');
  await expect(cartLines(page).first()).toContainText('2 × $9.00');
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('button', { name: /Exact/ }).click();
  await expect(pay.getByText('Not enough Truffle jar in stock')).toBeVisible();
  await pay.getByRole('button', { name: 'Back to the sale' }).click();
  await expect(pay).toBeHidden();
  await expect(cartLines(page)).toHaveCount(1);
  const orders = await (await page.request.get('/api/orders?status=paid')).json();
  expect(orders.orders).toHaveLength(0);
});

test('F4 attaches a customer, created on the spot, to the sale', async ({ page }) => {
  await openTill(page);
  await scan(page, MILK.barcode);
  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Customer' });
  await dialog.getByRole('combobox', { name: 'Find a customer by name, email or phone' }).fill('Jo Park');
  await dialog.getByRole('button', { name: 'Add “Jo Park”' }).click();
  await dialog.getByRole('button', { name: 'Add and attach' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remove customer Jo Park' })).toBeVisible();

  await page.keyboard.press('F9');
  await page.getByRole('dialog', { name: 'Take payment' }).getByRole('button', { name: /Exact/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sale complete' })).toContainText('Order #1');
  const orders = await (await page.request.get('/api/orders?status=paid')).json();
  expect(orders.orders[0].customer_name).toBe('Jo Park');
});

test('axe finds no serious or critical violation on /pos, with a sale in the cart and in the payment dialog', async ({ page }) => {
  await openTill(page);
  await scan(page, COFFEE.barcode);
  await expect(cartLines(page)).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('F9');
  await expect(page.getByRole('dialog', { name: 'Take payment' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
