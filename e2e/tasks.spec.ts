import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner } from './till-journey.ts';

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
