import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner } from './till-journey.ts';
import { postOk } from './api-helpers.ts';

const SHOTS = process.env.E2E_SHOTS ?? '.tmp/screenshots/kitchen-stages';

test('the owner names five stages with Plating beside the stations; the display shows them and a bump goes New → Cooking → Plating', async ({ page: owner }) => {
  test.setTimeout(240_000);
  await signUpOwner(owner);
  const settings = await owner.request.patch('/api/business-settings', { data: { enabled_features: { kitchen_display: true } } });
  expect(settings.status(), await settings.text()).toBe(200);
  const { product } = await postOk<{ product: { id: string } }>(owner, '/api/products', { name: 'Fish pie', price: 1600 });

  await owner.goto('/kitchen');
  await owner.getByRole('button', { name: 'Stations' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Kitchen stations' });
  const editor = dialog.getByRole('form', { name: 'Stages' });
  await expect(editor.getByLabel('Stage 1 name')).toHaveValue('New');
  await editor.getByRole('button', { name: 'Add a stage' }).click();
  // The new stage goes before Served: New, Cooking, Ready, (new), Served; rename to put Plating third.
  await editor.getByLabel('Stage 3 name').fill('Plating');
  await editor.getByLabel('Stage 4 name').fill('Ready');
  await editor.getByLabel('Stage 4 is Ready').check();
  await editor.getByRole('button', { name: 'Save stages' }).click();
  await expect(owner.getByText('Stages saved')).toBeVisible();
  expect(await seriousA11yViolations(owner)).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await editor.scrollIntoViewIfNeeded();
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.screenshot({ path: `${SHOTS}/stage-editor-1280.png` });
  await owner.setViewportSize({ width: 390, height: 844 });
  await editor.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: `${SHOTS}/stage-editor-390.png` });
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.keyboard.press('Escape');

  const stages = await owner.request.get('/api/kitchen/stages');
  expect((await stages.json()).stage_list).toEqual({ stages: ['New', 'Cooking', 'Plating', 'Ready', 'Served'], ready_index: 3 });

  const { ticket } = await postOk<{ ticket: { number: number } }>(owner, '/api/kitchen/tickets', {
    idempotency_key: crypto.randomUUID(),
    order_type: 'takeaway',
    items: [{ product_id: product.id, quantity: 1 }],
  });
  const card = owner.getByRole('article', { name: new RegExp(`^Ticket ${ticket.number}, Takeaway`) });
  await expect(card).toHaveAttribute('data-stage-name', 'New');
  await card.getByRole('button', { name: 'Start cooking' }).click();
  await expect(card).toHaveAttribute('data-stage-name', 'Cooking');
  await card.getByRole('button', { name: 'Plating' }).click();
  await expect(card).toHaveAttribute('data-stage-name', 'Plating');
  await expect(card).toContainText('Plating');
  await expect(card.getByRole('button', { name: 'Ready' })).toBeVisible();
  await owner.screenshot({ path: `${SHOTS}/plating-ticket-1280.png` });
});
