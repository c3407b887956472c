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

test('owner adds staff; a cashier signs in with a PIN, works a shift, ends it; the owner sees and corrects the hours', async ({ page }) => {
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

  // From here the browser's clock is Playwright's: it only moves when the test says so.
  await page.clock.install();
  await page.goto('/employee-login');
  await expect(page.getByRole('heading', { name: 'Who is signing in?' })).toBeVisible();
  const picker = page.getByRole('list', { name: 'Employees' });
  await expect(picker.getByRole('button', { name: /Eve Early/ })).toHaveCount(0);
  await expect(picker.getByRole('button', { name: /Ann Lee/ })).toBeDisabled(); // the owner has no PIN yet
  await pickEmployee(page, 'Cara Cash');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // the touch pad: 64px keys, masked dots, backspace and clear
  for (const digit of ['4', '3', '2', '9']) await keypad(page).getByRole('button', { name: digit, exact: true }).click();
  await expect(pinDots(page)).toHaveAttribute('data-count', '4');
  await screenshots(page, 'pin-pad');
  const box = await keypad(page).getByRole('button', { name: '5', exact: true }).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(64);
  expect(box?.width).toBeGreaterThanOrEqual(64);
  await keypad(page).getByRole('button', { name: 'Delete last digit' }).click();
  await expect(pinDots(page)).toHaveAttribute('data-count', '3');
  await keypad(page).getByRole('button', { name: '1', exact: true }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Cara Cash.')).toBeVisible();
  const signedInAt = await page.evaluate(() => Date.now());
  // the cashier gets the POS-only sidebar
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'POS System' })).toBeVisible();
  // and the owner's pages stay closed to them
  await page.goto('/employees');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/shifts');
  await expect(page.getByRole('heading', { name: 'Time Clock', level: 1 })).toBeVisible();
  await expect(page.getByText('You are not clocked in.')).toBeVisible();
  await page.getByRole('button', { name: 'Clock in' }).click();
  await expect(page.locator('[data-clock-state="working"]')).toBeVisible();
  const clockedInAt = await page.evaluate(() => Date.now());
  const onShift = page.getByRole('list', { name: 'On shift now' });
  await expect(onShift).toContainText('Cara Cash');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshots(page, 'shifts-employee');

  // a 30 minute break, someone at the till all along
  await page.getByRole('button', { name: 'Start break' }).click();
  await expect(page.locator('[data-clock-state="on_break"]')).toBeVisible();
  await expect(onShift).toContainText('On break');
  await workFor(page, 30, 1);
  await expect(page.getByText(/break (29|30|31) min/)).toBeVisible();
  await page.getByRole('button', { name: 'End break' }).click();
  await expect(page.locator('[data-clock-state="working"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start break' })).toHaveCount(0); // one break per shift

  // SPEC §4: busy or not, a session more than 8 hours old is discarded
  const atLogin = async () => page.url().endsWith('/employee-login');
  await workFor(page, 9 * 60, 4, atLogin);
  await expect(page).toHaveURL(/\/employee-login$/);
  expect(await storedSession(page)).toBeNull();
  const age = (await page.evaluate(() => Date.now())) - signedInAt;
  expect(age).toBeGreaterThan(8 * HOUR);
  expect(age).toBeLessThanOrEqual(8 * HOUR + 4 * MINUTE);

  // signing in again (keyboard this time) replaces the token; work on to 9 h 30 after clock-in
  await pickEmployee(page, 'Cara Cash');
  expect((await typePin(page, '4321')).status()).toBe(201);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/shifts');
  await expect(page.locator('[data-clock-state="working"]')).toBeVisible();
  const untilNineThirty = Math.ceil((clockedInAt + 9.5 * HOUR - (await page.evaluate(() => Date.now()))) / MINUTE);
  await workFor(page, untilNineThirty, 4);
  await expect(page.getByText(/^9 h \d\d min worked/)).toBeVisible();

  // End Shift from the user menu
  const ended = page.waitForResponse((response) => response.url().endsWith('/api/employee-sessions/end-shift'));
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'End Shift' }).click();
  const endShift = (await (await ended).json()) as { ended_sessions: number; time_entry: { clock_in_time: string; total_hours: number; overtime_hours: number } };
  await expect(page).toHaveURL(/\/employee-login$/);
  expect(await storedSession(page)).toBeNull();
  expect(endShift.ended_sessions).toBeGreaterThanOrEqual(1);
  const entry = endShift.time_entry;

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

