import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousA11yViolations } from './axe.ts';
import { pageShots } from './page-shots.ts';
import { PASSWORD, signUpOwner, signUpSuperAdmin } from './till-journey.ts';

const SHOTS = '.tmp/screenshots/platform';
/**
 * A super admin of its own (playwright.config.ts lists it beside root@e2e.example): shell.spec.ts
 * signs up root@e2e.example, and both specs run on the same server.
 */
const ROOT = 'platform-root@e2e.example';

test.setTimeout(180_000);

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function noA11yProblems(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

test('a visitor opens /pricing without signing in and sees the plans with their limits and features', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  const plans = page.getByRole('list', { name: 'Plans' });
  for (const name of ['Free', 'Starter', 'Pro']) await expect(plans.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Starter limits' })).toContainText('15 employees');
  await expect(page.getByRole('list', { name: 'Pro limits' })).toContainText('Unlimited products');
  await expect(page.getByRole('list', { name: 'Pro features' })).toContainText('Vehicle services');
  await expect(page).toHaveURL(/\/pricing$/);
  await noA11yProblems(page);
  await pageShots(page, SHOTS, 'pricing');
});

test('the super admin edits a plan and turns a feature off everywhere; the owner’s sidebar loses it', async ({ page, browser }) => {
  // An owner elsewhere, with Customers in the sidebar.
  await signUpOwner(page);
  const owner = page;
  await expect(sidebar(owner).getByRole('link', { name: 'Customers', exact: true })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: new URL(owner.url()).origin });
  const admin = await adminContext.newPage();
  await signUpSuperAdmin(admin, ROOT, 'Platform Ops', 'Root Admin');

  await admin.goto('/superadmin/subscription-plans');
  await expect(admin.getByRole('heading', { name: 'Subscription Plans', level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Edit Starter' }).click();
  const form = admin.getByRole('form', { name: 'Plan' });
  await form.getByLabel('Monthly price').fill('35.00');
  await form.getByLabel('Employees').fill('20');
  await noA11yProblems(admin);
  await pageShots(admin, SHOTS, 'plan-edit');
  await form.getByRole('button', { name: 'Save plan' }).click();
  await expect(admin.getByText('Plan saved')).toBeVisible();
  const starterRow = admin.getByRole('table', { name: 'Plans' }).getByRole('row').filter({ hasText: 'Starter' });
  await expect(starterRow).toContainText('$35.00');

  // The visitor's pricing page shows the change.
  await owner.goto('/pricing');
  await expect(owner.getByRole('list', { name: 'Starter limits' })).toContainText('20 employees');
  await expect(owner.getByText('Your plan')).toBeVisible();

  await admin.goto('/superadmin/feature-flags');
  await expect(admin.getByRole('heading', { name: 'Feature Flags', level: 1 })).toBeVisible();
  const customers = admin.getByLabel('Switch for Customer management');
  try {
    await customers.selectOption('off');
    await expect(admin.getByText('Customer management: off everywhere')).toBeVisible();
    await expect(customers).toHaveValue('off');
    await noA11yProblems(admin);
    await pageShots(admin, SHOTS, 'feature-flags');

    await owner.goto('/dashboard');
    await expect(owner.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(sidebar(owner).getByRole('link', { name: 'Customers', exact: true })).toHaveCount(0);
    await owner.goto('/customers');
    await expect(owner).toHaveURL(/\/dashboard$/);
  } finally {
    // Other specs share this server: the business decides again.
    await customers.selectOption('default');
    await expect(admin.getByText('Customer management: business decides')).toBeVisible();
  }
  await owner.goto('/dashboard');
  await expect(sidebar(owner).getByRole('link', { name: 'Customers', exact: true })).toBeVisible();

  // The platform's users (decision 067): the super admin makes an account by hand, then bans it.
  await admin.goto('/superadmin');
  await admin.getByRole('button', { name: 'Create user' }).click();
  const create = admin.getByRole('form', { name: 'Create user' });
  const made = `made-${Date.now()}@e2e.example`;
  await create.getByLabel('E-mail', { exact: true }).fill(made);
  await create.getByLabel('Name', { exact: true }).fill('Mo Made');
  await create.getByLabel('Password (optional)').fill(PASSWORD);
  await create.getByRole('button', { name: 'Create user' }).click();
  await expect(admin.getByText(`Account made for ${made}`)).toBeVisible();
  await admin.getByLabel('Search').fill('made-');
  const row = admin.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: made });
  await expect(row).toContainText('Not confirmed');
  await expect(row).toContainText('Last sign-in never');
  await noA11yProblems(admin);
  await pageShots(admin, SHOTS, 'superadmin-users');
  await row.getByRole('button', { name: `Ban ${made}` }).click();
  const ban = admin.getByRole('form', { name: `Ban ${made}` });
  await ban.getByLabel('For how long').selectOption({ label: 'Until lifted' });
  await noA11yProblems(admin);
  await pageShots(admin, SHOTS, 'superadmin-user-ban');
  await ban.getByRole('button', { name: 'Ban user' }).click();
  await expect(row.getByText('Banned', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Lift ban' })).toBeVisible();

  // The banned person is told so at the sign-in form.
  const bannedContext = await browser.newContext({ baseURL: new URL(owner.url()).origin });
  const banned = await bannedContext.newPage();
  await banned.goto('/auth');
  await banned.getByLabel('Email or phone').fill(made);
  await banned.getByLabel('Password').fill(PASSWORD);
  await banned.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(banned.getByText('User is banned')).toBeVisible();
  await bannedContext.close();
  await adminContext.close();
});

test('an owner logs an incident with a follow-up, exports CSV, and the back office counts it', async ({ page }) => {
  await signUpOwner(page);
  await page.goto('/incidents');
  await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
  await expect(page.getByText('No incidents match.')).toBeVisible();
  await page.getByRole('button', { name: 'Log an incident' }).click();
  const form = page.getByRole('form', { name: 'New incident' });
  await form.getByLabel('Type').selectOption({ label: 'Breakage' });
  await form.getByLabel('Severity').selectOption({ label: 'High' });
  await form.getByLabel('Where').fill('Aisle 3');
  await form.getByLabel('What happened').fill('A shelf of olive oil bottles fell over');
  await form.getByLabel('People involved').fill('Ann Lee, a customer');
  await form.getByLabel('Follow-up action').fill('Fix the shelf bracket');
  await form.getByLabel('Who does it').selectOption({ label: 'Ann Lee' });
  await noA11yProblems(page);
  await pageShots(page, SHOTS, 'incident-form');
  await form.getByRole('button', { name: 'Log incident' }).click();
  await expect(page.getByText('Incident logged')).toBeVisible();
  const incident = page.getByTestId('incident').first();
  await expect(incident).toContainText('A shelf of olive oil bottles fell over');
  await expect(incident).toContainText('High severity');
  await expect(incident.getByRole('list', { name: 'Follow-up actions' })).toContainText('Fix the shelf bracket');
  await expect(incident.getByRole('list', { name: 'Follow-up actions' })).toContainText('Ann Lee');

  // A photo of the broken shelf, taken on the spot: shown as a thumbnail that opens larger.
  const shelfPhoto = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8a5a2b' } }).jpeg().toBuffer();
  await incident.getByLabel(/Add photo/).setInputFiles({ name: 'shelf.jpg', mimeType: 'image/jpeg', buffer: shelfPhoto });
  const thumbnail = incident.getByRole('img', { name: /^Photo 1 of the breakage/ });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await thumbnail.click();
  await expect(page.getByRole('dialog').getByRole('img', { name: /larger$/ })).toBeVisible();
  await page.keyboard.press('Escape');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^incidents-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('occurred_at,type,severity,status,location,description,people_involved,follow_up_actions,open_actions,closed_at');
  expect(csv).toContain('Breakage,High,open,Aisle 3,A shelf of olive oil bottles fell over,"Ann Lee, a customer",[open] Fix the shelf bracket (Ann Lee),1,');
  await noA11yProblems(page);
  await pageShots(page, SHOTS, 'incidents');

  await page.goto('/back-office');
  await expect(page.getByRole('heading', { name: 'Back Office', level: 1 })).toBeVisible();
  await expect(page.getByTestId('attention-open_incidents')).toContainText('1');
  await expect(page.getByTestId('attention-open_tasks')).toContainText('0');
  await expect(page.getByTestId('attention-low_stock_products')).toContainText('0');
  await expect(page.getByRole('link', { name: 'Business settings' })).toBeVisible();
  await noA11yProblems(page);
  await pageShots(page, SHOTS, 'back-office');

  // Done: the follow-up is ticked and the incident closed; the back office has nothing open.
  await page.goto('/incidents');
  // The box follows the server's answer.
  await page.getByRole('checkbox', { name: /Fix the shelf bracket/ }).click();
  await expect(page.getByRole('checkbox', { name: /Fix the shelf bracket/ })).toBeChecked();
  await page.getByRole('button', { name: 'Close incident' }).click();
  await expect(page.getByText('Incident closed')).toBeVisible();
  await expect(page.getByText('No incidents match.')).toBeVisible();
  await page.goto('/back-office');
  await expect(page.getByTestId('attention-open_incidents')).toContainText('0');

  await page.goto('/settings');
  await expect(page.getByTestId('current-plan')).toContainText('Pro');
  await pageShots(page, SHOTS, 'settings-plan');
});
