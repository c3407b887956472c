import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';
import { signUpOwner } from './till-journey.ts';
import { postExpecting } from './api-helpers.ts';

const SHOTS = '.tmp/screenshots/rebates';

test.setTimeout(150_000);

test('the owner tries a supplier’s tiered rebate against past deliveries, sees what it earns and what more to buy, and saves it', async ({ page }) => {
  await signUpOwner(page);
  await page.goto('/rebates-test');
  await expect(page.getByRole('heading', { name: 'Supplier rebates', level: 1 })).toBeVisible();
  await expect(page.getByText('Add a supplier first.')).toBeVisible();

  const api = page.request;
  const beans = (await postExpecting(api, '/api/products', { name: 'Beans', price: 1500, cost: 800, track_stock: true, initial_stock: 0 })).product;
  const milk = (await postExpecting(api, '/api/products', { name: 'Milk', price: 300, cost: 100, track_stock: true, initial_stock: 0 })).product;
  const supplier = (await postExpecting(api, '/api/suppliers', { name: 'Bean & Leaf' })).supplier;
  await postExpecting(api, '/api/goods-receipts', {
    idempotency_key: randomUUID(),
    supplier_id: supplier.id,
    lines: [
      { product_id: beans.id, quantity: 30, unit_cost: 400 },
      { product_id: milk.id, quantity: 20, unit_cost: 100 },
    ],
  });

  await page.reload();
  const form = page.getByRole('form', { name: 'Rebate agreement' });
  await form.getByLabel('Supplier').selectOption({ label: 'Bean & Leaf' });
  await form.getByLabel('Name').fill('Volume rebate');
  // 2 % from 100.00 spent, 5 % from 200.00; this year, all products.
  await form.getByLabel(/^From \(USD spent\)/).fill('100');
  await form.getByLabel('Rebate (%)').fill('2');
  await form.getByRole('button', { name: 'Add tier' }).click();
  await form.getByLabel(/^From \(USD spent\)/).nth(1).fill('200');
  await form.getByLabel('Rebate (%)').nth(1).fill('1');
  await form.getByRole('button', { name: 'Try against purchases' }).click();
  await expect(form.getByText('A higher tier pays back at least as much as the one before')).toBeVisible();
  await form.getByLabel('Rebate (%)').nth(1).fill('5');
  await form.getByRole('button', { name: 'Try against purchases' }).click();

  // Spent 140.00: 2 % earns 2.80; 60.00 more reaches 5 %, about 10.00 in all.
  const result = form.getByRole('region', { name: 'Rebate result' });
  await expect(result.getByTestId('rebate-earned')).toHaveText('$2.80');
  await expect(result.getByTestId('rebate-reachable')).toHaveText('Buy $60.00 more');
  await expect(result.getByText(/about \$10\.00 in all, \$7\.20 more than now/)).toBeVisible();
  const beansRow = result.getByRole('row', { name: /^Beans/ });
  await expect(beansRow.getByRole('cell').last()).toHaveText('$3.92');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'tried');

  await form.getByRole('button', { name: 'Save agreement' }).click();
  await expect(page.getByText('Volume rebate saved')).toBeVisible();
  const saved = page.getByRole('list', { name: 'Rebate agreements' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByTestId('rebate-earned')).toHaveText('$2.80');
  await expect(saved.getByText('Bean & Leaf', { exact: false })).toBeVisible();
  await pageShots(page, SHOTS, 'saved');
});
