import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';
import { emailedLink } from './mail.ts';
import { PASSWORD, signUpOwner } from './till-journey.ts';

const SHOTS = 'test-results/screens/account';
const NEW_PASSWORD = 'purple elephant marching slowly';

// Each journey takes 40–50 s on a quiet machine; a loaded CI runner needs the slack.
test.setTimeout(180_000);

test('an owner renames themselves and, after confirming their password, changes it and signs in with the new one', async ({ page }) => {
  await signUpOwner(page, 'Account Corner');
  const email = (await page.request.get('/api/auth/user').then((response) => response.json())).user.email as string;
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Your account' });
  await expect(card.getByLabel('Name', { exact: true })).toHaveValue('Ann Lee');

  await card.getByLabel('Name', { exact: true }).fill('Ann Smith');
  await card.getByRole('form', { name: 'Change name' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect.poll(async () => (await page.request.get('/api/me').then((response) => response.json())).user.name).toBe('Ann Smith');

  await card.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await card.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password', { exact: true }).fill('not the password at all');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Enter your current password to confirm this change')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'reauthenticate');

  await dialog.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Password changed. Other sessions were signed out.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'settings-account');
  await card.screenshot({ path: `${SHOTS}/account-card-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.screenshot({ path: `${SHOTS}/account-card-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('an owner signs in without the password, with the sign-in link e-mailed to them', async ({ page }) => {
  await signUpOwner(page, 'Link Corner');
  const email = (await page.request.get('/api/auth/user').then((response) => response.json())).user.email as string;
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('button', { name: 'Email me a sign-in code or link instead' }).click();
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'sign-in-code-sent');

  const link = await emailedLink(email, /http\S+\/auth\?magic_link=\S+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Signed in by the link: in Settings the account adds its phone number as a second sign-in way, then removes it.
  await page.goto(new URL('/settings', link).toString());
  const card = page.getByRole('region', { name: 'Your account' });
  const ways = card.getByRole('list', { name: 'Sign-in ways' });
  await expect(ways.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByText('This is your only way to sign in, so it cannot be removed.')).toBeVisible();
  await card.getByLabel('Phone number', { exact: true }).fill('+15557654321');
  await card.getByRole('form', { name: 'Change phone number' }).getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(ways.getByRole('listitem')).toHaveCount(2);
  await card.scrollIntoViewIfNeeded();
  await pageShots(page, SHOTS, 'sign-in-ways');
  await ways.getByRole('button', { name: 'Remove phone number +15557654321' }).click();
  await expect(page.getByText('Removed. You no longer sign in this way.')).toBeVisible();
  await expect(ways.getByRole('listitem')).toHaveCount(1);

  // The link works once: opened again (signed out), it says so.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto(link);
  await expect(page.getByText('This sign-in link is not valid, or it was already used.')).toBeVisible();
  await pageShots(page, SHOTS, 'magic-link-used');
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
