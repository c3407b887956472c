import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';

const PASSWORD = 'correct horse battery staple';
const SHOTS = 'test-results/screens/two-factor';
let counter = 0;
const newEmail = () => `two-factor-${Date.now()}-${(counter += 1)}@e2e.example`;

/** What an authenticator app holding `secret` shows, `offset` 30-second steps from now. */
function codeFor(secret: string, offset = 0) {
  return createOTP(base32.decode(secret)).hotp(Math.floor(Date.now() / 30_000) + offset);
}

async function signUpOwner(page: Page) {
  const email = newEmail();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Business name').fill('Two Step Cafe');
  await page.getByLabel('Full name').fill('Ann Lee');
  await page.getByLabel('Industry').click();
  await page.getByRole('option', { name: 'Restaurant' }).click();
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup-thank-you$/);
  await page.goto('/dashboard');
  await page.getByLabel('PIN for the tills').fill('135790');
  await page.getByRole('button', { name: 'Assign business owner' }).click();
  await expect(dashboardHeading(page)).toBeVisible();
  return email;
}

/** The card alone at both sizes (the settings page is long), after pageShots checked the whole page. */
async function cardShots(page: Page, name: string) {
  await pageShots(page, SHOTS, name);
  const card = page.getByRole('region', { name: 'Sign-in security' });
  await card.screenshot({ path: `${SHOTS}/${name}-card-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.screenshot({ path: `${SHOTS}/${name}-card-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const dashboardHeading = (page: Page) => page.getByRole('heading', { name: 'Dashboard', level: 1 });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('enrolls an authenticator app, then signs in with password + code, and with a recovery code', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signUpOwner(page);

  // Settings → Two-factor sign-in: the QR code, the manual key, a first code confirms it.
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Sign-in security' });
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(card.getByRole('img', { name: 'QR code to add Till to your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await cardShots(page, 'account-enroll');
  await card.getByLabel('Code from the app').fill(await codeFor(secret));
  await card.getByRole('button', { name: 'Confirm code' }).click();

  // Ten recovery codes, shown once, with a download.
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download codes' }).click();
  expect((await download).suggestedFilename()).toBe('till-recovery-codes.txt');
  await cardShots(page, 'account-recovery-codes');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByRole('list', { name: 'Authenticator apps' })).toContainText('On');
  await expect(card).toContainText('10 of 10 recovery codes left');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await cardShots(page, 'account-two-factor-on');

  // Password alone is not enough: the second step, where a wrong code is refused.
  await signOut(page);
  await signInWithPassword(page, email);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pageShots(page, SHOTS, 'sign-in-second-step');
  // Business pages stay closed until the code is in.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const next = await codeFor(secret, 1);
  const wrong = String((Number(next) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Authentication code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await page.getByLabel('Authentication code').fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboardHeading(page)).toBeVisible();

  // A recovery code instead of the app.
  await signOut(page);
  await signInWithPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboardHeading(page)).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Sign-in security' })).toContainText('9 of 10 recovery codes left');
  // The sessions of the account: this browser, marked.
  await expect(page.getByRole('list', { name: 'Signed-in browsers' })).toContainText('This browser');
});

test('signing out in one tab signs out the other tabs (SPEC §4 auth events over a BroadcastChannel)', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signUpOwner(page);
  const other = await context.newPage();
  await other.goto('/settings');
  await expect(other.getByRole('region', { name: 'Sign-in security' })).toBeVisible();

  await signOut(page);
  // The other tab hears SIGNED_OUT and leaves the account's page without being touched.
  await expect(other).toHaveURL(/\/auth$/);
  await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Signing in again in one tab: the other tab's signed-out screen hears SIGNED_IN too.
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(dashboardHeading(page)).toBeVisible();
  await other.goto('/dashboard');
  await expect(dashboardHeading(other)).toBeVisible();
});
