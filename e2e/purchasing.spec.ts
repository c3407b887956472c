import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { postExpecting } from './api-helpers.ts';
import { signUpOwner } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/purchasing';

/** Both viewports of the brief, for a person to look at. */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function linkProduct(page: Page, name: string, fields: { reorderAt: string; reorderQuantity?: string; lastCost?: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await dialog.getByLabel('Product', { exact: true }).fill(name);
  await dialog.getByRole('option', { name }).click();
  await dialog.getByLabel('Reorder at or below').fill(fields.reorderAt);
  if (fields.reorderQuantity) await dialog.getByLabel('Reorder quantity (units)').fill(fields.reorderQuantity);
  if (fields.lastCost) await dialog.getByLabel(/Last cost per unit/).fill(fields.lastCost);
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(dialog.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();
}

test('the owner adds a supplier, reorders two low products, sends, receives in part, sees stock and average cost change, enters the invoice and pays it', async ({ page }) => {
  await signUpOwner(page, 'Purchasing Test Shop');
  const api = page.request;
  await postExpecting(api, '/api/products', { name: 'Beans', price: 1500, cost: 800, track_stock: true, initial_stock: 10 });
  await postExpecting(api, '/api/products', { name: 'Milk', price: 300, cost: 100, track_stock: true, initial_stock: 2 });

  // The supplier, with the two products it supplies and their reorder points.
  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add your first supplier' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Bean & Leaf Wholesale');
  await page.getByLabel('Email').fill('orders@beanleaf.example');
  await page.getByLabel('Payment terms (days)').fill('14');
  await page.getByRole('button', { name: 'Add supplier' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Bean & Leaf Wholesale' })).toBeVisible();
  await linkProduct(page, 'Beans', { reorderAt: '12', reorderQuantity: '20', lastCost: '10.00' });
  await linkProduct(page, 'Milk', { reorderAt: '5' });
  await screenshots(page, 'supplier-detail');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /Bean & Leaf Wholesale/ })).toContainText('14 days');
  await screenshots(page, 'suppliers');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Reorder drafts one order for both low products; send it.
  await page.goto('/purchase-orders');
  await expect(page.getByRole('heading', { name: 'Purchase Orders', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Reorder' }).click();
  const order = page.getByRole('dialog');
  await expect(order.getByRole('heading', { name: /PO-0001 · Bean & Leaf Wholesale/ })).toBeVisible();
  // Beans: its reorder quantity of 20 at the supplier's $10.00; Milk: up to twice its point (10 − 2 = 8) at its own cost.
  await expect(order.getByRole('row', { name: /Beans/ })).toContainText('20');
  await expect(order.getByRole('row', { name: /Beans/ })).toContainText('$10.00');
  await expect(order.getByRole('row', { name: /Milk/ })).toContainText('8');
  await order.getByRole('button', { name: 'Send order' }).click();
  await expect(page.getByText('PO-0001 sent to orders@beanleaf.example')).toBeVisible();
  await expect(order.getByText('Sent', { exact: true })).toBeVisible();

  // Receive all the beans and 3 of the 8 milk.
  await order.getByRole('button', { name: 'Receive delivery' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive PO-0001' });
  await expect(receive.getByLabel('Units of Beans arrived')).toHaveValue('20');
  await receive.getByLabel('Units of Milk arrived').fill('3');
  await receive.getByLabel('Batch').first().fill('L-42');
  await screenshots(page, 'receive');
  await receive.getByRole('button', { name: 'Receive delivery' }).click();
  await expect(receive).toBeHidden();
  await expect(order.getByText('Partly received', { exact: true })).toBeVisible();
  await expect(order.getByText(/20 × Beans at \$10\.00: average cost \$8\.00 → \$9\.33 · batch L-42/)).toBeVisible();
  await screenshots(page, 'purchase-order');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /PO-0001/ })).toContainText('Partly received');
  await screenshots(page, 'purchase-orders');

  // The catalogue shows the new stock and the weighted-average cost: (10 × 8.00 + 20 × 10.00) / 30 = 9.33.
  await page.goto('/products');
  const beans = page.getByRole('row', { name: /Beans/ });
  await expect(beans).toContainText('30');
  await expect(beans).toContainText('$9.33');
  const milk = page.getByRole('row', { name: /Milk/ });
  await expect(milk).toContainText('5');
  await expect(milk).toContainText('$1.00');

  // The supplier's invoice bills all 8 milk, though 3 arrived: the mismatch shows on that line.
  await page.goto('/purchases/invoices');
  await expect(page.getByRole('heading', { name: 'Purchasing Invoices', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enter invoice' }).click();
  const enter = page.getByRole('dialog', { name: 'Enter supplier invoice' });
  await enter.getByLabel('Supplier').selectOption({ label: 'Bean & Leaf Wholesale' });
  await enter.getByLabel('Invoice number').fill('BL-2041');
  await expect(enter.getByLabel('Invoiced units of Milk')).toHaveValue('3');
  await enter.getByLabel('Invoiced units of Milk').fill('8');
  await screenshots(page, 'enter-invoice');
  await enter.getByRole('button', { name: 'Enter invoice' }).click();
  const invoice = page.getByRole('dialog', { name: /Invoice BL-2041/ });
  await expect(invoice.getByText('1 line does not match what was ordered and received: check before paying.')).toBeVisible();
  const milkLine = invoice.getByRole('row', { name: /Milk/ });
  await expect(milkLine).toContainText('differs by $5.00');
  await expect(milkLine.getByText('(differs from received)')).toBeAttached();
  await expect(invoice.getByRole('row', { name: /Beans/ })).toContainText('matches');
  // The invoice total is 20 × 10.00 + 8 × 1.00; pay it in full (the amount is filled in).
  await expect(invoice.getByLabel(/Amount/)).toHaveValue('208.00');
  await screenshots(page, 'invoice');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await invoice.getByRole('button', { name: 'Record payment' }).click();
  await expect(invoice.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(invoice.getByRole('heading', { name: /Invoice BL-2041/ })).toHaveText(/Paid$/);
  await expect(invoice.getByRole('heading', { name: /Invoice BL-2041/ })).not.toContainText('Unpaid');
  await invoice.getByLabel('Attach a PDF or photo').setInputFiles({ name: 'BL-2041.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(invoice.getByRole('link', { name: 'Open the attached file' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /BL-2041/ })).toContainText('Paid');
  await screenshots(page, 'invoices');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Suppliers from a CSV file: a bad row is reported and nothing is imported; the fixed file is.
  await page.goto('/suppliers');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importing = page.getByRole('dialog', { name: 'Import suppliers' });
  const file = (text: string) => ({ name: 'suppliers.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await importing.getByLabel('CSV file').setInputFiles(file('name,email,payment_terms_days\nDairy Direct,not-an-email,21\n'));
  await expect(importing.getByText('Row 2, email: Enter a valid email address')).toBeVisible();
  await screenshots(page, 'import-suppliers');
  await importing.getByLabel('CSV file').setInputFiles(file('name,email,payment_terms_days\nDairy Direct,milk@dairy.example,21\n'));
  await expect(page.getByText('1 added, 0 updated, 0 unchanged')).toBeVisible();
  await expect(page.getByRole('row', { name: /Dairy Direct/ })).toContainText('21 days');
});
