import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe.ts';

const PASSWORD = 'correct horse battery staple';
let counter = 0;
const newEmail = () => `staff-${Date.now()}-${(counter += 1)}@e2e.example`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Sign up, assign the owner, and land on the dashboard (see onboarding.spec.ts). */
async function signUpOwner(page: Page, business = 'Staff Test Cafe') {
  const email = newEmail();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Business name').fill(business);
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
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return email;
}

/** SPEC §9: employee management and time tracking start switched off. */
async function switchOnStaffFeatures(page: Page) {
  await page.goto('/settings');
  for (const label of ['Employee management', 'Time tracking']) {
    const toggle = page.getByRole('switch', { name: label, exact: true });
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
  }
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
}

async function addEmployee(page: Page, name: string, options: { pin?: string; role?: string } = {}) {
  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add employee' });
  await dialog.getByLabel('Full name').fill(name);
  if (options.role) {
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: options.role }).click();
  }
  if (options.pin) await dialog.getByLabel('PIN (optional)').fill(options.pin);
  await dialog.getByRole('button', { name: 'Add employee' }).click();
  await expect(dialog).toHaveCount(0);
}

const employeeRow = (page: Page, name: string) => page.getByRole('list', { name: 'Employees' }).getByRole('listitem', { name });
const pinDots = (page: Page) => page.getByTestId('pin-dots');
const keypad = (page: Page) => page.getByRole('group', { name: /keypad$/ });
const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('till.employee-session'));

async function pickEmployee(page: Page, name: string) {
  await page.getByRole('list', { name: 'Employees' }).getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
}

/** Types a PIN with the keyboard and presses Enter, waiting for the server's answer. */
async function typePin(page: Page, pin: string) {
  await page.keyboard.type(pin);
  await expect(pinDots(page)).toHaveAttribute('data-count', String(pin.length));
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/employee-sessions') && response.request().method() === 'POST');
  await page.keyboard.press('Enter');
  return answer;
}

/** Moves the fake clock on in steps, with a mouse move after each (someone at the till). */
async function workFor(page: Page, minutes: number, stepMinutes: number, stopWhen?: () => Promise<boolean>) {
  let x = 200;
  for (let done = 0; done < minutes; done += stepMinutes) {
    await page.clock.fastForward(Math.min(stepMinutes, minutes - done) * MINUTE);
    if (stopWhen && (await stopWhen())) return;
    x = x === 200 ? 260 : 200;
    await page.mouse.move(x, 300);
  }
}

