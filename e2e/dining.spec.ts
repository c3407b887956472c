import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { cartLines, openDrawer, OWNER_PIN, pairTill, signInOnTill, signUpOwner, tile } from './till-journey.ts';
import { postOk, viewportShots } from './api-helpers.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '.tmp/screenshots/dining';

const tableButton = (page: Page, name: string) => page.getByTestId('table-plan').getByRole('button', { name: new RegExp(`^Table ${name}\\s*,`) });

async function payCash(till: Page, amount: string) {
  await till.keyboard.press('F9');
  const pay = till.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Cash' }).click();
  await pay.getByLabel('Cash received').fill(amount);
  await pay.getByRole('button', { name: 'Take cash' }).click();
  const done = till.getByRole('dialog', { name: 'Sale complete' });
  await expect(done).toBeVisible();
  await till.keyboard.press('Escape');
  await expect(done).toHaveCount(0);
}

test('a waiter opens table 4 on the plan and sends; the cook bumps; the till shows Ready; the bill is split between two guests, both pay, and the table turns free', async ({ page: owner, browser }) => {
  test.setTimeout(420_000);
  await signUpOwner(owner);
  const settings = await owner.request.patch('/api/business-settings', { data: { enabled_features: { kitchen_display: true } } });
  expect(settings.status(), await settings.text()).toBe(200);
  const { category: mains } = await postOk<{ category: { id: string } }>(owner, '/api/categories', { name: 'Mains' });
  await postOk(owner, '/api/products', { name: 'Ribeye steak', price: 2400, category_id: mains.id });
  await postOk(owner, '/api/products', { name: 'Garden salad', price: 900 });
  await postOk(owner, '/api/kitchen/stations', { name: 'Grill', category_ids: [mains.id] });
  const { area } = await postOk<{ area: { id: string } }>(owner, '/api/dining/areas', { name: 'Terrace' });
  for (const [index, name] of ['1', '2', '3', '4', '5', '6'].entries()) {
    await postOk(owner, '/api/dining/tables', { area_id: area.id, name, seats: index % 3 === 2 ? 6 : 4, x: 24 + (index % 3) * 150, y: 24 + Math.floor(index / 3) * 150, width: 110, height: 110 });
  }

  const till = await pairTill(owner, browser);
  await signInOnTill(till, 'Ann Lee', OWNER_PIN);
  await openDrawer(till, '100');

  // The waiter takes the order: two steaks and a salad, then opens table 4 on the plan.
  await tile(till, 'Ribeye steak').click();
  await tile(till, 'Ribeye steak').click();
  await tile(till, 'Garden salad').click();
  await expect(cartLines(till)).toHaveCount(2);
  await till.getByRole('button', { name: 'Tables' }).click();
  const plan = till.getByRole('dialog', { name: 'Tables' });
  await expect(tableButton(till, '4')).toHaveAttribute('data-state', 'free');
  await tableButton(till, '4').click();
  const panel = plan.getByRole('region', { name: 'Table 4' });
  await panel.getByLabel('Guests').fill('2');
  await panel.getByLabel('Seat for Ribeye steak').selectOption('1');
  await panel.getByLabel('Seat for Garden salad').selectOption('2');
  await panel.getByRole('button', { name: 'Send to kitchen' }).click();
  await expect(cartLines(till)).toHaveCount(0);
  await expect(tableButton(till, '4')).toHaveAttribute('data-state', 'ordered');
  expect(await seriousA11yViolations(till)).toEqual([]);
  await viewportShots(till, SHOTS, 'plan');

  // Drag to arrange: table 6 moves on the plan and stays there.
  await plan.getByRole('button', { name: 'Arrange' }).click();
  const six = tableButton(till, '6');
  const box = (await six.boundingBox())!;
  await till.mouse.move(box.x + 20, box.y + 20);
  await till.mouse.down();
  await till.mouse.move(box.x + 60, box.y + 60, { steps: 5 });
  await till.mouse.move(box.x + 100, box.y + 40, { steps: 5 });
  await till.mouse.up();
  await expect
    .poll(async () => (await (await owner.request.get('/api/dining/plan')).json()).tables.find((table: { name: string }) => table.name === '6').x)
    .toBeGreaterThan(24 + 2 * 150 + 40);
  await plan.getByRole('button', { name: 'Done arranging' }).click();

  // The cook bumps on the expo view: cooking, then ready.
  await owner.goto('/kitchen');
  const onExpo = owner.getByRole('article', { name: /^Ticket \d+, Table 4/ });
  await onExpo.getByRole('button', { name: 'Start cooking' }).click();
  await expect(onExpo).toHaveAttribute('data-stage', 'cooking');
  await onExpo.getByRole('button', { name: 'Ready' }).click();
  await expect(onExpo).toHaveAttribute('data-stage', 'ready');

  // The till shows Ready, live, on the table.
  await expect(tableButton(till, '4')).toHaveAttribute('data-state', 'waiting');
  await tableButton(till, '4').click();
  await expect(panel.getByTestId('table-ticket-stage')).toHaveText('Ready');

  // Split between the two guests by seats (by items and even shares are offered too).
  await panel.getByRole('button', { name: 'Split bill' }).click();
  const split = till.getByRole('dialog', { name: /^Split the bill/ });
  await expect(split.getByRole('radio', { name: 'By seats' })).toHaveAttribute('aria-checked', 'true');
  await expect(split).toContainText('2× Ribeye steak · seat 1');
  await split.getByRole('radio', { name: 'By items' }).click();
  await expect(split.getByRole('list', { name: 'Who pays what' }).getByRole('listitem')).toHaveCount(3);
  expect(await seriousA11yViolations(till)).toEqual([]);
  await viewportShots(till, SHOTS, 'split-dialog');
  await split.getByRole('radio', { name: 'Evenly' }).click();
  await expect(split.getByRole('list', { name: 'Even shares' })).toContainText('Guest 2');
  await viewportShots(till, SHOTS, 'split-evenly');
  await split.getByRole('radio', { name: 'By seats' }).click();
  await split.getByRole('button', { name: 'Split the bill' }).click();
  const parts = split.getByRole('list', { name: 'Bill parts' });
  await expect(parts.getByRole('listitem')).toHaveCount(2);
  await viewportShots(till, SHOTS, 'split-parts');

  // Seat 1 pays their part as its own sale.
  await parts.getByRole('button', { name: 'Pay Seat 1' }).click();
  await expect(cartLines(till)).toHaveCount(1);
  await payCash(till, '50');
  await till.getByRole('button', { name: 'Tables' }).click();
  await expect(tableButton(till, '4')).toHaveAttribute('data-state', 'paying');

  // Seat 2 pays the rest: the ticket is paid and table 4 is free again.
  await tableButton(till, '4').click();
  await panel.getByRole('button', { name: 'Bill parts' }).click();
  await expect(split.getByText('Paid', { exact: true })).toBeVisible();
  await split.getByRole('button', { name: 'Pay Seat 2' }).click();
  await expect(cartLines(till)).toHaveCount(1);
  await payCash(till, '10');
  await till.getByRole('button', { name: 'Tables' }).click();
  await expect(tableButton(till, '4')).toHaveAttribute('data-state', 'free');
  await till.keyboard.press('Escape');
  await expect(till.getByRole('button', { name: /^Kitchen: 0 open tickets/ })).toBeVisible();
});
