import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { addStaff, CASHIER, CROISSANT, openDrawer, pairTill, screenshots, seedCatalogue, signInOnTill, signUpOwner, tile } from './till-journey.ts';

/**
 * QuickBooks daily summary (issue 12 item 5): the owner switches the feature on in settings,
 * maps the accounts, finds the day's closed Z with its balanced journal entry, downloads the CSV
 * for QuickBooks Online, and the day shows as exported.
 */
async function switchOnQuickbooks(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'QuickBooks integration', exact: true });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
}

test('QuickBooks: switch it on, map the accounts, see the Z as a balanced entry, download the CSV, the day shows exported', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpOwner(page);
  await seedCatalogue(page);
  await addStaff(page);

  // Off by default: the route guard sends the owner to the dashboard.
  await page.goto('/quickbooks');
  await expect(page).toHaveURL(/\/dashboard$/);
  await switchOnQuickbooks(page);

  // A day at the till: the drawer opens with 100.00, a croissant (3.10 + 10 % tax) by card, closed counting 100.00.
  const till = await pairTill(page, browser);
  await signInOnTill(till, CASHIER.full_name, CASHIER.pin);
  await openDrawer(till, '100');
  await tile(till, CROISSANT.name).click();
  await till.keyboard.press('F9');
  const pay = till.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Card', exact: true }).click();
  await pay.getByRole('button', { name: 'Card payment received' }).click();
  const done = till.getByRole('dialog', { name: 'Sale complete' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: /New sale/ }).click();
  await till.getByRole('button', { name: 'Cash drawer: open' }).click();
  await till.getByRole('menuitem', { name: 'X report' }).click();
  await till.getByRole('button', { name: 'Close drawer (Z report)' }).click();
  const close = till.getByRole('dialog', { name: /^Close the drawer/ });
  await close.getByLabel('Counted cash').fill('100');
  await close.getByRole('button', { name: 'Close drawer and print Z' }).click();
  await expect(till).toHaveURL(/\/z-report\/[0-9a-f-]{36}$/);
  await till.context().close();

  // Before mapping, the page opens on the account mapping.
  await page.goto('/quickbooks');
  await expect(page.getByRole('heading', { name: 'QuickBooks', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Account mapping' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Card', { exact: true })).toHaveValue('Card Clearing');
  await form.getByLabel('Category: Bakery').fill('Sales:Bakery');
  await form.getByLabel('Default tax account').fill('');
  await form.getByRole('button', { name: 'Save mapping' }).click();
  await expect(form.getByText('Name the QuickBooks account')).toBeVisible();
  await form.getByLabel('Default tax account').fill('Sales Tax Payable');
  await screenshots(page, 'quickbooks-mapping');
  await form.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByText('Account mapping saved')).toBeVisible();

  // The day: Z 1, not exported yet, its entry balanced at 3.41.
  await expect(page.getByRole('tab', { name: 'Daily summaries' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: 'Z 1' });
  await expect(row).toContainText('Front counter');
  await expect(row).toContainText('$3.41');
  await expect(row).toContainText('Not exported');
  await row.getByRole('button', { name: 'Show entry of Z 1' }).click();
  const entry = page.getByRole('region', { name: 'Journal entry Z-1' });
  await expect(entry.getByRole('row').filter({ hasText: 'Card Clearing' })).toContainText('$3.41');
  await expect(entry.getByRole('row').filter({ hasText: 'Sales:Bakery' })).toContainText('$3.10');
  await expect(entry.getByRole('row').filter({ hasText: 'Sales Tax Payable' })).toContainText('$0.31');
  await expect(entry.getByRole('row').filter({ hasText: 'Total' })).toHaveText(/Total\s*\$3\.41\s*\$3\.41/);
  await screenshots(page, 'quickbooks-days');

  // The CSV QuickBooks Online imports.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV (all shown)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quickbooks-journal-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
  expect(csv[0]).toBe('JournalNo,JournalDate,AccountName,Debits,Credits,Description,Name');
  expect(csv).toContainEqual(expect.stringMatching(/^Z-1,\d{2}\/\d{2}\/\d{4},Card Clearing,3\.41,,/));
  expect(csv).toContainEqual(expect.stringMatching(/^Z-1,\d{2}\/\d{2}\/\d{4},Sales:Bakery,,3\.10,/));
  expect(csv).toContainEqual(expect.stringMatching(/^Z-1,\d{2}\/\d{2}\/\d{4},Sales Tax Payable,,0\.31,/));

  // The day now shows exported, by whom.
  await expect(row).toContainText('Exported');
  await expect(row).toContainText('CSV by Business owner');
  await screenshots(page, 'quickbooks-exported');
  await expect.poll(async () => (await page.getByText('Loading').count()) + (await page.locator('[data-sonner-toast]').count()), { timeout: 15_000 }).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
