import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner } from './till-journey.ts';

/** A photographed till receipt: a real PNG, as the server decodes and re-encodes what it keeps. */
async function receiptPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="540">
    <rect width="360" height="540" fill="#fbfaf5"/>
    <text x="180" y="60" font-family="monospace" font-size="24" text-anchor="middle">CITY POWER CO</text>
    <text x="30" y="140" font-family="monospace" font-size="18">Electricity Nov</text>
    <text x="330" y="140" font-family="monospace" font-size="18" text-anchor="end">100.00</text>
    <text x="30" y="180" font-family="monospace" font-size="18">VAT 20%</text>
    <text x="330" y="180" font-family="monospace" font-size="18" text-anchor="end">20.00</text>
    <text x="30" y="240" font-family="monospace" font-size="22">TOTAL</text>
    <text x="330" y="240" font-family="monospace" font-size="22" text-anchor="end">120.00</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The screen at a laptop's and a phone's size, for a person to look at (/tmp/expenses-*.png). */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/expenses-${name}-1280.png` });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `/tmp/expenses-${name}-390.png` });
  if (size) await page.setViewportSize(size);
}

test('the owner adds an expense with a receipt photo, sees it in the list and totals, edits it and exports CSV', async ({ page }) => {
  await signUpOwner(page, 'Expenses Test Shop');

  // The sidebar's Expenses group: Add New Expense opens the form over the list (SPEC §2: one screen).
  await page.getByRole('button', { name: 'Expenses' }).click();
  await page.getByRole('list', { name: 'Expenses' }).getByRole('link', { name: 'Add New Expense' }).click();
  await expect(page).toHaveURL(/\/expenses\/add$/);
  const dialog = page.getByRole('dialog', { name: 'Add new expense' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Payee').fill('City Power Co');
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Utilities' }).click();
  await dialog.getByLabel('Date', { exact: true }).fill('2026-11-02');
  // Too many decimals is refused before anything is sent.
  await dialog.getByLabel(/Amount paid/).fill('120.005');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog.getByText('Use at most 2 decimal places for USD')).toBeVisible();
  await dialog.getByLabel(/Amount paid/).fill('120.00');
  await dialog.getByLabel(/Tax included/).fill('20.00');
  await dialog.getByLabel('Payment method').click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await dialog.getByLabel(/Notes/).fill('November electricity');
  await dialog.getByLabel(/Receipt/).setInputFiles({ name: 'city-power.png', mimeType: 'image/png', buffer: await receiptPhoto() });
  await expect(dialog.getByRole('img', { name: 'city-power.png' })).toBeVisible();
  await screenshots(page, 'add');
  await dialog.getByRole('button', { name: 'Add expense' }).click();

  // Saved: the form closes, the URL is the list's, and the expense opens with its receipt shown.
  await expect(page).toHaveURL(/\/expenses\/invoices$/);
  const sheet = page.getByRole('dialog', { name: 'City Power Co' });
  await expect(sheet).toBeVisible();
  const receipt = sheet.getByRole('img', { name: 'city-power.png' });
  await expect(receipt).toBeVisible();
  await expect.poll(() => receipt.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(360);
  await expect(sheet.getByText('Utilities')).toBeVisible();
  await screenshots(page, 'detail');

  // Edit: the amount changes, and the list and totals follow.
  await sheet.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit expense' });
  await edit.getByLabel(/Amount paid/).fill('132.00');
  await edit.getByLabel(/Tax included/).fill('22.00');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(sheet.getByText('$132.00').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  const table = page.getByRole('table', { name: 'Expenses, newest first' });
  await expect(table.getByRole('button', { name: /City Power Co/ })).toBeVisible();
  await expect(table.getByText('$132.00')).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Total spent')).toBeVisible();
  await expect(totals.getByRole('table', { name: 'By category' }).getByRole('row', { name: /Utilities/ })).toContainText('$132.00');
  await expect(totals.getByRole('table', { name: 'By month' }).getByRole('row', { name: /November 2026/ })).toContainText('$132.00');
  await expect(totals.getByText('$22.00')).toBeVisible();
  await screenshots(page, 'list');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // CSV export of what is listed.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^expenses-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, row] = csv.trim().split('\r\n');
  expect(header).toBe('date,payee,category,amount,tax,net,currency,payment_method,paid_from_drawer,status,due_date,notes,receipt,id');
  expect(row).toMatch(/^2026-11-02,City Power Co,Utilities,132\.00,22\.00,110\.00,USD,Bank transfer,no,paid,,November electricity,yes,[0-9a-f-]{36}$/);

  // The business's own categories: a new one is offered in the form.
  await page.getByRole('button', { name: 'Categories' }).click();
  const categories = page.getByRole('dialog', { name: 'Expense categories' });
  await categories.getByLabel('New category').fill('Marketing');
  await categories.getByRole('button', { name: 'Add' }).click();
  await expect(categories.getByRole('textbox', { name: 'Name of Marketing' })).toBeVisible();
  await screenshots(page, 'categories');
  await page.keyboard.press('Escape');
  await expect(categories).toBeHidden();

  // Filters go to the URL; an unpaid filter leaves the paid expense out.
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Unpaid', exact: true }).click();
  await expect(page).toHaveURL(/[?&]status=unpaid\b/);
  await expect(page.getByText('No expense matches these filters.')).toBeVisible();
});
