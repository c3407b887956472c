import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { emailTo } from './mail.ts';
import { postOk, viewportShots } from './api-helpers.ts';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner } from './till-journey.ts';

const SHOTS = '/tmp/marketing-shots';

/** A customer and one paid sale of `amount` minor units, through the API. */
async function customerWhoSpent(page: Page, name: string, email: string, amount: number) {
  const { customer } = await postOk<{ customer: { id: string } }>(page, '/api/customers', { name, email });
  const { product } = await postOk<{ product: { id: string } }>(page, '/api/products', { name: `Hamper for ${name}`, price: amount });
  await postOk(page, '/api/checkout', {
    idempotency_key: randomUUID(),
    lines: [{ product_id: product.id, quantity: 1 }],
    payments: [{ method: 'card', amount }],
    expected_total: amount,
    customer_id: customer.id,
  });
  return customer;
}

test('the owner makes a segment "spent over 50", sends it a campaign and sees the sends; the unsubscribe link unsubscribes the customer', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signUpOwner(page, 'Marketing Test Shop');
  const graceEmail = `grace-${Date.now()}@e2e.example`;
  const grace = await customerWhoSpent(page, 'Grace Big', graceEmail, 6000);
  await customerWhoSpent(page, 'Hal Small', `hal-${Date.now()}@e2e.example`, 1000);

  // The owner tags Hal on the customer page (decision 065).
  await page.goto('/customers');
  await page.getByRole('button', { name: /^Hal Small/ }).click();
  const tags = page.getByRole('form', { name: 'Tags' });
  await tags.getByLabel('Tags').fill('VIP, regulars');
  await tags.getByRole('button', { name: 'Save tags' }).click();
  await expect(page.getByText('Tags saved: regulars, vip')).toBeVisible();
  await expect(tags.getByRole('list', { name: 'Current tags' })).toContainText('vip');
  await viewportShots(page, SHOTS, 'customer-tags');
  await page.keyboard.press('Escape');

  await page.goto('/marketing');
  await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 customers · 2 reachable by e-mail' })).toBeVisible();
  // A segment by tag picks out Hal only.
  await page.getByLabel('Has any of the tags').fill('vip, press');
  await expect(page.getByRole('status').filter({ hasText: '1 customer · 1 reachable by e-mail' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Tagged any of press, vip' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers in this segment' })).toContainText('Hal Small');
  await viewportShots(page, SHOTS, 'segment-by-tag');
  await page.getByLabel('Has any of the tags').fill('');
  await expect(page.getByRole('status').filter({ hasText: '2 customers · 2 reachable by e-mail' })).toBeVisible();
  await page.getByLabel('Spent at least').fill('50.01');
  await expect(page.getByRole('status').filter({ hasText: '1 customer · 1 reachable by e-mail' })).toBeVisible();
  const preview = page.getByRole('table', { name: 'Customers in this segment' });
  await expect(preview.getByRole('row')).toHaveCount(2);
  await expect(preview).toContainText('Grace Big');
  await expect(preview).toContainText('$60.00');
  await viewportShots(page, SHOTS, 'segment');
  await page.getByLabel('Segment name').fill('Spent over 50');
  await page.getByRole('button', { name: 'Save segment' }).click();
  const saved = page.getByRole('list', { name: 'Saved segments' });
  await expect(saved.getByRole('listitem')).toContainText('Spent over 50');
  await expect(saved.getByRole('listitem')).toContainText('1 customer · 1 reachable');

  const campaign = page.getByRole('form', { name: 'New campaign' });
  await campaign.getByLabel('Send to').click();
  await page.getByRole('option', { name: /Spent over 50/ }).click();
  await campaign.getByLabel('Subject').fill('A thank-you for our best customers');
  await campaign.getByLabel('Message').fill('Come by this week: your next coffee is on us.');
  await campaign.getByLabel(/^Link/).fill('https://example.com/offer');
  await viewportShots(page, SHOTS, 'compose');
  await campaign.getByRole('button', { name: 'Send to 1 customer' }).click();
  const campaigns = page.getByRole('table', { name: 'Campaigns' });
  const row = campaigns.getByRole('row').filter({ hasText: 'A thank-you for our best customers' });
  await expect(row).toContainText(/sent /);
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await viewportShots(page, SHOTS, 'sent');

  // The customer opens the unsubscribe link of the e-mail, signed out.
  const mail = await emailTo(graceEmail, 'A thank-you for our best customers');
  expect(mail.text).toContain('Come by this week');
  const link = /Unsubscribe: (\S+)/.exec(mail.text)![1]!;
  const visitor = await browser.newContext();
  const customerPage = await visitor.newPage();
  await customerPage.goto(link);
  await expect(customerPage.getByRole('status')).toContainText('You are unsubscribed: Marketing Test Shop will send you no more marketing e-mails.');
  expect(await seriousA11yViolations(customerPage)).toEqual([]);
  await viewportShots(customerPage, SHOTS, 'unsubscribed');
  await visitor.close();

  // The shop sees it on the customer and in the campaign's results; the segment reaches no one now.
  const detail = await page.request.get(`/api/customers/${grace.id}`);
  expect((await detail.json()).customer.marketing_unsubscribed_at).not.toBeNull();
  await page.reload();
  await expect(saved.getByRole('listitem')).toContainText('1 customer · 0 reachable');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
});
