import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFakeDns, type FakeDns } from '../apps/server/test/fake-dns.ts';
import { startFakeOidc, type FakeOidc } from '../apps/server/test/fake-oidc.ts';
import { seriousA11yViolations } from './axe.ts';
import { signUpOwner } from './till-journey.ts';

/**
 * A business's own single sign-on (decision 068), through a real OpenID provider on loopback
 * (apps/server/test/fake-oidc.ts) and a DNS server on loopback for the domain proof
 * (apps/server/test/fake-dns.ts). Its own server: with a business provider the sign-in page shows
 * "Sign in with SSO", which other journeys' "Sign in" button lookups would also match.
 */
const PORT = Number(process.env.E2E_PORT ?? 4317) + 60;
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'till-e2e-sso-'));
const SHOTS = '.tmp/screens/sso';

test.use({ baseURL: `http://localhost:${PORT}` });

let server: ChildProcess | null = null;
let oidc: FakeOidc;
let dns: FakeDns;

test.beforeAll(async () => {
  oidc = await startFakeOidc({ clientId: 'corner-till', clientSecret: 'corner-secret', port: PORT + 1 });
  dns = await startFakeDns();
  server = spawn(process.execPath, ['e2e/serve.mjs'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'error', SIGN_UP_LIMIT_PER_HOUR: '100000', SSO_ALLOW_LOOPBACK: 'true', SSO_DNS_SERVERS: dns.server },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 960; attempt += 1) {
    try {
      if ((await fetch(`http://localhost:${PORT}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the SSO e2e server did not start');
});

test.afterAll(async () => {
  const child = server;
  server = null;
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
  await oidc?.close();
  await dns?.close();
});

async function shots(page: Page, target: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // The toasts fade (a few seconds) so that they do not cover what is shown.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await target.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await target.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an owner sets up their company sign-in; a colleague signs in with their work e-mail and joins as a cashier', async ({ page }) => {
  test.setTimeout(240_000);
  // The owner signs up with an address of the company's domain.
  await signUpOwner(page, 'Corner SSO', 'ann@corner.example');

  // Settings: the provider, its domain, and the DNS record that proves the domain.
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Single sign-on' });
  await expect(card.getByText('Redirect URI:')).toContainText(`http://localhost:${PORT}/api/auth/sso/callback`);
  await card.getByLabel('Name on the sign-in page').fill('Corner ID');
  await card.getByLabel('E-mail domains').fill('corner.example');
  await card.getByLabel('Issuer URL').fill(oidc.issuer);
  await card.getByLabel('Client ID').fill('corner-till');
  await card.getByLabel('Client secret').fill('corner-secret');
  // Saved before the record exists: the card says which record to add.
  await card.getByRole('button', { name: 'Turn on single sign-on' }).click();
  await expect(card.getByText('This domain is not proven yet')).toBeVisible();
  const proof = card.getByRole('alert').filter({ hasText: 'not proven' });
  const record = /record (\S+) with the value (\S+)\./.exec((await proof.textContent()) ?? '');
  expect(record?.[1]).toBe('_till-sso.corner.example');
  dns.setTxt(record![1]!, [record![2]!]);
  await card.getByRole('button', { name: 'Turn on single sign-on' }).click();
  await expect(card.getByText('People at corner.example sign in with Corner ID.')).toBeVisible();
  await expect(card.getByText('_till-sso.corner.example', { exact: true })).toBeVisible();
  await expect(card.getByLabel('Client secret')).toHaveAttribute('placeholder', 'Saved — type to replace');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shots(page, card, 'settings-card');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // A colleague: "Sign in with SSO", their work e-mail, the company's provider, back signed in.
  oidc.signInAs({ sub: 'corner-emp-7', email: 'maya@corner.example', email_verified: true, name: 'Maya Corner' });
  await page.getByRole('button', { name: 'Sign in with SSO', exact: true }).click();
  const entry = page.getByRole('group', { name: 'Single sign-on' });
  await entry.getByLabel('Work e-mail').fill('maya@gmail');
  await entry.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(entry.getByText('Enter your work e-mail address')).toBeVisible();
  await entry.getByLabel('Work e-mail').fill('maya@corner.example');
  await expect(entry.getByText('Enter your work e-mail address')).toBeHidden();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shots(page, page.locator('main, [role="main"], body').first(), 'sign-in-sso');
  await entry.getByRole('button', { name: 'Continue with SSO' }).click();
  // Decision 068: she joined the business as a cashier; with no employee session the account goes to the PIN sign-in (SPEC §6 guard).
  await expect(page).toHaveURL(/\/employee-login/);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user.email).toBe('maya@corner.example');
  expect(me.is_business_owner).toBe(false);
  const identities = await (await page.request.get('/api/auth/identities')).json();
  expect(identities.identities.map((identity: { provider: string; provider_name: string | null }) => [identity.provider, identity.provider_name])).toEqual([
    ['email', null],
    ['sso', 'Corner ID'],
  ]);

  // Someone at another domain is told the company has no single sign-on here.
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with SSO', exact: true }).click();
  await page.getByLabel('Work e-mail').fill('sam@elsewhere.example');
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByText('Single sign-on is not set up for this e-mail domain')).toBeVisible();

  // The owner signs in through the company's provider too: her account (same business, an address the provider vouches for) is linked.
  oidc.signInAs({ sub: 'corner-owner', email: 'ann@corner.example', email_verified: true, name: 'Ann Lee' });
  await page.getByLabel('Work e-mail').fill('ann@corner.example');
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/settings');
  const account = page.getByRole('region', { name: 'Your account' });
  const ways = account.getByRole('list', { name: 'Sign-in ways' });
  await expect(ways.getByText('Corner ID')).toBeVisible();
  await expect(ways.getByText(/^Linked /)).toBeVisible();
  await shots(page, ways, 'account-identities');
});
