import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';

const PASSWORD = 'correct horse battery staple';
let counter = 0;
const newEmail = () => `owner-${Date.now()}-${(counter += 1)}@e2e.example`;

async function signUp(page: Page, email: string, businessName: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Business name').fill(businessName);
  await page.getByLabel('Full name').fill('Ann Lee');
  await page.getByLabel('Industry').click();
  await page.getByRole('option', { name: 'Restaurant' }).click();
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a new owner signs up, assigns the business owner and reaches the dashboard', async ({ page }) => {
  const email = newEmail();
  await signUp(page, email, 'Bean There Cafe');
  await expect(page).toHaveURL(/\/signup-thank-you$/);
  await page.getByRole('button', { name: 'Continue to dashboard' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Assign business owner' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ann Lee');
  await page.getByLabel('PIN for the tills').fill('135790');
  await page.getByRole('button', { name: 'Assign business owner' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Bean There Cafe').first()).toBeVisible();
  const enabled = page.getByRole('list', { name: 'Enabled features' });
  await expect(enabled.getByText('Point of sale', { exact: true })).toBeVisible();
  // SPEC §9 first-time setup: employee management starts switched off
  await expect(enabled.getByText('Employee management', { exact: true })).toHaveCount(0);
  // Internal feature codes never appear on screen (issue 15).
  await expect(page.getByText('pos_system')).toHaveCount(0);

  // the session survives a reload, and the owner step does not come back
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assign business owner' })).toHaveCount(0);
});

test('signing in without an email or phone shows the SPEC §5 message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must provide either an email or phone number and a password');
});

test('a signed-out visitor to /dashboard is sent to /auth; sign in leads back to the dashboard', async ({ page, browser }) => {
  const email = newEmail();
  await signUp(page, email, 'Corner Shop');
  await expect(page).toHaveURL(/\/signup-thank-you$/);

  const fresh = await browser.newPage();
  await fresh.goto('/dashboard');
  await expect(fresh).toHaveURL(/\/auth$/);
  await fresh.getByLabel('Email or phone').fill(email);
  await fresh.getByLabel('Password').fill('wrong password entirely');
  await fresh.getByRole('button', { name: 'Sign in' }).click();
  await expect(fresh.getByRole('alert')).toContainText('Invalid login credentials');
  await fresh.getByLabel('Password').fill(PASSWORD);
  await fresh.getByRole('button', { name: 'Sign in' }).click();
  await expect(fresh).toHaveURL(/\/dashboard$/);
  await expect(fresh.getByRole('heading', { name: 'Assign business owner' })).toBeVisible();
});

test('unknown paths show a not-found page; /super-admin is not a route', async ({ page }) => {
  for (const path of ['/no-such-page', '/super-admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});

test('axe finds no serious or critical violation on /auth and /dashboard', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await signUp(page, newEmail(), 'Axe Hardware');
  await expect(page).toHaveURL(/\/signup-thank-you$/);
  await page.goto('/dashboard');
  await page.getByLabel('PIN for the tills').fill('135790');
  await page.getByRole('button', { name: 'Assign business owner' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