/** A till of its own: a fresh browser with no account, signed in on /pos-terminal-login. */
async function openTerminal(browser: Browser, email: string) {
  const context = await browser.newContext();
  const till = await context.newPage();
  await till.clock.install();
  await till.goto('/pos-terminal');
  await till.getByRole('link', { name: 'Terminal login' }).click();
  await expect(till).toHaveURL(/\/pos-terminal-login$/);
  await till.getByLabel('Email or phone').fill(email);
  await till.getByLabel('Password').fill(PASSWORD);
  await till.getByRole('button', { name: 'Sign in' }).click();
  await expect(till).toHaveURL(/\/pos-terminal$/);
  return till;
}

test('five idle minutes end the session on the terminal; activity keeps it', async ({ page, browser }) => {
  const email = await signUpOwner(page, 'Idle Test Shop');
  await switchOnStaffFeatures(page);
  await page.goto('/employees');
  await addEmployee(page, 'Ivy Idle', { pin: '2468' });

  const till = await openTerminal(browser, email);
  await pickEmployee(till, 'Ivy Idle');
  expect((await typePin(till, '2468')).status()).toBe(201);
  // a POS role from the terminal goes to the POS
  await expect(till).toHaveURL(/\/employee-pos$/);

  // a mouse move each minute keeps the session for ten minutes and more
  await workFor(till, 10, 1);
  await expect(till).toHaveURL(/\/employee-pos$/);
  expect(await storedSession(till)).not.toBeNull();

  // plain logout ("Switch employee") only clears this device's session
  await till.goto('/pos-terminal');
  await expect(till.getByRole('heading', { name: 'Ivy Idle is signed in' })).toBeVisible();
  await till.getByRole('button', { name: 'Switch employee' }).click();
  expect(await storedSession(till)).toBeNull();
  await pickEmployee(till, 'Ivy Idle');
  expect((await typePin(till, '2468')).status()).toBe(201);
  await expect(till).toHaveURL(/\/employee-pos$/);

  // five minutes and a second without mouse, key, scroll, touch or click: signed out
  await till.clock.fastForward('05:01');
  await expect(till).toHaveURL(/\/employee-login$/);
  expect(await storedSession(till)).toBeNull();
  await till.context().close();
});

test('the sixth PIN attempt after five wrong ones is refused even when right', async ({ page }) => {
  await signUpOwner(page, 'Lockout Test Shop');
  await switchOnStaffFeatures(page);
  await page.goto('/employees');
  await addEmployee(page, 'Lou Locked', { pin: '4321' });

  await page.goto('/employee-login');
  await pickEmployee(page, 'Lou Locked');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect((await typePin(page, '1111')).status()).toBe(401);
    await expect(page.getByRole('alert')).toContainText('That PIN is not right. Try again.');
    await expect(pinDots(page)).toHaveAttribute('data-count', '0');
  }
  expect((await typePin(page, '4321')).status()).toBe(429);
  await expect(page.getByRole('alert')).toContainText('PIN sign-in locked');
  await expect(page.getByRole('alert')).toContainText('Too many wrong PINs. Sign-in is locked for 5 minutes.');
  expect(await storedSession(page)).toBeNull();

  // the owner sees the lock on the employee list
  await page.goto('/employees');
  await expect(employeeRow(page, 'Lou Locked')).toContainText('PIN locked until');
});

test('without an account on the device the employee pages show the account sign-in, then the name picker', async ({ page, browser }) => {
  const email = await signUpOwner(page, 'Device Test Shop');
  const context = await browser.newContext();
  const device = await context.newPage();
  await device.goto('/employee-login');
  await expect(device.getByRole('heading', { name: 'Employee sign in', level: 1 })).toBeVisible();
  await device.getByLabel('Email or phone').fill(email);
  await device.getByLabel('Password').fill(PASSWORD);
  await device.getByRole('button', { name: 'Sign in' }).click();
  // signed in, the device stays here and offers the employees
  await expect(device).toHaveURL(/\/employee-login$/);
  await expect(device.getByRole('heading', { name: 'Who is signing in?' })).toBeVisible();
  await expect(device.getByText('No PIN yet?')).toBeVisible();

  await device.goto('/back-office-login');
  await expect(device.getByRole('heading', { name: 'Back office sign in', level: 1 })).toBeVisible();
  await expect(device.getByRole('heading', { name: 'Who is signing in?' })).toBeVisible();
  expect(await seriousA11yViolations(device)).toEqual([]);

  // a signed-in terminal goes straight on from /pos-terminal-login
  await device.goto('/pos-terminal-login');
  await expect(device).toHaveURL(/\/pos-terminal$/);
  await context.close();
});
