import { expect, test, type Page } from '@playwright/test';
import { postExpecting, viewportShots } from './api-helpers.ts';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner, tile } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/batches';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** One delivery of the purchase order through the receiving form: units, lot and expiry. */
async function receiveLot(page: Page, orderLabel: string, units: string, lot: string, expiry: string) {
  await page.goto('/purchase-orders');
  await page.getByRole('button', { name: orderLabel, exact: true }).click();
  const order = page.getByRole('dialog');
  await order.getByRole('button', { name: 'Receive delivery' }).click();
  const receive = page.getByRole('dialog', { name: `Receive ${orderLabel}` });
  await receive.getByLabel('Units of Greek yoghurt arrived').fill(units);
  await receive.getByLabel('Batch').fill(lot);
  await receive.getByLabel('Expiry').fill(expiry);
  await receive.getByRole('button', { name: 'Receive delivery' }).click();
  await expect(receive).toBeHidden();
}

const lotRow = (page: Page, lot: string) => page.getByRole('region', { name: 'Batches' }).getByRole('row', { name: `Greek yoghurt ${lot}` });

test('the owner tracks a yoghurt by batch, receives two lots, the till sells past the expired lot, the cashier picks a lot for a sale and for a parked sale, and the expired lot is written off', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpOwner(page, 'Batch Dairy');
  const api = page.request;
  const { product } = await postExpecting(api, '/api/products', { name: 'Greek yoghurt', price: 250, cost: 80, track_stock: true, initial_stock: 0 });
  const { supplier } = await postExpecting(api, '/api/suppliers', { name: 'Hill Farm Dairy' });
  const { purchase_order: purchaseOrder } = await postExpecting(api, '/api/purchase-orders', { supplier_id: supplier.id, lines: [{ product_id: product.id, quantity: 10, unit_cost: 80 }] });
  await postExpecting(api, `/api/purchase-orders/${purchaseOrder.id}/send`, {}, 200);

  // 1. Batch tracking on, from /batch-management.
  await page.goto('/batch-management');
  await expect(page.getByRole('heading', { name: 'Batch management', level: 1 })).toBeVisible();
  await expect(page.getByText('No batches yet.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Product' }).fill('yog');
  await page.getByRole('button', { name: /Greek yoghurt/ }).click();
  await page.getByRole('button', { name: 'Track batches' }).click();
  await expect(page.getByText('Greek yoghurt is now tracked by batch')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products tracked by batch' })).toContainText('Greek yoghurt');

  // 2. Two deliveries: lot L-OLD already past its date, lot L-NEW good for three weeks.
  await receiveLot(page, purchaseOrder.label, '4', 'L-OLD', day(-1));
  await receiveLot(page, purchaseOrder.label, '6', 'L-NEW', day(21));

  await page.goto('/batch-management');
  await expect(lotRow(page, 'L-OLD')).toContainText('Expired yesterday');
  await expect(lotRow(page, 'L-OLD')).toContainText('4');
  await expect(lotRow(page, 'L-NEW')).toContainText('21 days left');
  await expect(page.getByRole('region', { name: 'Expiring soon' }).getByRole('row', { name: 'Greek yoghurt L-OLD' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Expiring soon' }).getByRole('row', { name: 'Greek yoghurt L-NEW' })).toHaveCount(0);

  // 3. One sold at the till comes out of the first lot still in date: the expired one is taken last (decision 059).
  await page.goto('/pos');
  await tile(page, 'Greek yoghurt').click();
  await page.getByRole('button', { name: /^Pay/ }).first().click();
  await page.getByRole('dialog', { name: 'Take payment' }).getByRole('button', { name: /Exact/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sale complete' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Sale complete' }).getByRole('button', { name: /New sale/ }).click();

  // 3b. The cashier picks the later lot for the next one (the line's dialog, decision 058); the saved sale keeps it over a reload.
  await tile(page, 'Greek yoghurt').click();
  await page.getByRole('button', { name: 'Edit Greek yoghurt' }).click();
  const lineDialog = page.getByRole('dialog', { name: 'Greek yoghurt' });
  const lots = lineDialog.getByRole('group', { name: 'Lot' });
  await expect(lots.getByRole('radio', { name: /Automatic \(first to expire\)/ })).toBeChecked();
  await expect(lots.getByRole('radio', { name: /Lot L-OLD/ })).toBeVisible();
  await expect(lots).toContainText('expired yesterday · 4 in stock');
  await expect(lots).toContainText('21 days left · 5 in stock');
  await lots.getByRole('radio', { name: /Lot L-NEW/ }).check();
  await viewportShots(page, SHOTS, 'lot-picker');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lineDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Lot L-NEW')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Lot L-NEW')).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).first().click();
  await page.getByRole('dialog', { name: 'Take payment' }).getByRole('button', { name: /Exact/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sale complete' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Sale complete' }).getByRole('button', { name: /New sale/ }).click();

  // 3c. A sale with the lot picked is parked and resumed: the lot is still chosen (decision 069), and paying takes from it.
  await tile(page, 'Greek yoghurt').click();
  await page.getByRole('button', { name: 'Edit Greek yoghurt' }).click();
  await lineDialog.getByRole('group', { name: 'Lot' }).getByRole('radio', { name: /Lot L-NEW/ }).check();
  await lineDialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: /^Park( F8)?$/ }).click();
  await expect(page.getByText('Sale parked ($2.50)')).toBeVisible();
  await expect(page.getByText('Lot L-NEW')).toHaveCount(0);
  await page.getByRole('button', { name: 'Parked sales: 1' }).click();
  const parked = page.getByRole('dialog', { name: 'Parked sales' });
  await expect(parked.getByRole('list', { name: 'Parked sales' }).getByRole('listitem')).toHaveCount(1);
  await viewportShots(page, SHOTS, 'parked-sales');
  await parked.getByRole('button', { name: 'Resume' }).click();
  await expect(parked).toBeHidden();
  await expect(page.getByText('Lot L-NEW')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Greek yoghurt' }).click();
  await expect(lineDialog.getByRole('group', { name: 'Lot' }).getByRole('radio', { name: /Lot L-NEW/ })).toBeChecked();
  await lineDialog.getByRole('button', { name: 'Done' }).click();
  await viewportShots(page, SHOTS, 'parked-sale-resumed');
  await page.getByRole('button', { name: /^Pay/ }).first().click();
  await page.getByRole('dialog', { name: 'Take payment' }).getByRole('button', { name: /Exact/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sale complete' })).toBeVisible();

  await page.goto('/batch-management');
  await expect(lotRow(page, 'L-OLD').getByRole('cell').nth(5)).toHaveText('4');
  await expect(lotRow(page, 'L-NEW').getByRole('cell').nth(5)).toHaveText('3');
  await viewportShots(page, SHOTS, 'batch-management');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // 4. The expired lot written off: it holds nothing now, and the waste page shows 4 expired units at 0.80.
  await page.getByRole('region', { name: 'Expiring soon' }).getByRole('button', { name: 'Write off Greek yoghurt L-OLD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write off Greek yoghurt L-OLD' });
  await expect(dialog).toContainText('All 4 units of this lot in Main store leave stock');
  await viewportShots(page, SHOTS, 'write-off');
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(page.getByText('Wrote off 4 × Greek yoghurt ($3.20)')).toBeVisible();
  await expect(lotRow(page, 'L-OLD').getByRole('cell').nth(5)).toHaveText('0');
  await expect(lotRow(page, 'L-OLD').getByRole('button', { name: /Write off/ })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Expiring soon' }).getByText('Nothing expires within 7 days.')).toBeVisible();

  await page.goto('/waste-tracking');
  await expect(page.getByTestId('waste-cost-total')).toHaveText('$3.20');
  await expect(page.getByRole('table', { name: 'Waste by reason' })).toContainText('Expired');
  await expect(page.getByRole('row').filter({ hasText: 'Lot L-OLD written off' })).toBeVisible();
});
