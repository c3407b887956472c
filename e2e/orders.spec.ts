import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { postExpecting } from './api-helpers.ts';
import { signUpOwner } from './till-journey.ts';

/** A sale through the till's API; the server prices it, so its total is asked for first. */
async function sell(api: APIRequestContext, lines: { product_id: string; quantity: number }[], method: 'cash' | 'card') {
  const probe = await api.post('/api/checkout', { data: { idempotency_key: randomUUID(), lines, payments: [{ method, amount: 0 }], expected_total: 0 } });
  const mismatch = await probe.json();
  expect(mismatch.error?.code, JSON.stringify(mismatch)).toBe('total_mismatch');
  const total: number = mismatch.error.server_total;
  const sale = await postExpecting(api, '/api/checkout', { idempotency_key: randomUUID(), lines, payments: [{ method, amount: total }], expected_total: total });
  return { id: sale.order.id as string, number: sale.order.number as number, total };
}

test('finds a card sale, refunds one line with restock, and shows it in the history', async ({ page }) => {
  await signUpOwner(page, 'Orders Test Shop');
  const api = page.request;

  const { tax_rate: taxRate } = await postExpecting(api, '/api/tax-rates', { name: 'VAT', basis_points: 2000 });
  const { product: mug } = await postExpecting(api, '/api/products', { name: 'Mug', price: 1000, tax_rate_id: taxRate.id, track_stock: true, initial_stock: 10 });
  const { product: tea } = await postExpecting(api, '/api/products', { name: 'Tea', price: 300, tax_rate_id: taxRate.id });

  const cardSale = await sell(api, [{ product_id: mug.id, quantity: 2 }, { product_id: tea.id, quantity: 1 }], 'card');
  const cashSale = await sell(api, [{ product_id: tea.id, quantity: 1 }], 'cash');
  expect(cardSale.total).toBe(2 * 1200 + 360);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Orders, newest first' });
  await expect(table.getByRole('link', { name: `#${cashSale.number}`, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: `#${cardSale.number}`, exact: true })).toBeVisible();

  // Filter by card: the filter goes to the URL and the cash sale leaves the list.
  await page.getByLabel('Payment method').click();
  await page.getByRole('option', { name: 'Card', exact: true }).click();
  await expect(page).toHaveURL(/[?&]method=card\b/);
  await expect(table.getByRole('link', { name: `#${cashSale.number}`, exact: true })).toHaveCount(0);
  await expect(table.getByText('$27.60', { exact: true })).toBeVisible();

  await table.getByRole('link', { name: `#${cardSale.number}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${cardSale.id}$`));
  await expect(page.getByRole('heading', { name: `Sale #${cardSale.number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Print receipt' })).toHaveAttribute('href', `/orders/${cardSale.id}/receipt`);

  // Refund one mug, back on the shelf.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'Chosen items' })).toBeChecked();
  await dialog.getByRole('button', { name: 'One more Mug' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Restock Mug' })).toBeChecked();
  await dialog.getByLabel('Reason').fill('Chipped handle');
  // The preview: one mug's share of net and tax, and the method it was paid with.
  await expect(dialog.getByLabel('Refund to')).toContainText('Card');
  await dialog.getByRole('button', { name: 'Refund $12.00' }).click();

  await expect(dialog.getByRole('heading', { name: 'Refund done' })).toBeVisible();
  const receiptLink = dialog.getByRole('link', { name: 'Print refund receipt' });
  await expect(receiptLink).toHaveAttribute('href', new RegExp(`^/orders/${cardSale.id}/receipt\\?refundId=[0-9a-f-]{36}$`));
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByText('Partially refunded').first()).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Refunded $12.00 to card')).toBeVisible();
  await expect(history.getByText('“Chipped handle”')).toBeVisible();
  await expect(history.getByText(/Business owner ·/).last()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Refunds' }).getByText('1 × Mug')).toBeVisible();

  // The mug went back in stock: 10 − 2 sold + 1 refunded.
  const product = await (await api.get(`/api/products/${mug.id}`)).json();
  expect(product.product.stock_quantity).toBe(9);

  // Back to the list it came from, filters kept; the refund shows there too.
  await page.getByRole('main').getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/orders\?method=card$/);
  await expect(table.getByText('Partially refunded').first()).toBeVisible();
  await expect(table.getByText('−$12.00', { exact: true })).toBeVisible();
});