async function screenshots(page: Page, name: string) {
  // Toasts come and go; the screen under them is what is looked at.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `/tmp/staff-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing may push the page sideways on a phone.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `/tmp/staff-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A wall time in UTC (the business zone of a new business) for a datetime-local input. */
const utcWallTime = (ms: number) => new Date(ms).toISOString().slice(0, 16);

test('owner adds staff; a cashier signs in with a PIN on a paired till, works a shift, ends it; the owner sees and corrects the hours', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpOwner(page);
  await switchOnStaffFeatures(page);

  await page.goto('/employees');
  await expect(page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible();
  await expect(employeeRow(page, 'Ann Lee')).toContainText('Business owner');

  // the nine admin flags show for admins only
  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add employee' });
  await expect(dialog.getByRole('group', { name: 'Employee permissions' }).getByRole('switch')).toHaveCount(6);
  await expect(dialog.getByRole('group', { name: 'Admin permissions' })).toHaveCount(0);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await expect(dialog.getByRole('group', { name: 'Admin permissions' }).getByRole('switch')).toHaveCount(9);
  await screenshots(page, 'add-employee');
  await dialog.getByLabel('PIN (optional)').fill('12');
  await dialog.getByLabel('Full name').fill('Too Short');
  await dialog.getByRole('button', { name: 'Add employee' }).click();
  await expect(dialog.getByText('A PIN is 4 to 6 digits')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await addEmployee(page, 'Cara Cash', { pin: '4321' });
  await expect(employeeRow(page, 'Cara Cash')).toContainText('Cashier');
  await expect(employeeRow(page, 'Cara Cash')).toContainText('PIN set');
  await expect(page.getByText('4321')).toHaveCount(0);

  // without a PIN: a one-time setup code, shown once
  await addEmployee(page, 'Dan Dough', { role: 'Kitchen' });
  const codeDialog = page.getByRole('dialog', { name: 'Setup code for Dan Dough' });
  await expect(codeDialog).toContainText('Give this to the employee for /employee-setup');
  const code = (await codeDialog.getByTestId('setup-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await codeDialog.getByRole('button', { name: 'Done' }).click();
  await expect(employeeRow(page, 'Dan Dough')).toContainText('Setup code waiting');
  await expect(page.getByText(code)).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'employees');

  // deactivation asks first
  await addEmployee(page, 'Eve Early', { pin: '8642' });
  await page.getByRole('button', { name: 'Deactivate Eve Early' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(employeeRow(page, 'Eve Early')).toContainText('Inactive');

  // the employee chooses a PIN with the code
  await page.goto('/employee-setup');
  await page.getByLabel('Setup code').fill(code.toLowerCase());
  await page.getByLabel('New PIN', { exact: true }).fill('5555');
  await page.getByLabel('New PIN again').fill('5556');
  await page.getByRole('button', { name: 'Set my PIN' }).click();
  await expect(page.getByText('The two PINs are not the same')).toBeVisible();
  await page.getByLabel('New PIN again').fill('5555');
  await page.getByRole('button', { name: 'Set my PIN' }).click();
  await expect(page.getByText('Your PIN is set, Dan Dough.')).toBeVisible();

  // The owner pairs a till; from here the till's clock is Playwright's: it only moves when the test says so.
  const till = await openTerminal(browser, page);
  await expect(till.getByRole('heading', { name: 'Who is signing in?' })).toBeVisible();
  const picker = till.getByRole('list', { name: 'Employees' });
  await expect(picker.getByRole('button', { name: /Eve Early/ })).toHaveCount(0);
  await expect(picker.getByRole('button', { name: /Ann Lee/ })).toBeEnabled(); // the owner chose a PIN at setup
  await pickEmployee(till, 'Cara Cash');
  expect(await seriousA11yViolations(till)).toEqual([]);

  // the touch pad: 64px keys, masked dots, backspace and clear
  for (const digit of ['4', '3', '2', '9']) await keypad(till).getByRole('button', { name: digit, exact: true }).click();
  await expect(pinDots(till)).toHaveAttribute('data-count', '4');
  await screenshots(till, 'pin-pad');
  const box = await keypad(till).getByRole('button', { name: '5', exact: true }).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(64);
  expect(box?.width).toBeGreaterThanOrEqual(64);
  await keypad(till).getByRole('button', { name: 'Delete last digit' }).click();
  await expect(pinDots(till)).toHaveAttribute('data-count', '3');
  await keypad(till).getByRole('button', { name: '1', exact: true }).click();
  await till.getByRole('button', { name: 'Sign in' }).click();

  // Time tracking is on and Cara is not clocked in: the till offers it (issue 10 item 6).
  await expect(till.getByRole('heading', { name: 'Clock in now?' })).toBeVisible();
  await screenshots(till, 'clock-in-offer');
  await till.getByRole('button', { name: 'Clock in', exact: true }).click();
  await expect(till).toHaveURL(/\/pos$/);
  const signedInAt = await till.evaluate(() => Date.now());
  const clockedInAt = signedInAt;
  // the cashier gets the POS-only sidebar
  await expect(till.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'POS System' })).toBeVisible();
  // and the owner's pages stay closed to them
  await till.goto('/employees');
  await expect(till).toHaveURL(/\/dashboard$/);

  await till.goto('/shifts');
  await expect(till.getByRole('heading', { name: 'Time Clock', level: 1 })).toBeVisible();
  await expect(till.locator('[data-clock-state="working"]')).toBeVisible();
  const onShift = till.getByRole('list', { name: 'On shift now' });
  await expect(onShift).toContainText('Cara Cash');
  // the "Clocked in" toast fades first: a toast half-way through its animation is not the page
  await expect(till.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  expect(await seriousA11yViolations(till)).toEqual([]);
  await screenshots(till, 'shifts-employee');

  // a 30 minute break, someone at the till all along
  await till.getByRole('button', { name: 'Start break' }).click();
  await expect(till.locator('[data-clock-state="on_break"]')).toBeVisible();
  await expect(onShift).toContainText('On break');
  await workFor(till, 30, 1);
  await expect(till.getByText(/break (29|30|31) min/)).toBeVisible();
  await till.getByRole('button', { name: 'End break' }).click();
  await expect(till.locator('[data-clock-state="working"]')).toBeVisible();
  await expect(till.getByRole('button', { name: 'Start break' })).toHaveCount(0); // one break per shift

  // SPEC §4: busy or not, a session more than 8 hours old is discarded; the till shows its PIN pad
  const atPinPad = async () => till.url().endsWith('/pos-terminal');
  await workFor(till, 9 * 60, 4, atPinPad);
  await expect(till).toHaveURL(/\/pos-terminal$/);
  expect(await storedSession(till)).toBeNull();
  const age = (await till.evaluate(() => Date.now())) - signedInAt;
  expect(age).toBeGreaterThan(8 * HOUR);
  expect(age).toBeLessThanOrEqual(8 * HOUR + 4 * MINUTE);

  // signing in again (keyboard this time) replaces the token; still clocked in, so straight to the till
  await pickEmployee(till, 'Cara Cash');
  expect((await typePin(till, '4321')).status()).toBe(201);
  await expect(till).toHaveURL(/\/pos$/);
  await till.goto('/shifts');
  await expect(till.locator('[data-clock-state="working"]')).toBeVisible();
  const untilNineThirty = Math.ceil((clockedInAt + 9.5 * HOUR - (await till.evaluate(() => Date.now()))) / MINUTE);
  await workFor(till, untilNineThirty, 4);
  await expect(till.getByText(/^9 h \d\d min worked/)).toBeVisible();

  // End Shift from the user menu, confirmed, back to the PIN pad
  const ended = till.waitForResponse((response) => response.url().endsWith('/api/employee-sessions/end-shift'));
  await till.getByRole('button', { name: 'User menu' }).click();
  await till.getByRole('menuitem', { name: 'End Shift' }).click();
  await till.getByRole('dialog', { name: 'End your shift?' }).getByRole('button', { name: 'End shift' }).click();
  const endShift = (await (await ended).json()) as { ended_sessions: number; time_entry: { clock_in_time: string; total_hours: number; overtime_hours: number } };
  await expect(till).toHaveURL(/\/pos-terminal$/);
  expect(await storedSession(till)).toBeNull();
  expect(endShift.ended_sessions).toBeGreaterThanOrEqual(1);
  const entry = endShift.time_entry;
  await till.context().close();

  // The owner's view. The server stamps punches with its own clock, which Playwright's fake
  // clock does not reach: the shift lasted the test's real run time, and that is what it counts.
  await page.goto('/shifts');
  await expect(page.getByRole('heading', { name: 'Time Clock', level: 1 })).toBeVisible();
  await page.getByLabel('Week of').fill(entry.clock_in_time.slice(0, 10));
  const totals = page.getByTestId('employee-totals').filter({ hasText: 'Cara Cash' });
  await expect(totals).toContainText(`${entry.total_hours.toFixed(2)} h`);
  await expect(totals).toContainText(`${entry.overtime_hours.toFixed(2)} h`);
  expect(entry.overtime_hours).toBe(0);

  // the owner corrects it to 9 h 30 with a 30 minute break: 9.00 h, of which 1.00 h overtime
  const clockOut = Math.floor((Date.now() - 30 * MINUTE) / MINUTE) * MINUTE;
  const clockIn = clockOut - 9.5 * HOUR;
  await page.getByTestId('time-entry').filter({ hasText: 'Cara Cash' }).getByRole('button', { name: /^Correct/ }).click();
  const correct = page.getByRole('dialog', { name: 'Correct Cara Cash’s shift' });
  await correct.getByLabel('Clock in').fill(utcWallTime(clockIn));
  await correct.getByLabel('Break start').fill(utcWallTime(clockIn + 4 * HOUR));
  await correct.getByLabel('Break end').fill(utcWallTime(clockIn + 4.5 * HOUR));
  await correct.getByLabel('Clock out').fill(utcWallTime(clockOut));
  await correct.getByRole('button', { name: 'Save correction' }).click();
  await expect(correct.getByText('Say why the times change')).toBeVisible();
  await correct.getByLabel('Reason').fill('Forgot to clock in at the start of the shift');
  await correct.getByRole('button', { name: 'Save correction' }).click();
  await expect(correct).toHaveCount(0);

  await page.getByLabel('Week of').fill(new Date(clockIn).toISOString().slice(0, 10));
  await expect(totals).toContainText('9.00 h');
  await expect(totals).toContainText('1.00 h');
  const row = page.getByTestId('time-entry').filter({ hasText: 'Cara Cash' });
  await expect(row).toContainText('Corrected');
  await expect(row).toContainText('30 min');
  await screenshots(page, 'shifts-owner');

  // the payroll CSV, fetched with the session and downloaded
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^time-clock-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toContain('Cara Cash');
  expect(csv).toContain(',30,9.00,1.00');
});

/**
 * A till of its own (issue 10): the owner makes a pairing code in Settings → Tills, and a fresh
 * browser with no account types it on /pos-terminal-login. Its clock is Playwright's.
 */
async function openTerminal(browser: Browser, owner: Page) {
  await owner.goto('/settings');
  await owner.getByRole('button', { name: 'Pair a till' }).click();
  const code = (await owner.getByTestId('pairing-code').textContent())!.trim();
  const context = await browser.newContext();
  const till = await context.newPage();
  await till.clock.install();
  await till.goto('/pos-terminal');
  await expect(till).toHaveURL(/\/pos-terminal-login$/);
  await till.getByLabel('Pairing code').fill(code);
  await till.getByRole('button', { name: 'Pair this till' }).click();
  await expect(till).toHaveURL(/\/pos-terminal$/);
  return till;
}

test('five idle minutes end the session on the terminal; activity keeps it', async ({ page, browser }) => {
  await signUpOwner(page, 'Idle Test Shop');
  await switchOnStaffFeatures(page);
  await page.goto('/employees');
  await addEmployee(page, 'Ivy Idle', { pin: '2468' });

  const till = await openTerminal(browser, page);
  await pickEmployee(till, 'Ivy Idle');
  expect((await typePin(till, '2468')).status()).toBe(201);
  // not clocked in: offered, declined; a POS role goes to the till
  await till.getByRole('button', { name: 'Not now' }).click();
  await expect(till).toHaveURL(/\/pos$/);

  // a mouse move each minute keeps the session for ten minutes and more
  await workFor(till, 10, 1);
  await expect(till).toHaveURL(/\/pos$/);
  expect(await storedSession(till)).not.toBeNull();

  // Lock (or Ctrl+Shift+L) only ends this sign-in: the device shows its PIN pad
  await till.keyboard.press('Control+Shift+L');
  await expect(till).toHaveURL(/\/pos-terminal$/);
  expect(await storedSession(till)).toBeNull();
  await pickEmployee(till, 'Ivy Idle');
  expect((await typePin(till, '2468')).status()).toBe(201);
  await till.getByRole('button', { name: 'Not now' }).click();
  await expect(till).toHaveURL(/\/pos$/);

  // five minutes and a second without mouse, key, scroll, touch or click: back to the PIN pad
  await till.clock.fastForward('05:01');
  await expect(till).toHaveURL(/\/pos-terminal$/);
  expect(await storedSession(till)).toBeNull();
  await till.context().close();
});

test('the sixth PIN attempt after five wrong ones is refused even when right', async ({ page, browser }) => {
  await signUpOwner(page, 'Lockout Test Shop');
  await switchOnStaffFeatures(page);
  await page.goto('/employees');
  await addEmployee(page, 'Lou Locked', { pin: '4321' });

  const till = await openTerminal(browser, page);
  await pickEmployee(till, 'Lou Locked');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect((await typePin(till, '1111')).status()).toBe(401);
    await expect(till.getByRole('alert')).toContainText('That PIN is not right. Try again.');
    await expect(pinDots(till)).toHaveAttribute('data-count', '0');
  }
  expect((await typePin(till, '4321')).status()).toBe(429);
  await expect(till.getByRole('alert')).toContainText('PIN sign-in locked');
  await expect(till.getByRole('alert')).toContainText('Too many wrong PINs. Sign-in is locked for 5 minutes.');
  expect(await storedSession(till)).toBeNull();
  await till.context().close();

  // the owner sees the lock on the employee list
  await page.goto('/employees');
  await expect(employeeRow(page, 'Lou Locked')).toContainText('PIN locked until');
});

test('an owner signed in on a device opens the till there: the account is signed out and the device shows its PIN pad', async ({ page, browser }) => {
  const email = await signUpOwner(page, 'Device Test Shop');
  const context = await browser.newContext();
  const device = await context.newPage();
  await device.goto('/employee-login');
  await expect(device.getByRole('heading', { name: 'Employee sign in', level: 1 })).toBeVisible();
  await device.getByLabel('Email or phone').fill(email);
  await device.getByLabel('Password').fill(PASSWORD);
  await device.getByRole('button', { name: 'Sign in' }).click();
  // an account's browser is no till: it offers to become one
  await expect(device.getByText('Employees sign in with their PIN on a paired till.')).toBeVisible();
  expect(await seriousA11yViolations(device)).toEqual([]);
  await device.getByRole('button', { name: 'Open the till on this device' }).click();
  const dialog = device.getByRole('dialog', { name: 'Open the till on this device' });
  await dialog.getByLabel('Name of this till').fill('Back counter');
  await dialog.getByRole('button', { name: 'Open the till' }).click();
  await expect(device).toHaveURL(/\/pos-terminal$/);
  await expect(device.getByRole('heading', { name: 'Back counter', level: 1 })).toBeVisible();
  await expect(device.getByRole('heading', { name: 'Who is signing in?' })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name.startsWith('better-auth'))).toBe(false);
  // after the "now the till" toast has gone (screenshots waits for it): a fading toast is not the page
  await screenshots(device, 'till-pin-pad');
  expect(await seriousA11yViolations(device)).toEqual([]);

  // every sign-in page of a till is its PIN pad, and the back office is not there
  for (const path of ['/back-office-login', '/employee-login', '/pos-terminal-login', '/dashboard', '/settings']) {
    await device.goto(path);
    await expect(device, path).toHaveURL(/\/pos-terminal$/);
  }

  // the owner sees it in Settings → Tills and unpairs it; the device is a plain browser again
  await page.goto('/settings');
  const tills = page.getByRole('list', { name: 'Paired tills' });
  await expect(tills).toContainText('Back counter');
  await screenshots(page, 'settings-tills');
  await tills.getByRole('button', { name: 'Unpair' }).click();
  await tills.getByRole('button', { name: 'Unpair Back counter' }).click();
  await expect(page.getByText('No till is paired yet.')).toBeVisible();
  await device.goto('/pos-terminal');
  await expect(device).toHaveURL(/\/pos-terminal-login$/);
  await context.close();
});
