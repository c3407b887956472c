import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { addStaff, CASHIER, CROISSANT, MANAGER, MILK, pairTill, screenshots, seedCatalogue, signInOnTill, signUpOwner, tile } from './till-journey.ts';

/**
 * Closing the day (issue 12): a cashier opens the drawer with a float of 100.00, sells in cash
 * and by card, pays out 5.00 for milk, closes counting 1.00 short; the manager approves the
 * difference with a PIN; the printed Z shows the figures, and the orders list agrees.
 */
test('a day at the drawer: float, cash and card sales, a pay-out, a short count approved by a manager, the printed Z agrees with the orders', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpOwner(page);
  await seedCatalogue(page);
  await addStaff(page);
  const till = await pairTill(page, browser);
  await signInOnTill(till, CASHIER.full_name, CASHIER.pin);
  await expect(till.getByRole('button', { name: 'Cash drawer: closed' })).toBeVisible();

  // A cash sale before the drawer is open: the till asks for the float, and nothing is charged.
  await tile(till, CROISSANT.name).click();
  await till.keyboard.press('F9');
  let pay = till.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Cash' }).click();
  await pay.getByLabel('Cash received').fill('5');
  await pay.getByRole('button', { name: 'Take cash' }).click();
  const openDialog = till.getByRole('dialog', { name: /^Open the drawer/ });
  await expect(openDialog).toBeVisible();
  await expect(till.getByText('Open the cash drawer first')).toBeVisible();
  await screenshots(till, 'drawer-open');
  await openDialog.getByLabel('Opening float').fill('100');
  await openDialog.getByRole('button', { name: 'Open drawer' }).click();
  await expect(till.getByRole('button', { name: 'Cash drawer: open' })).toBeVisible();
  await expect(till.getByText('Open the cash drawer first')).toHaveCount(0);

  // Pay again: the cash taken is still there (3.10 + 10 % tax = 3.41, 5.00 handed over), and the same sale goes through.
  await till.keyboard.press('F9');
  pay = till.getByRole('dialog', { name: 'Take payment' });
  await expect(pay).toContainText('$5.00 handed over, $1.59 change');
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  let done = till.getByRole('dialog', { name: 'Sale complete' });
  await expect(done.getByTestId('change-due')).toHaveText('$1.59');
  await done.getByRole('button', { name: /New sale/ }).click();

  // 2.40 + 10 % = 2.64 by card.
  await tile(till, MILK.name).click();
  await till.keyboard.press('F9');
  pay = till.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('tab', { name: 'Card', exact: true }).click();
  await pay.getByRole('button', { name: 'Card payment received' }).click();
  done = till.getByRole('dialog', { name: 'Sale complete' });
  await expect(done).toContainText('Order #2');
  await done.getByRole('button', { name: /New sale/ }).click();

  // 5.00 out of the drawer for milk.
  await till.getByRole('button', { name: 'Cash drawer: open' }).click();
  await till.getByRole('menuitem', { name: 'Pay out' }).click();
  const payOut = till.getByRole('dialog', { name: 'Pay out' });
  await payOut.getByLabel('Amount').fill('5');
  await payOut.getByLabel('Reason').click();
  await till.getByRole('option', { name: 'Milk' }).click();
  await payOut.getByRole('button', { name: 'Record pay out' }).click();
  await expect(payOut).toHaveCount(0);

  // The X report: 6.05 taken, 100 + 3.41 − 5.00 expected in the drawer.
  await till.getByRole('button', { name: 'Cash drawer: open' }).click();
  await till.getByRole('menuitem', { name: 'X report' }).click();
  await expect(till).toHaveURL(/\/z-report$/);
  const x = till.getByRole('region', { name: 'X report' });
  await expect(x.getByText('Net sales', { exact: true }).first().locator('..')).toContainText('$6.05');
  await expect(x.getByText('Expected cash', { exact: true }).last().locator('..')).toContainText('$98.41');
  await screenshots(till, 'x-report');

  // Close, counting 1.00 short: the manager approves with a PIN and a note.
  await till.getByRole('button', { name: 'Close drawer (Z report)' }).click();
  const close = till.getByRole('dialog', { name: /^Close the drawer/ });
  await close.getByLabel('Counted cash').fill('97.41');
  await expect(close.getByText('$1.00 short')).toBeVisible();
  await expect(close.getByLabel(/^Card total/)).toHaveValue('2.64');
  await close.getByRole('button', { name: 'Close drawer and print Z' }).click();
  await expect(close.getByText(/a manager's PIN and a note are needed/)).toBeVisible();
  await close.getByLabel('Approving manager').click();
  await till.getByRole('option', { name: MANAGER.full_name }).click();
  await close.getByLabel('Manager PIN').fill(MANAGER.pin);
  await close.getByLabel(/^Note/).fill('Wrong change given');
  await screenshots(till, 'close-approval');
  await close.getByRole('button', { name: 'Approve and close' }).click();

  await expect(till).toHaveURL(/\/z-report\/[0-9a-f-]{36}$/);
  await expect(till.getByRole('heading', { name: 'Z report 1 · Front counter', level: 1 })).toBeVisible();
  const report = till.getByTestId('cash-report');
  await expect(report).toContainText('$1.00 short');
  await expect(report).toContainText(`Difference approved by ${MANAGER.full_name}: Wrong change given`);
  await expect(till.getByRole('button', { name: 'Cash drawer: closed' })).toHaveCount(0); // not on the till's screen here
  await screenshots(till, 'z-report');

  // What the browser prints: the 80 mm layout with the figures.
  await till.emulateMedia({ media: 'print' });
  const printed = till.getByTestId('z-print');
  await expect(printed).toBeVisible();
  for (const line of [/Z report 1/, /Net sales\s+\$6\.05/, /Expected cash\s+\$98\.41/, /Counted cash\s+\$97\.41/, /Over \/ short\s+-\$1\.00 short/, /Pay out: Milk\s+-\$5\.00/]) {
    await expect(printed).toContainText(line);
  }
  await till.emulateMedia({ media: 'screen' });

  // The owner's Z list and orders agree: two sales, 3.41 in cash and 2.64 by card.
  await page.goto('/z-report');
  await page.getByRole('tab', { name: 'Z reports' }).click();
  const zRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Z 1' }) });
  await expect(zRow).toContainText('$6.05');
  await expect(zRow).toContainText('$97.41');
  await expect(zRow).toContainText('$1.00 short');
  await screenshots(page, 'z-list');
  await expect.poll(async () => (await page.getByText('Loading').count()) + (await page.locator('[data-sonner-toast]').count())).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.goto('/orders');
  const orders = page.getByRole('table', { name: 'Orders, newest first' });
  await expect(orders.getByRole('row').filter({ has: page.getByRole('link', { name: '#1', exact: true }) })).toContainText('$3.41');
  await expect(orders.getByRole('row').filter({ has: page.getByRole('link', { name: '#2', exact: true }) })).toContainText('$2.64');
  await till.context().close();
});
