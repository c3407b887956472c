import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { addStaff, CASHIER, pairTill, signInOnTill, signUpOwner } from './till-journey.ts';

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/tasks-${name}-1280.png` });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `/tmp/tasks-${name}-390.png` });
  if (size) await page.setViewportSize(size);
}

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the owner adds tasks, sees the overdue one on the dashboard, and ticks it off', async ({ page }) => {
  await signUpOwner(page, 'Tasks Test Shop');
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByText('Nothing to do here.')).toBeVisible();

  // An overdue task for the owner, and one due next week.
  await page.getByRole('button', { name: 'Add task' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.getByText('Give the task a title')).toBeVisible();
  await dialog.getByLabel('Title').fill('Clean the coffee machine');
  await dialog.getByLabel('Assigned to').click();
  await page.getByRole('option', { name: 'Ann Lee' }).click();
  await dialog.getByLabel(/Due/).fill(daysFromToday(-3));
  await dialog.getByLabel(/Notes/).fill('Descale it too');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add task' }).click();
  dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('Title').fill('Order receipt rolls');
  await dialog.getByLabel(/Due/).fill(daysFromToday(7));
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Tasks' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const late = list.getByRole('listitem').filter({ hasText: 'Clean the coffee machine' });
  await expect(late.getByText('Overdue')).toBeVisible();
  await expect(late).toContainText('Ann Lee');
  await screenshots(page, 'list');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The dashboard reminds the owner.
  await page.goto('/dashboard');
  const reminder = page.getByRole('region', { name: '1 overdue task' });
  await expect(reminder).toContainText('Clean the coffee machine');
  await reminder.getByRole('link', { name: 'See the overdue tasks' }).click();
  await expect(page).toHaveURL(/\/tasks\?view=overdue$/);
  await expect(page.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');

  // Ticked off: no longer overdue, listed under Done.
  await page.getByRole('button', { name: 'Done Clean the coffee machine' }).click();
  await expect(page.getByText('Nothing is overdue.')).toBeVisible();
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Tasks' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Tasks' })).toContainText('Clean the coffee machine');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /overdue task/ })).toHaveCount(0);
});

test('the owner sets up the opening checklist; the cashier ticks it off on the till; the owner sees who did it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUpOwner(page, 'Morning Bakery');
  await addStaff(page);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Today’s checklists' })).toBeVisible();
  await expect(page.getByText('No checklist is due today.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Manage checklists' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checklists' });
  await dialog.getByRole('button', { name: 'New checklist' }).click();
  const form = dialog.getByRole('form', { name: 'New checklist' });
  await form.getByLabel('Name').fill('Opening');
  await form.getByLabel('Things to tick off, one per line').fill('Unlock the door\nCount the float\nSwitch on the ovens');
  await screenshots(page, 'checklist-form');
  await form.getByRole('button', { name: 'Save checklist' }).click();
  await expect(page.getByText('Checklist “Opening” added')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'All checklists' })).toContainText('Opening');
  await page.keyboard.press('Escape');
  const opening = page.getByTestId('checklist').filter({ hasText: 'Opening' });
  await expect(opening).toContainText('0 of 3 done');

  // On the shop's till, the cashier signs in with her PIN and ticks off what she has done.
  const till = await pairTill(page, browser);
  await signInOnTill(till, CASHIER.full_name, CASHIER.pin);
  await till.goto('/tasks');
  const onTill = till.getByTestId('checklist').filter({ hasText: 'Opening' });
  await onTill.getByRole('checkbox', { name: 'Unlock the door' }).check();
  await expect(onTill).toContainText('1 of 3 done');
  await onTill.getByRole('checkbox', { name: 'Count the float' }).check();
  await expect(onTill).toContainText('2 of 3 done');
  await expect(onTill.getByRole('listitem').filter({ hasText: 'Count the float' })).toContainText(CASHIER.full_name);
  // A cashier ticks off; she does not set checklists up.
  await expect(till.getByRole('button', { name: 'Manage checklists' })).toHaveCount(0);
  expect(await seriousA11yViolations(till)).toEqual([]);
  await screenshots(till, 'checklist-till');

  // The owner's dashboard shows today's checklist with what is ticked; overdue when past its hour (decision 065).
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Today’s checklists' });
  const onDashboard = card.getByRole('listitem').filter({ hasText: 'Opening' });
  await expect(onDashboard).toContainText('2/3');
  const today = (await (await page.request.get('/api/checklists/today')).json()) as { checklists: { name: string; overdue: boolean }[] };
  const overdue = today.checklists.find((list) => list.name === 'Opening')!.overdue;
  await expect(onDashboard.getByText('Overdue', { exact: true })).toHaveCount(overdue ? 1 : 0);
  await screenshots(page, 'checklist-dashboard');

  // Back on /tasks, the cashier's ticks are there.
  await page.goto('/tasks');
  await expect(opening).toContainText('2 of 3 done');
  await expect(opening.getByRole('checkbox', { name: 'Unlock the door' })).toBeChecked();
  await expect(opening.getByRole('checkbox', { name: 'Switch on the ovens' })).not.toBeChecked();
  await opening.getByRole('checkbox', { name: 'Switch on the ovens' }).check();
  await expect(opening).toContainText('All done');
  await till.context().close();
});
