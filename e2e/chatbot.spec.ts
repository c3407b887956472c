import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { echoToolResults, startFakeOpenAI, type FakeOpenAI } from '../apps/server/test/fake-openai.ts';
import { seriousA11yViolations } from './axe.ts';
import { addStaff, MANAGER, pairTill, signInOnTill, signUpOwner } from './till-journey.ts';
import { postExpecting } from './api-helpers.ts';

/**
 * Issue 17: the chat widget on another website and the top-bar AI Assistant, answered by the
 * loopback fake provider that playwright.config.ts points OPENAI_BASE_URL at (the next port).
 */
const SHOTS = '.tmp/screenshots/chatbot';
// The business's website: another origin than the Till server (localhost), listed as one that may embed the chat.
// The Till server as playwright.config.ts starts it.
const TILL = `http://localhost:${process.env.E2E_PORT ?? 4317}`;
const WEBSITE_PORT = Number(process.env.E2E_PORT ?? 4317) + 2;
const WEBSITE = `http://127.0.0.1:${WEBSITE_PORT}`;
/** The page the business's website serves: it embeds the chat of `?chatbot=` from the Till server. */
let website: Server;
let fake: FakeOpenAI;
// Each test signs up, sells, and waits on the provider: more than the default minute on a busy machine.
test.setTimeout(240_000);

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-e2e', port: Number(process.env.E2E_PORT ?? 4317) + 1 });
  // A real server on loopback, so the browser treats the website as the other site it is.
  website = createServer((request, response) => {
    const chatbotId = new URL(request.url ?? '/', WEBSITE).searchParams.get('chatbot') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Corner Deli</title></head><body><h1>Corner Deli</h1><iframe title="Chat" src="${TILL}/chatbot-embed/${encodeURIComponent(chatbotId)}" style="position:fixed;right:0;bottom:0;width:400px;height:520px;border:0"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => website.listen(WEBSITE_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => website?.close(resolve));
});
test.beforeEach(() => {
  fake.reset();
  fake.script([
    { when: /price/i, toolCalls: [{ name: 'search_products', arguments: { query: 'Almond croissant' } }], reply: echoToolResults },
    {
      when: /how many orders/i,
      toolCalls: [{ name: 'query_database', arguments: { sql: 'select number, status, total from ai_orders order by number' } }],
      reply: 'You took 4 orders today.',
    },
  ]);
});

/** A card sale through the API; the server prices it, so its total is asked for first. */
async function sell(api: APIRequestContext, productId: string) {
  const lines = [{ product_id: productId, quantity: 1 }];
  const probe = await (await api.post('/api/checkout', { data: { idempotency_key: randomUUID(), lines, payments: [{ method: 'card', amount: 0 }], expected_total: 0 } })).json();
  const total: number = probe.error.server_total;
  await postExpecting(api, '/api/checkout', { idempotency_key: randomUUID(), lines, payments: [{ method: 'card', amount: total }], expected_total: total });
}

async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  if (size) await page.setViewportSize(size);
}

/** The owner turns the widget on for their website and lets the assistant read the sales data. */
async function setUpChat(page: Page) {
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Chat widget' });
  await card.getByLabel('Greeting').fill('Welcome to Corner Deli! Ask me about our food.');
  await card.getByLabel('Websites that may embed the chat').fill(WEBSITE);
  await card.getByLabel('Let the AI Assistant read my sales data').click();
  await card.getByLabel('Keep chat transcripts for (days)').fill('14');
  await expect(card.getByTestId('embed-snippet')).toContainText('/chatbot-embed/');
  await card.getByRole('button', { name: 'Save chat settings' }).click();
  await expect(page.getByText('Chat widget settings saved')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, 'settings');
  const settings = await (await page.request.get('/api/chatbot/settings')).json();
  expect(settings.settings).toMatchObject({ allowed_origins: [WEBSITE], can_edit_database: true, transcript_retention_days: 14 });
  return settings.settings.id as string;
}

