import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';

/**
 * Issue 15 item 3: an owner imports a year of sales from another system's CSV (its own column
 * names, day-first dates), and the dashboard, the sales report and the AI modules show the
 * figures this test computes from the file.
 */

const PASSWORD = 'correct horse battery staple';
const SHOTS = process.env['SHOTS_DIR'] ?? '.tmp/screens/sales-history';

async function signUpOwner(page: Page) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Business name').fill('History Test Café');
  await page.getByLabel('Full name').fill('Ann Lee');
  await page.getByLabel('Industry').click();
  await page.getByRole('option', { name: 'Retail' }).click();
  await page.getByLabel('Email or phone').fill(`history-${Date.now()}@e2e.example`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup-thank-you$/);
  await page.goto('/dashboard');
  await page.getByLabel('PIN for the tills').fill('135790');
  await page.getByRole('button', { name: 'Assign business owner' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const PRODUCTS = [
  { name: 'Latte', group: 'Coffee', price: 350 },
  { name: 'Croissant', group: 'Bakery', price: 225 },
  { name: 'Beans 250g', group: 'Retail', price: 1200 },
];
const BUYERS = ['', 'Zoë Park', 'Sam Hill', '', 'Ivy Chen'];
const day = (date: Date) => date.toISOString().slice(0, 10);
const dayFirst = (iso: string, time: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${time}`;
const usd = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

/** A year of sales up to today (UTC), one to three orders a day, as another till would export them. */
function historyFile() {
  const today = new Date();
  const rows = ['Ticket;Sold on;Buyer;Article;Group;Units;Amount paid;Pay type'];
  let orders = 0;
  let net = 0;
  let todayNet = 0;
  const byProduct = new Map<string, number>();
  for (let back = 365; back >= 0; back -= 1) {
    const date = day(new Date(today.getTime() - back * 86_400_000));
    for (let n = 0; n < 1 + (back % 3); n += 1) {
      orders += 1;
      const ticket = `T${String(orders).padStart(5, '0')}`;
      // Latte and a croissant go together; beans are bought on their own.
      const lines = n % 2 ? [PRODUCTS[0]!, PRODUCTS[1]!] : [PRODUCTS[2]!];
      for (const [index, product] of lines.entries()) {
        const units = 1 + ((back + index) % 2);
        const amount = product.price * units;
        net += amount;
        if (back === 0) todayNet += amount;
        byProduct.set(product.name, (byProduct.get(product.name) ?? 0) + amount);
        rows.push([ticket, dayFirst(date, back === 0 ? '00:00' : `${String(9 + n).padStart(2, '0')}:15`), BUYERS[orders % 5], product.name, product.group, units, (amount / 100).toFixed(2).replace('.', ','), n % 2 ? 'Cash' : 'VISA'].join(';'));
      }
    }
  }
  const [topName, topNet] = [...byProduct].sort((a, b) => b[1] - a[1])[0]!;
  return { csv: rows.join('\r\n') + '\r\n', orders, net, todayNet, topName, topNet, from: day(new Date(today.getTime() - 365 * 86_400_000)), to: day(today) };
}

test('an owner imports a year of sales from another system and sees them in the reports, the dashboard and the AI modules', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpOwner(page);
  const settings = await page.request.patch('/api/business-settings', { data: { currency: 'USD', time_zone: 'UTC', enabled_features: { reporting_analytics: true, customer_management: true } } });
  expect(settings.status()).toBe(200);
  const file = historyFile();

  await page.goto('/analytics');
  await page.getByRole('button', { name: 'Import sales history' }).click();
  await expect(page).toHaveURL(/import=history/);
  await expect(page.getByRole('heading', { name: 'Import sales history' })).toBeVisible();
  await page.getByLabel('Sales history CSV file').setInputFiles({ name: 'old-till-export.csv', mimeType: 'text/csv', buffer: Buffer.from(file.csv) });

  // The mapping step: most columns are guessed from their names; "Sold on" and "Pay type" are not.
  await expect(page.getByRole('heading', { name: '2. Match the columns' })).toBeVisible();
  await expect(page.getByLabel('Order ID (needed)')).toHaveText('Ticket');
  await expect(page.getByLabel('Line amount (needed)')).toHaveText('Amount paid');
  await expect(page.getByText('Some columns are not matched yet')).toBeVisible();
  await page.getByLabel('Date (needed)').click();
  await page.getByRole('option', { name: 'Sold on' }).click();
  await page.getByLabel('Payment method').click();
  await page.getByRole('option', { name: 'Pay type' }).click();
  await expect(page.getByLabel('Dates are written as')).toHaveText('Day/month/year (31/01/2026)');

  // The preview: what the test computed from the file.
  await expect(page.getByTestId('history-orders')).toHaveText(file.orders.toLocaleString('en-US'));
  await expect(page.getByTestId('history-net-sales')).toHaveText(usd(file.net));
  await expect(page.getByTestId('history-dates')).toHaveText(`${file.from} to ${file.to}`);
  await expect(page.getByTestId('history-products')).toHaveText('0 found, 3 new');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'import-preview');

  await page.getByRole('button', { name: `Import ${file.orders.toLocaleString('en-US')} orders` }).click();
  await expect(page.getByText('Sales history imported')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(`${file.orders.toLocaleString('en-US')} orders from ${file.from} to ${file.to}, ${usd(file.net)} in net sales.`)).toBeVisible();
  await screenshots(page, 'import-done');

  // The sales report over the file's dates: totals to the cent, order count, top product.
  await page.getByRole('link', { name: 'See the sales report' }).click();
  const summary = page.getByRole('region', { name: 'Sales summary' });
  await expect(summary.getByText(usd(file.net), { exact: true }).first()).toBeVisible();
  await expect(summary).toContainText(file.orders.toLocaleString('en-US'));
  const byProduct = page.getByRole('table', { name: 'Sales by product' });
  await expect(byProduct.getByRole('row').nth(1)).toContainText(file.topName);
  await expect(byProduct.getByRole('row').nth(1)).toContainText(usd(file.topNet));

  // The dashboard: today's imported sales.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Today so far' }).getByText(usd(file.todayNet)).first()).toBeVisible();

  // The AI modules have a year of history to learn from.
  await page.goto('/ai-modules');
  await expect(page.getByRole('region', { name: 'Sales prediction' }).getByText('Ready', { exact: true })).toBeVisible();
  await page.goto('/ai/sales-prediction');
  await expect(page.getByText('Backtest MAPE')).toBeVisible({ timeout: 60_000 });

  // At the till, a croissant in the cart brings the hint that it goes with a latte; a tap adds one.
  await page.goto('/pos');
  await page.getByRole('button', { name: /^Croissant/ }).click();
  const hint = page.getByRole('region', { name: 'Often bought with' });
  await expect(hint.getByRole('button', { name: 'Add Latte, $3.50' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'pos-often-bought-with');
  await hint.getByRole('button', { name: 'Add Latte, $3.50' }).click();
  await expect(page.getByRole('list', { name: 'Items in this sale' })).toContainText('Latte');
  await expect(hint).toHaveCount(0);
});
