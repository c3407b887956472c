import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/stores';

/** Both viewports of the brief, for a person to look at; a phone never scrolls sideways. */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the owner opens a second store, transfers 5 units, receives them, and the stock per store shows it', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpOwner(page);
  const settings = await page.request.patch('/api/business-settings', { data: { enabled_features: { multi_store: true } } });
  expect(settings.status(), await settings.text()).toBe(200);
  const created = await page.request.post('/api/products', { data: { name: 'Olive oil', price: 900, track_stock: true, initial_stock: 12 } });
  expect(created.status(), await created.text()).toBe(201);
  const oilId = ((await created.json()) as { product: { id: string } }).product.id;

  // 1. A second store.
  await page.goto('/stores');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
  await expect(page.getByText('Open a second store to move stock between stores.')).toBeVisible();
  const open = page.getByRole('form', { name: 'Open a store' });
  await open.getByLabel('Name').fill('Harbour Street');
  await open.getByLabel('Address (optional)').fill('1 Harbour Street');
  await open.getByLabel('Time zone (optional)').fill('Europe/London');
  await open.getByRole('button', { name: 'Open store' }).click();
  await expect(page.getByText('Opened Harbour Street')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Stores' })).toContainText('Harbour Street');

  // 2. A draft of 5 units, from the main store to the new one.
  const form = page.getByRole('form', { name: 'New transfer' });
  await form.getByLabel('From').selectOption({ label: 'Main store' });
  await form.getByLabel('To').selectOption({ label: 'Harbour Street' });
  await form.getByRole('searchbox', { name: /Add a product/ }).fill('olive');
  await form.getByRole('button', { name: /Olive oil/ }).click();
  await form.getByRole('textbox', { name: 'Olive oil', exact: true }).fill('5');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Transfer saved as a draft')).toBeVisible();
  const transfer = page.getByRole('listitem', { name: 'Transfer Main store → Harbour Street' });
  await expect(transfer).toContainText('Draft');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'stores-draft');

  // 3. Sent: the units leave the main store and are on their way.
  await transfer.getByRole('button', { name: 'Send' }).click();
  await expect(transfer).toContainText('On its way');
  await page.goto(`/products/${oilId}/stock`);
  const byStore = page.getByRole('table', { name: 'Stock by store' });
  await expect(byStore.getByRole('row', { name: /Main store/ })).toContainText('7');
  await expect(byStore.getByRole('row', { name: /Harbour Street/ })).toContainText('5');
  await screenshots(page, 'product-stock-in-transit');

  // 4. Received as counted: the units arrive at Harbour Street.
  await page.goto('/stores');
  const sent = page.getByRole('listitem', { name: 'Transfer Main store → Harbour Street' });
  await sent.getByRole('button', { name: 'Receive' }).click();
  await sent.getByLabel(/Olive oil: 5 sent, received/).fill('5');
  await sent.getByRole('button', { name: 'Confirm received' }).click();
  await expect(sent).toContainText('Received');

  // 5. Stock by store: 7 in the main store, 5 at Harbour Street.
  await page.getByLabel('Store', { exact: true }).selectOption({ label: 'Harbour Street' });
  await expect(page.getByTestId(`store-stock-${oilId}`)).toHaveText('5');
  await page.getByLabel('Store', { exact: true }).selectOption({ label: 'Main store' });
  await expect(page.getByTestId(`store-stock-${oilId}`)).toHaveText('7');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'stores-received');

  await page.goto(`/products/${oilId}/stock`);
  const after = page.getByRole('table', { name: 'Stock by store' });
  await expect(after.getByRole('row', { name: /Main store/ })).toContainText('7');
  await expect(after.getByRole('row', { name: /Harbour Street/ })).toContainText('5');
  await expect(page.getByRole('cell', { name: 'Transfer received' }).first()).toBeVisible();

  // 6. An employee works in Harbour Street only (the employee's edit form).
  const staff = await page.request.patch('/api/business-settings', { data: { enabled_features: { multi_store: true, employee_management: true } } });
  expect(staff.status(), await staff.text()).toBe(200);
  const hired = await page.request.post('/api/employees', { data: { full_name: 'Hana Harbour', role: 'cashier', pin: '735291' } });
  expect(hired.status(), await hired.text()).toBe(201);
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Edit Hana Harbour' }).click();
  const dialog = page.getByRole('dialog');
  const stores = dialog.getByRole('group', { name: 'Stores' });
  await stores.getByRole('checkbox', { name: 'Harbour Street' }).check();
  await stores.getByRole('button', { name: 'Save stores' }).click();
  await expect(page.getByText('Stores saved')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/employee-stores-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/employee-stores-390.png` });
});
