import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { postExpecting, viewportShots } from './api-helpers.ts';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner } from './till-journey.ts';

/** Issue 20 items 14 and 10: the profit and loss on the back office, and an employee's performance. */

const SCREENS = '.tmp/screens/accounting';

/** A sale through the till's API; the server prices it, so its total is asked for first. */
async function sell(api: APIRequestContext, body: Record<string, unknown>) {
  const probe = await api.post('/api/checkout', { data: { ...body, idempotency_key: randomUUID(), payments: [{ method: 'card', amount: 0 }], expected_total: 0 } });
  const total: number = (await probe.json()).error.server_total;
  await postExpecting(api, '/api/checkout', { ...body, idempotency_key: randomUUID(), payments: [{ method: 'card', amount: total }], expected_total: total });
  return total;
}

test('the owner sells twice and pays an expense, reads the profit and loss to the cent, exports it, and sees their sales on the employee page', async ({ page }) => {
  await signUpOwner(page, 'Ledger Test Shop');
  const api = page.request;
  const settings = await api.patch('/api/business-settings', { data: { currency: 'USD', time_zone: 'UTC', enabled_features: { employee_management: true } } });
  expect(settings.status()).toBe(200);
  const { tax_rate: taxRate } = await postExpecting(api, '/api/tax-rates', { name: 'VAT', basis_points: 2000 });
  const { product: mug } = await postExpecting(api, '/api/products', { name: 'Mug', price: 1000, cost: 400, tax_rate_id: taxRate.id });
  const { product: tea } = await postExpecting(api, '/api/products', { name: 'Tea', price: 300, cost: 100, tax_rate_id: taxRate.id });

  // Two mugs and a tea ($23.00 + $4.60 VAT); a tea with $1.00 off ($2.00 + $0.40 VAT). Cost 2 × $4.00 + 2 × $1.00.
  expect(await sell(api, { lines: [{ product_id: mug.id, quantity: 2 }, { product_id: tea.id, quantity: 1 }] })).toBe(2760);
  expect(await sell(api, { lines: [{ product_id: tea.id, quantity: 1 }], order_discount: { kind: 'amount', amount: 100 } })).toBe(240);
  // Rent of $120.00 of which $20.00 is tax, today.
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const categories = (await (await api.get('/api/expenses/categories')).json()).categories as { id: string; name: string }[];
  await postExpecting(api, '/api/expenses', {
    idempotency_key: randomUUID(),
    payee_name: 'Landlord',
    category_id: categories.find((category) => category.name === 'Rent')!.id,
    date: today,
    amount: 12_000,
    tax_amount: 2_000,
    payment_method: 'bank_transfer',
    status: 'paid',
  });

  // The back office's Reports card leads to the statement.
  await page.goto('/back-office');
  await page.getByRole('link', { name: 'Profit and loss' }).first().click();
  await expect(page).toHaveURL(/\/back-office\?tab=profit-and-loss$/);
  await expect(page.getByRole('heading', { name: 'Profit and loss', level: 2 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Profit and loss summary' });
  await expect(summary.getByText('$25.00')).toBeVisible(); // net sales
  await expect(summary.getByText('$15.00')).toBeVisible(); // gross profit
  await expect(summary.getByText('Margin 60.0 %')).toBeVisible();
  await expect(summary.getByText('$100.00')).toBeVisible(); // expenses before tax
  await expect(summary.getByText('-$85.00')).toBeVisible(); // operating profit

  const table = page.getByRole('table', { name: 'Profit and loss by month' });
  const total = (line: string) => table.getByRole('row', { name: line, exact: false }).getByRole('cell').last();
  await expect(total('Gross sales')).toHaveText('$26.00');
  await expect(total('Discounts')).toHaveText('-$1.00');
  await expect(table.getByRole('row', { name: /^Net sales/ }).getByRole('cell').last()).toHaveText('$25.00');
  await expect(total('Cost of goods sold')).toHaveText('-$10.00');
  await expect(total('Gross profit')).toHaveText('$15.00');
  await expect(total('Rent')).toHaveText('-$100.00');
  await expect(total('Operating profit')).toHaveText('-$85.00');
  await expect(total('Tax collected')).toHaveText('$5.00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await viewportShots(page, SCREENS, 'profit-and-loss');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the profit and loss as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^profit-and-loss-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const rows = csv.trim().split('\r\n');
  const header = rows[0]!.split(',');
  expect(header[0]).toBe('Line (USD; margin in %)');
  expect(header).toHaveLength(14); // the line, 12 months, the total
  expect(header.at(-2)).toBe(month);
  expect(header.at(-1)).toBe('Total');
  const line = (label: string) => rows.find((row) => row.startsWith(`${label},`))!.split(',').slice(-2);
  expect(line('Gross sales')).toEqual(['26', '26']);
  expect(line('Discounts')).toEqual(['-1', '-1']);
  expect(line('Net sales')).toEqual(['25', '25']);
  expect(line('Cost of goods sold')).toEqual(['-10', '-10']);
  expect(line('Gross profit')).toEqual(['15', '15']);
  expect(line('Gross margin')).toEqual(['60', '60']);
  expect(line('Rent')).toEqual(['-100', '-100']);
  expect(line('Operating profit')).toEqual(['-85', '-85']);
  expect(line('Tax collected (not income)')).toEqual(['5', '5']);

  // A range past 24 months is refused before anything is asked.
  await page.getByLabel('First month').fill('2020-01');
  await expect(page.getByRole('alert')).toContainText('at most 24 months');
  await page.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(summary.getByText('$25.00')).toBeVisible();

  // The owner's sales on their own employee card.
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Performance of Ann Lee' }).click();
  const card = page.getByRole('region', { name: 'Performance of Ann Lee' });
  await expect(card.getByText('Net sales')).toBeVisible();
  await expect(card.locator('div', { has: page.getByText('Net sales', { exact: true }) }).last()).toContainText('$25.00');
  await expect(card.locator('div', { has: page.getByText('Sales', { exact: true }) }).last()).toContainText('2');
  await expect(card.locator('div', { has: page.getByText('Discounts given', { exact: true }) }).last()).toContainText('$1.00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await viewportShots(page, SCREENS, 'employee-performance');

  // And in analytics, under sales.
  await page.goto('/analytics?tab=sales&preset=today');
  const performance = page.getByRole('table', { name: 'Employee performance' });
  await expect(performance.getByRole('row', { name: /Ann Lee/ })).toContainText('$25.00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await viewportShots(page, SCREENS, 'analytics-employee-performance');
});
