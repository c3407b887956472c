import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';
import { signUpOwner } from './till-journey.ts';
import { postExpecting } from './api-helpers.ts';

const SHOTS = '.tmp/screenshots/invoices';

test.setTimeout(180_000);

test('the owner switches invoices on, bills a customer for two lines, issues it, downloads the PDF, records a part payment then the rest, and sees Paid', async ({ page }) => {
  await signUpOwner(page);
  const api = page.request;
  // A business that had invoices switched off: the page sends the owner to the dashboard.
  expect((await api.patch('/api/business-settings', { data: { enabled_features: { invoice_generation: false } } })).status()).toBe(200);
  await postExpecting(api, '/api/tax-rates', { name: 'Standard', basis_points: 2000 });
  await postExpecting(api, '/api/tax-rates', { name: 'Reduced', basis_points: 500, is_default: false });
  await postExpecting(api, '/api/customers', { name: 'Mia Clark', email: 'mia@example.com' });
  await page.goto('/invoices');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Invoices', exact: true });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No invoices yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New invoice' }).first().click();

  const form = page.getByRole('dialog', { name: 'New invoice' });
  await form.getByLabel('Customer', { exact: true }).selectOption({ label: 'Mia Clark (mia@example.com)' });
  await form.getByLabel('Address').fill('4 Mill Lane\nRiverton');
  await form.getByLabel('Payment terms').selectOption({ label: 'Net 14 days' });
  await form.getByLabel('Description 1').fill('Oak shelf, fitted');
  await form.getByLabel('Quantity').first().fill('2');
  await form.getByLabel('Unit price').first().fill('100');
  await form.getByLabel('Tax rate').first().selectOption({ label: 'Standard (20%)' });
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByLabel('Description 2').fill('Delivery');
  await form.getByLabel('Unit price').nth(1).fill('10');
  await form.getByLabel('Tax rate').nth(1).selectOption({ label: 'Reduced (5%)' });
  await form.getByLabel('Payment instructions').fill('Bank transfer to 12-34-56 00112233');
  // 200.00 + 40.00 tax, 10.00 + 0.50 tax.
  await expect(form.getByLabel('Totals')).toContainText('$250.50');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'form');
  await form.getByRole('button', { name: 'Create draft' }).click();

  const view = page.getByRole('dialog', { name: /Draft invoice · Mia Clark/ });
  await expect(view.getByText('Draft', { exact: true })).toBeVisible();
  await view.getByRole('button', { name: 'Issue invoice' }).click();
  const issued = page.getByRole('dialog', { name: /INV-0001 · Mia Clark/ });
  await expect(issued.getByRole('heading', { name: /INV-0001/ })).toContainText('Issued');
  await expect(issued.getByLabel('Invoice totals')).toContainText('Amount due$250.50');

  const downloading = page.waitForEvent('download');
  await issued.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('INV-0001.pdf');
  const head = await download.createReadStream().then(
    (stream) =>
      new Promise<string>((resolve, reject) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      }),
  );
  expect(head.startsWith('%PDF-')).toBe(true);

  // A part payment, then the rest.
  const payment = issued.getByRole('form', { name: 'Record a payment' });
  await payment.getByLabel(/^Amount/).fill('100');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment of $100.00 recorded')).toBeVisible();
  await expect(issued.getByRole('heading', { name: /INV-0001/ })).toContainText('Partly paid');
  await expect(issued.getByLabel('Invoice totals')).toContainText('Amount due$150.50');
  await pageShots(page, SHOTS, 'partly-paid');
  await expect(payment.getByLabel(/^Amount/)).toHaveValue('150.50');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment of $150.50 recorded')).toBeVisible();
  await expect(issued.getByRole('heading', { name: /INV-0001/ })).toContainText(/Paid$/);
  await expect(issued.getByLabel('Invoice totals')).toContainText('Amount due$0.00');
  await page.keyboard.press('Escape');

  const row = page.getByRole('table', { name: 'Invoices, newest first' }).getByRole('row', { name: /INV-0001/ });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'list');
});