test('a visitor asks the chat widget a price and gets the answer from the tool call', async ({ page, browser, baseURL }) => {
  await signUpOwner(page);
  const { product } = await postExpecting(page.request, '/api/products', { name: 'Almond croissant', price: 375 });
  expect(product.id).toBeTruthy();
  const chatbotId = await setUpChat(page);

  // A visitor (a browser of their own) opens the business's website, another origin, which
  // embeds the chat in a frame; the Till server's frame-ancestors lets only listed sites do that.
  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  await site.goto(`${WEBSITE}/?chatbot=${chatbotId}`);
  const chat = site.frameLocator('iframe[title="Chat"]');
  await chat.getByRole('button', { name: 'Open chat' }).click({ timeout: 60_000 });
  const log = chat.getByRole('log', { name: 'Messages' });
  await expect(log.locator('[data-role]').first()).toHaveText('Welcome to Corner Deli! Ask me about our food.');
  const input = chat.getByLabel('Your message');
  await expect(chat.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input.fill('   ');
  await expect(chat.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input.fill('What is the price of an almond croissant?');
  await input.press('Enter');
  const answer = log.locator('[data-role="assistant"]').nth(1);
  await expect(answer).toContainText('Almond croissant', { timeout: 60_000 });
  await expect(answer).toContainText('3.75');
  expect(fake.requests.at(-1)?.messages.some((message) => message.role === 'tool')).toBe(true);
  // The visitor finds the answer unhelpful: Chatbot Insights lists it for the owner.
  await answer.getByRole('button', { name: 'Not helpful' }).click();
  await expect(answer.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
  await expect(site.frameLocator('iframe[title="Chat"]').getByText('Thanks for the feedback')).toBeVisible();
  await screenshots(site, 'widget-answer');

  await page.goto('/chatbot');
  await expect(page.getByRole('heading', { name: 'Chatbot Insights', level: 1 })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Conversations', { exact: true }).locator('..')).toContainText('1');
  await expect(totals.getByText('Not helpful', { exact: true }).locator('..')).toContainText('1');
  await expect(page.getByText('“What is the price of an almond croissant?”')).toBeVisible();
  await expect(page.getByText(/Transcripts are kept for 14 days/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'insights');
  await page.getByRole('button', { name: /What is the price of an almond croissant\?/ }).click();
  const transcript = page.getByRole('dialog', { name: 'Conversation' });
  await expect(transcript.getByText('Not helpful', { exact: true })).toBeVisible();
  await expect(transcript.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Escape');

  // The same chatbot on its own page; the session token is kept under the widget's own key.
  const widget = await visitor.newPage();
  await widget.goto(`${baseURL}/chatbot-widget/${chatbotId}`);
  await widget.getByRole('button', { name: 'Open chat' }).click({ timeout: 60_000 });
  await expect(widget.getByRole('region', { name: /^Chat with/ })).toBeVisible();
  const box = await widget.getByRole('region', { name: /^Chat with/ }).boundingBox();
  expect(box).toMatchObject({ width: 320, height: 384 });
  expect(await widget.evaluate((id) => localStorage.getItem(`till.chat-widget.session.${id}`), chatbotId)).toContain('session_token');
  await widget.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(widget.getByRole('region', { name: /^Chat with/ })).toHaveAttribute('data-theme', 'dark');
  await screenshots(widget, 'widget-page');
  await widget.getByRole('button', { name: 'Minimize chat' }).click();
  await expect(widget.getByRole('button', { name: 'Restore' })).toBeVisible();
  await visitor.close();
});

test('the owner asks the AI Assistant how many orders today and sees the count and 3 sample rows; an employee sees ACCESS DENIED', async ({ page, browser }) => {
  await signUpOwner(page);
  const { product } = await postExpecting(page.request, '/api/products', { name: 'Almond croissant', price: 375 });
  for (let sale = 0; sale < 4; sale += 1) await sell(page.request, product.id);
  await setUpChat(page);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'AI Assistant', exact: true }).click();
  const panel = page.getByRole('region', { name: 'AI Assistant' });
  await panel.getByLabel('Ask the AI Assistant').fill('how many orders today?');
  await panel.getByLabel('Ask the AI Assistant').press('Enter');
  const result = panel.getByTestId('query-result');
  await expect(result).toContainText('Found 4 rows', { timeout: 60_000 });
  await expect(result.getByRole('row')).toHaveCount(4); // the header and 3 sample rows (SPEC §9)
  await expect(panel.getByText('You took 4 orders today.')).toBeVisible();
  await screenshots(page, 'assistant-panel');

  await addStaff(page);
  const till = await pairTill(page, browser);
  await signInOnTill(till, MANAGER.full_name, MANAGER.pin);
  await till.goto('/orders');
  await till.getByRole('button', { name: 'AI Assistant', exact: true }).click();
  const denied = till.getByRole('region', { name: 'AI Assistant' });
  await expect(denied.getByText('ACCESS DENIED', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(till.getByText('Access Denied - AI Assistant is restricted to authorized users only').first()).toBeVisible();
  await screenshots(till, 'assistant-denied');
});
