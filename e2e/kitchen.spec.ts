import { expect, test, type Page } from '@playwright/test';
import { cartLines, openDrawer, OWNER_PIN, pairTill, signInOnTill, signUpOwner, tile } from './till-journey.ts';
import { postOk, viewportShots } from './api-helpers.ts';

const SHOTS = '.tmp/screenshots/kitchen';
/** The display at both of the brief's screen sizes (a 1280×800 tablet and a 1920×1080 screen) and a phone. */
const DISPLAY_SIZES = [
  [1280, 800],
  [1920, 1080],
  [390, 844],
] as const;

const ticketOn = (page: Page, table: string) => page.getByRole('article', { name: new RegExp(`^Ticket \\d+, Table ${table}`) });

test('the till sends table 4 to the kitchen; the grill sees the steaks and the cold station the salad at once; the cook bumps; the till sees Ready and takes payment', async ({ page: owner, browser }) => {
  test.setTimeout(420_000);
  await signUpOwner(owner);
  const settings = await owner.request.patch('/api/business-settings', { data: { enabled_features: { kitchen_display: true } } });
  expect(settings.status(), await settings.text()).toBe(200);
  const { category: mains } = await postOk<{ category: { id: string } }>(owner, '/api/categories', { name: 'Mains' });
  const { category: salads } = await postOk<{ category: { id: string } }>(owner, '/api/categories', { name: 'Salads' });
  await postOk(owner, '/api/products', { name: 'Ribeye steak', price: 2400, category_id: mains.id });
  const salad = await postOk<{ product: { id: string } }>(owner, '/api/products', { name: 'Garden salad', price: 900, category_id: salads.id });
  const { station: grill } = await postOk<{ station: { id: string } }>(owner, '/api/kitchen/stations', { name: 'Grill', category_ids: [mains.id], warn_after_seconds: 300, late_after_seconds: 600 });
  const { station: cold } = await postOk<{ station: { id: string } }>(owner, '/api/kitchen/stations', { name: 'Cold', category_ids: [salads.id] });

  // The till: a paired device of its own (the second browser context), the owner signed in by PIN.
  const till = await pairTill(owner, browser);
  await signInOnTill(till, 'Ann Lee', OWNER_PIN);
  await openDrawer(till, '100');

  // Two kitchen screens in the owner's browser: the grill and the cold station.
  await owner.goto(`/kitchen?station=${grill.id}`);
  await expect(owner.getByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible();
  await expect(owner.getByText('No tickets for Grill right now')).toBeVisible();
  const coldPage = await owner.context().newPage();
  await coldPage.goto(`/kitchen?station=${cold.id}`);
  await expect(coldPage.getByText('No tickets for Cold right now')).toBeVisible();
  // Joined: no offline badge.
  await expect(owner.getByRole('status').filter({ hasText: /Offline|Connecting/ })).toHaveCount(0);
  await expect(coldPage.getByRole('status').filter({ hasText: /Offline|Connecting/ })).toHaveCount(0);

  // Two steaks with a note, and a salad.
  await tile(till, 'Ribeye steak').click();
  await till.getByRole('button', { name: 'Edit Ribeye steak' }).click();
  const line = till.getByRole('dialog');
  await line.getByLabel('Quantity').fill('2');
  await line.getByLabel('Note').fill('one rare, one medium');
  await line.getByRole('button', { name: 'Done' }).click();
  await tile(till, 'Garden salad').click();
  await expect(cartLines(till)).toHaveCount(2);

  await till.getByRole('button', { name: /^Kitchen: 0 open tickets/ }).click();
  const kitchen = till.getByRole('dialog', { name: 'Kitchen' });
  await kitchen.getByLabel('Table').fill('4');
  await kitchen.getByLabel('Guests').fill('2');
  await kitchen.getByRole('button', { name: 'Send to kitchen' }).click();
  await expect(kitchen).toHaveCount(0);
  const sentAt = Date.now();
  await expect(cartLines(till)).toHaveCount(0);

  // At once on both stations, each with only its own items: within a second on a machine that is
  // not overloaded; the bound here is 2 s because the e2e machine runs other suites beside it
  // (bench/kitchen measures the latency itself).
  const onGrill = ticketOn(owner, '4');
  const onCold = ticketOn(coldPage, '4');
  await expect(onGrill).toBeVisible({ timeout: 2_000 });
  await expect(onCold).toBeVisible({ timeout: Math.max(100, 2_000 - (Date.now() - sentAt)) });
  console.log(`ticket on both stations ${Date.now() - sentAt} ms after the till's send was answered`);
  await expect(onGrill).toContainText('2× Ribeye steak');
  await expect(onGrill).toContainText('one rare, one medium');
  await expect(onGrill).not.toContainText('Garden salad');
  await expect(onCold).toContainText('1× Garden salad');
  await expect(onCold).not.toContainText('Ribeye steak');
  await viewportShots(owner, SHOTS, 'grill-station', DISPLAY_SIZES);

  // The grill cook bumps by touch: cooking, then ready.
  await onGrill.getByRole('button', { name: 'Start cooking' }).click();
  await expect(onGrill).toHaveAttribute('data-stage', 'cooking');
  await onGrill.getByRole('button', { name: 'Ready' }).click();
  await expect(onGrill).toHaveAttribute('data-stage', 'ready');
  // The cold cook by keys: 1 picks the ticket, Enter bumps it, twice.
  await coldPage.keyboard.press('1');
  await coldPage.keyboard.press('Enter');
  await expect(onCold).toHaveAttribute('data-stage', 'cooking');
  await coldPage.keyboard.press('Enter');
  await expect(onCold).toHaveAttribute('data-stage', 'ready');

  // The till sees Ready, live.
  await expect(till.getByRole('button', { name: /^Kitchen: 1 open tickets, 1 ready/ })).toBeVisible();
  await till.getByRole('button', { name: /^Kitchen: 1 open tickets/ }).click();
  const ticket = kitchen.getByRole('listitem', { name: /^Ticket \d+$/ });
  await expect(ticket.getByTestId('ticket-stage')).toHaveText('Ready');
  await owner.screenshot({ path: `${SHOTS}/expo-before.png` });
  await till.screenshot({ path: `${SHOTS}/till-ticket-ready-1280.png` });

  // Paid as one sale: the ticket goes into the cart, then the usual payment.
  await ticket.getByRole('button', { name: /^Pay ticket \d+$/ }).click();
  await expect(cartLines(till)).toHaveCount(2);
  await till.keyboard.press('F9');
  const pay = till.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Cash' }).click();
  await pay.getByLabel('Cash received').fill('60');
  await pay.getByRole('button', { name: 'Take cash' }).click();
  const done = till.getByRole('dialog', { name: 'Sale complete' });
  await expect(done).toBeVisible();
  await till.keyboard.press('Escape');
  await expect(done).toHaveCount(0);
  await expect(till.getByRole('button', { name: /^Kitchen: 0 open tickets/ })).toBeVisible();

  // The expo view still shows it until it is served; the ready screen lists takeaway numbers.
  await owner.goto('/kitchen');
  await expect(ticketOn(owner, '4')).toHaveAttribute('data-stage', 'ready');
  await viewportShots(owner, SHOTS, 'expo', DISPLAY_SIZES);
  await ticketOn(owner, '4').getByRole('button', { name: 'Served' }).click();
  await expect(ticketOn(owner, '4')).toHaveAttribute('data-stage', 'served');
  await owner.keyboard.press('r');
  await expect(ticketOn(owner, '4')).toHaveAttribute('data-stage', 'ready');

  // A takeaway, ready: its number is on the customers' screen.
  const { ticket: takeaway } = await postOk<{ ticket: { id: string; number: number } }>(owner, '/api/kitchen/tickets', {
    idempotency_key: crypto.randomUUID(),
    order_type: 'takeaway',
    items: [{ product_id: salad.product.id, quantity: 1 }],
  });
  for (const from of ['new', 'cooking']) await postOk(owner, `/api/kitchen/tickets/${takeaway.id}/bump`, { from });
  await owner.getByRole('button', { name: 'Order ready screen' }).click();
  await expect(owner.getByRole('heading', { name: 'Order ready', level: 1 })).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Ready to collect' })).toContainText(String(takeaway.number));
  await viewportShots(owner, SHOTS, 'ready-screen', DISPLAY_SIZES);
  await owner.goto('/kitchen');
  await owner.getByRole('button', { name: 'Stations' }).click();
  await expect(owner.getByRole('dialog', { name: 'Kitchen stations' })).toBeVisible();
  await owner.screenshot({ path: `${SHOTS}/stations-1280.png` });
});
