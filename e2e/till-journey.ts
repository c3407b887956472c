import { expect, type Browser, type Page } from '@playwright/test';
import { emailedLink } from './mail.ts';

/**
 * The till's journey pieces shared by the end-to-end specs: an owner signs up, seeds a small
 * catalogue, pairs a till and staff sign in on its PIN pad (issue 10); the drawer is opened
 * with a counted float before the first cash sale (issue 12).
 */
export const PASSWORD = 'correct horse battery staple';
export const OWNER_PIN = '135790';
let counter = 0;
export const newEmail = () => `pos-${Date.now()}-${(counter += 1)}@e2e.example`;

export const COFFEE = { name: 'Coffee beans 1kg', barcode: '4006381333931', price: 1250, track_stock: true, initial_stock: 10 };
export const MILK = { name: 'Whole milk', barcode: '5012345678900', price: 240 };
export const CROISSANT = { name: 'Croissant', price: 310 };

/**
 * A new retail business named `business` with its owner assigned, signed in on the dashboard.
 * The sign-up form and the owner step are onboarding.spec.ts's journey; every other journey
 * starts from the same two calls the form makes, through the page's own cookies.
 */
export async function signUpOwner(page: Page, business = 'Corner Deli', email = newEmail()) {
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, business_name: business, full_name: 'Ann Lee', industry: 'retail' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const owner = await page.request.post('/api/business/owner', { data: { full_name: 'Ann Lee', pin: OWNER_PIN } });
  expect(owner.status(), await owner.text()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/**
 * A platform super admin (an address in playwright.config.ts SUPER_ADMIN_EMAILS) signs up, opens
 * the link e-mailed to confirm the address (super admin comes with a verified address only), and
 * has the business owner assigned.
 */
export async function signUpSuperAdmin(page: Page, email: string, business: string, fullName: string) {
  const signUp = await page.request.post('/api/auth/sign-up', { data: { email, password: PASSWORD, business_name: business, full_name: fullName, industry: 'retail' } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await page.goto(await emailedLink(email, /http\S+\/signup-thank-you\?verify=\S+/));
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  const owner = await page.request.post('/api/business/owner', { data: { full_name: fullName, pin: OWNER_PIN } });
  expect(owner.status(), await owner.text()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** The catalogue through the API, as the owner (the page's cookies): 10 % tax, a category, three products. */
export async function seedCatalogue(page: Page) {
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await page.request.post(path, { data });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const { tax_rate: taxRate } = await post<{ tax_rate: { id: string } }>('/api/tax-rates', { name: 'Sales tax', basis_points: 1000 });
  const { category } = await post<{ category: { id: string } }>('/api/categories', { name: 'Bakery', color: '#f59e0b' });
  await post('/api/products', { ...COFFEE, tax_rate_id: taxRate.id });
  await post('/api/products', { ...MILK, tax_rate_id: taxRate.id });
  await post('/api/products', { ...CROISSANT, tax_rate_id: taxRate.id, category_id: category.id });
}

/** A keyboard-wedge scanner: the code typed fast, then Enter. */
/**
 * A keyboard-wedge scan: the code's keys and Enter as one burst of keydown events on the focused
 * element, as a scanner sends them. Dispatched in one task, so their timestamps are microseconds
 * apart however loaded the machine is (typing them through Playwright let a busy renderer stretch
 * the gaps past the detector's limit now and then: issue 11 item 7).
 */
export async function scan(page: Page, code: string) {
  await page.evaluate((keys) => {
    const target = document.activeElement ?? document.body;
    for (const key of keys) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, [...code.split(''), 'Enter']);
}

export const cartLines = (page: Page) => page.getByRole('list', { name: 'Items in this sale' }).getByRole('listitem');
export const cartTotal = (page: Page) => page.getByTestId('cart-total');
export const tile = (page: Page, name: string) => page.getByRole('list', { name: /^Products/ }).getByRole('button', { name: new RegExp(name) });
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products by name, SKU or barcode' });

export async function openTill(page: Page) {
  await signUpOwner(page);
  await seedCatalogue(page);
  await page.goto('/pos');
  await expect(page.getByText('Scan a barcode or tap a product to start a sale.')).toBeVisible();
  await expect(tile(page, CROISSANT.name)).toBeVisible();
}

/** Staff of the shop, added by the owner through the API (the page's cookies), as the employees page does. */
export const CASHIER = { full_name: 'Cara Cash', role: 'cashier', pin: '4321', permissions: { can_process_refunds: false } } as const;
export const MANAGER = { full_name: 'Max Manager', role: 'manager', pin: '8642', permissions: { can_process_refunds: true } } as const;

export async function addStaff(page: Page) {
  const settings = await page.request.patch('/api/business-settings', { data: { enabled_features: { employee_management: true } } });
  expect(settings.status(), await settings.text()).toBe(200);
  for (const employee of [CASHIER, MANAGER]) {
    const added = await page.request.post('/api/employees', { data: employee });
    expect(added.status(), await added.text()).toBe(201);
    const body = (await added.json()) as { employee: { role: string; has_pin: boolean; permissions: { can_process_refunds: boolean } } };
    expect(body.employee).toMatchObject({ role: employee.role, has_pin: true, permissions: { can_process_refunds: employee.permissions.can_process_refunds } });
  }
}

/**
 * The owner pairs a till (issue 10): Settings → Tills → Pair a till shows a one-time code, typed
 * on the new device at /pos-terminal-login. The till is a browser of its own, with no account.
 */
export async function pairTill(owner: Page, browser: Browser): Promise<Page> {
  await owner.goto('/settings');
  await owner.getByRole('button', { name: 'Pair a till' }).click();
  const code = (await owner.getByTestId('pairing-code').textContent())!.trim();
  const context = await browser.newContext({ baseURL: new URL(owner.url()).origin });
  const till = await context.newPage();
  await till.goto('/pos-terminal');
  await expect(till).toHaveURL(/\/pos-terminal-login$/);
  await screenshots(till, 'terminal-login');
  await till.getByLabel('Pairing code').fill(code);
  await till.getByLabel('Name of this till').fill('Front counter');
  await till.getByRole('button', { name: 'Pair this till' }).click();
  await expect(till).toHaveURL(/\/pos-terminal$/);
  await expect(till.getByRole('heading', { name: 'Front counter', level: 1 })).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Paired tills' })).toContainText('Front counter');
  return till;
}

/** The screen at the till's and a phone's size, for a person to look at (/tmp/pos-*.png). */
export async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/pos-${name}-1280.png` });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `/tmp/pos-${name}-390.png` });
  if (size) await page.setViewportSize(size);
}

/** On a till's PIN pad: the employee taps their name, then their PIN, then Sign in; they land on the till. */
export async function signInOnTill(page: Page, name: string, pin: string, landing: RegExp = /\/pos$/) {
  await expect(page.getByRole('heading', { name: 'Who is signing in?' })).toBeVisible();
  await page.getByRole('list', { name: 'Employees' }).getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  const keypad = page.getByRole('group', { name: /keypad$/ });
  for (const digit of pin) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await expect(page.getByTestId('pin-dots')).toHaveAttribute('data-count', String(pin.length));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(landing);
}

export async function openUserMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The stock figure of a product on /products, as the owner sees it: its row's Stock column (Product, SKU, Barcode, Category, Price, Cost, Stock). */
export const stockOnProductsPage = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) }).getByRole('cell').nth(6);


/** The cashier counts the opening float from the till's drawer button (issue 12). */
export async function openDrawer(till: Page, float: string) {
  await till.getByRole('button', { name: 'Cash drawer: closed' }).click();
  await till.getByRole('menuitem', { name: 'Open drawer…' }).click();
  const dialog = till.getByRole('dialog', { name: /^Open the drawer/ });
  await dialog.getByLabel('Opening float').fill(float);
  await dialog.getByRole('button', { name: 'Open drawer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(till.getByRole('button', { name: 'Cash drawer: open' })).toBeVisible();
}
