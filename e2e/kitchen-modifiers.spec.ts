import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { cartLines, cartTotal, openDrawer, OWNER_PIN, pairTill, signInOnTill, signUpOwner, tile } from './till-journey.ts';
import { postOk, viewportShots } from './api-helpers.ts';

/** Decision 035: modifiers from the product page to the till's chooser, the kitchen display and the receipt. */
const SHOTS = '/tmp/shots-h16m';

test('the owner gives the steak its modifiers; a waiter orders it medium with extra cheese, sends it; the display shows the modifiers; the till takes the right total', async ({ page: owner, browser }) => {
  test.setTimeout(420_000);
  await signUpOwner(owner);
  const settings = await owner.request.patch('/api/business-settings', { data: { enabled_features: { kitchen_display: true } } });
  expect(settings.status(), await settings.text()).toBe(200);
  const { category: mains } = await postOk<{ category: { id: string } }>(owner, '/api/categories', { name: 'Mains' });
  await postOk(owner, '/api/products', { name: 'Ribeye steak', price: 2400, category_id: mains.id });
  await postOk(owner, '/api/products', { name: 'Still water', price: 300 });
  await postOk(owner, '/api/kitchen/stations', { name: 'Grill', category_ids: [mains.id] });

  // The owner sets the groups on the products page.
  await owner.goto('/products');
  await owner.getByRole('button', { name: 'Actions for Ribeye steak' }).click();
  await owner.getByRole('menuitem', { name: /^Modifiers/ }).click();
  const editor = owner.getByRole('dialog', { name: 'Modifiers: Ribeye steak' });
  await editor.getByRole('button', { name: 'Add group' }).click();
  const doneness = editor.getByRole('group', { name: 'Group 1' });
  await doneness.getByLabel('Group name').fill('Doneness');
  await doneness.getByLabel('Option 1 name').fill('Rare');
  await doneness.getByLabel('Option 2 name').fill('Medium');
  await doneness.getByRole('button', { name: 'Add option' }).click();
  await doneness.getByLabel('Option 3 name').fill('Well done');
  await editor.getByRole('button', { name: 'Add group' }).click();
  const extras = editor.getByRole('group', { name: 'Group 2' });
  await extras.getByLabel('Group name').fill('Extras');
  await extras.getByLabel('Required').uncheck();
  await extras.getByLabel('At most').fill('3');
  await extras.getByLabel('Option 1 name').fill('Extra cheese');
  await extras.getByLabel('Option 1 price change').fill('1.00');
  await extras.getByLabel('Option 2 name').fill('No sauce');
  await extras.getByLabel('Option 2 price change').fill('-0.50');
  expect(await seriousA11yViolations(owner)).toEqual([]);
  await viewportShots(owner, SHOTS, 'modifier-editor');
  await editor.getByRole('button', { name: 'Save modifiers' }).click();
  await expect(editor).toHaveCount(0);
  await owner.getByRole('button', { name: 'Actions for Ribeye steak' }).click();
  await expect(owner.getByRole('menuitem', { name: 'Modifiers (2)' })).toBeVisible();
  await owner.keyboard.press('Escape');

  // The waiter's till.
  const till = await pairTill(owner, browser);
  await signInOnTill(till, 'Ann Lee', OWNER_PIN);
  await openDrawer(till, '100');
  await owner.goto('/kitchen');
  await expect(owner.getByRole('heading', { name: 'Kitchen', level: 1 })).toBeVisible();

  // A product without groups still adds in one tap.
  await tile(till, 'Still water').click();
  await expect(cartLines(till)).toHaveCount(1);

  // The steak opens the chooser: Add waits for the required doneness; the price follows the choices.
  await tile(till, 'Ribeye steak').click();
  const chooser = till.getByRole('dialog', { name: 'Ribeye steak' });
  await expect(chooser).toBeVisible();
  const addButton = chooser.getByRole('button', { name: 'Add to sale' });
  await expect(addButton).toBeDisabled();
  await chooser.getByRole('button', { name: /Extra cheese/ }).click();
  await expect(chooser).toContainText('$25.00');
  await expect(addButton).toBeDisabled();
  await chooser.getByRole('button', { name: 'Medium' }).click();
  await expect(chooser.getByRole('button', { name: 'Medium' })).toHaveAttribute('aria-pressed', 'true');
  await expect(addButton).toBeEnabled();
  expect(await seriousA11yViolations(till)).toEqual([]);
  await viewportShots(till, SHOTS, 'chooser');
  await addButton.click();
  await expect(chooser).toHaveCount(0);
  await expect(cartLines(till)).toHaveCount(2);
  const steakLine = cartLines(till).filter({ hasText: 'Ribeye steak' });
  await expect(steakLine.getByTestId('line-modifiers')).toHaveText('+ Medium · + Extra cheese (+$1.00)');
    await expect(cartTotal(till)).toContainText('28.00');
  await viewportShots(till, SHOTS, 'till-cart');

  // Sent to the kitchen: the grill shows the modifiers, marked out.
  await till.getByRole('button', { name: /^Kitchen: 0 open tickets/ }).click();
  const kitchen = till.getByRole('dialog', { name: 'Kitchen' });
  await kitchen.getByLabel('Table').fill('5');
  await kitchen.getByRole('button', { name: 'Send to kitchen' }).click();
  await expect(kitchen).toHaveCount(0);
  const ticket = owner.getByRole('article', { name: /^Ticket \d+, Table 5/ });
  await expect(ticket).toBeVisible({ timeout: 5_000 });
  const modifiers = ticket.getByRole('list', { name: 'Modifiers of Ribeye steak' });
  await expect(modifiers.getByRole('listitem')).toHaveText(['Medium', 'Extra cheese']);
  expect(await seriousA11yViolations(owner)).toEqual([]);
  await owner.setViewportSize({ width: 1280, height: 800 });
  await viewportShots(owner, SHOTS, 'kitchen-display');

  // Paid at the till: the ticket comes back with its modifiers and the same total.
  await till.getByRole('button', { name: /^Kitchen: 1 open tickets/ }).click();
  await expect(kitchen.getByRole('listitem', { name: /^Ticket \d+$/ })).toContainText('(Medium, Extra cheese)');
  await kitchen.getByRole('button', { name: /^Pay ticket \d+$/ }).click();
  await expect(cartLines(till)).toHaveCount(2);
  await expect(cartLines(till).filter({ hasText: 'Ribeye steak' })).toContainText('Extra cheese');
  await expect(cartTotal(till)).toContainText('28.00');
  await till.keyboard.press('F9');
  const pay = till.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Cash' }).click();
  await pay.getByLabel('Cash received').fill('30');
  await pay.getByRole('button', { name: 'Take cash' }).click();
  const done = till.getByRole('dialog', { name: 'Sale complete' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('2.00');

  // The receipt lists the modifiers under the line.
  await done.getByRole('link', { name: /receipt/i }).first().click();
  const receipt = till.getByRole('article', { name: /^Receipt/ }).first();
  await expect(receipt.getByText('+ Medium')).toBeVisible();
  await expect(receipt.getByText('+ Extra cheese (+$1.00)')).toBeVisible();
  await viewportShots(till, SHOTS, 'receipt');
});
