import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';
import { signUpOwner } from './till-journey.ts';

/**
 * Integrations (issue 20 item 11): the owner sees the connections, adds a webhook endpoint that
 * points at a receiver this test runs on the loopback, keeps the secret, clicks Send test, sees
 * the delivery in the log, and the receiver got a request signed as docs/api.md describes.
 */
const SHOTS = '.tmp/screenshots/integrations';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/till-hooks`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** The verification of docs/api.md. */
function verify(secret: string, headers: IncomingHttpHeaders, body: string) {
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${String(headers['till-webhook-timestamp'])}.${body}`).digest('hex')}`);
  const given = Buffer.from(String(headers['till-webhook-signature']));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('the owner adds a webhook endpoint, sends a test, sees it delivered, and the receiver verifies the signature', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpOwner(page);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  const connections = page.getByRole('region', { name: 'Connections' });
  await expect(connections).toContainText('E-mail (SMTP)');
  await expect(connections).toContainText('QuickBooks');
  await expect(page.getByText('No endpoints yet.').last()).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('form', { name: 'New endpoint' });
  // A plain-http address elsewhere than this machine is refused before anything is sent.
  await form.getByLabel('Address').fill('http://hooks.example.com/till');
  await form.getByRole('checkbox', { name: /order\.refunded/ }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Use https://; plain http:// is allowed only for localhost')).toBeVisible();
  await form.getByLabel('Address').fill(receiverUrl);
  await form.getByLabel('Description').fill('Accounting sync');
  await pageShots(page, SHOTS, 'endpoint-dialog');
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(secretDialog).toBeVisible();
  const secret = await secretDialog.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();

  const endpoint = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').first();
  await expect(endpoint).toContainText(receiverUrl);
  await expect(endpoint).toContainText('order.created');
  await expect(endpoint).toContainText('order.refunded');
  await endpoint.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Test delivered (204)')).toBeVisible();
  const log = endpoint.getByRole('table', { name: `Deliveries to ${receiverUrl}` });
  await expect(log).toContainText('ping');
  await expect(log).toContainText('Delivered');
  await expect(log).toContainText('204');

  expect(received).toHaveLength(1);
  const [request] = received;
  expect(JSON.parse(request!.body)).toMatchObject({ type: 'ping' });
  expect(verify(secret, request!.headers, request!.body)).toBe(true);
  expect(verify('whsec_other', request!.headers, request!.body)).toBe(false);

  // Reveal shows the same secret again.
  await endpoint.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(page.getByRole('dialog', { name: 'Signing secret' }).getByLabel('Secret')).toHaveValue(secret);
  await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();

  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'integrations');
});
